/**
 * Opens a report in Debian's headless Chromium (driven by playwright-core) to prove it renders:
 * console errors, the verdict text, the size of every chart canvas, and a screenshot.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { HarnessError } from '../errors.ts';

const CHROMIUM_PATH = '/usr/bin/chromium';
const installHint = (missing: string) =>
  `Chromium not found at ${missing}: install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu), ` +
  'or set CHROMIUM_BIN to a Chromium binary';

/** Flags for a quiet, offline, throwaway browser: no GPU, no sandbox (containers), no phoning home. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function findChromium(): string {
  const candidate = process.env.CHROMIUM_BIN || CHROMIUM_PATH;
  if (!existsSync(candidate)) throw new HarnessError(installHint(candidate));
  return candidate;
}

export interface RenderedReport {
  consoleErrors: string[];
  verdict: string;
  /** Width and height in CSS pixels of each chart canvas, by chart element id. */
  canvases: { chart: string; width: number; height: number }[];
  /** Requests the page tried to make to anything but its own file. */
  outsideRequests: string[];
}

async function canvasSizes(page: Page): Promise<RenderedReport['canvases']> {
  const sizes: RenderedReport['canvases'] = [];
  for (const chart of await page.locator('.chart').all()) {
    const canvas = chart.locator('canvas').first();
    const box = (await canvas.count()) > 0 ? await canvas.boundingBox({ timeout: 5_000 }) : null;
    sizes.push({
      chart: (await chart.getAttribute('id')) ?? '',
      width: box?.width ?? 0,
      height: box?.height ?? 0,
    });
  }
  return sizes;
}

/** Loads `htmlPath`, waits for the charts to be drawn, and writes a full-page screenshot. */
export async function renderInChromium(htmlPath: string, screenshotPath: string): Promise<RenderedReport> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'report-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1280, height: 900 },
    timeout: 30_000,
  });
  try {
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    const outsideRequests: string[] = [];
    const url = pathToFileURL(path.resolve(htmlPath)).href;
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    page.on('request', (request) => {
      if (request.url() !== url) outsideRequests.push(request.url());
    });
    await page.goto(url, { waitUntil: 'load', timeout: 20_000 });
    await page.waitForSelector('body[data-charts="ready"]', { timeout: 10_000 });
    const verdict = (await page.textContent('#verdict', { timeout: 5_000 })) ?? '';
    const canvases = await canvasSizes(page);
    await page.screenshot({ path: screenshotPath, fullPage: true, timeout: 20_000 });
    return { consoleErrors, verdict: verdict.trim(), canvases, outsideRequests };
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}
