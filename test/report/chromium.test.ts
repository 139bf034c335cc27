/**
 * Opens the sample report in Debian's headless Chromium. Chromium is a setup requirement, not an
 * option: when it is missing this test fails and says how to install it.
 */
import { mkdtempSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../lib/redact.ts';
import { findChromium, renderInChromium } from '../../lib/process/chromium.ts';
import { writeReportFiles } from '../../lib/report/write.ts';
import { REPRO_PATH, REPRO_SCRIPT, SECRET_KEY, sampleSummary } from './sample-summary.ts';

/** The sample report and its screenshot, in a temporary folder: tests never write to reports/. */
const SELFTEST_DIR = mkdtempSync(path.join(tmpdir(), 'report-selftest-'));

describe('report.html in headless Chromium', () => {
  it('should render without console errors, show the verdict and draw every chart', async () => {
    findChromium();
    await mkdir(path.join(SELFTEST_DIR, 'repro'), { recursive: true });
    const redact = createRedactor([SECRET_KEY]);
    // As a runner writes it: through the redactor, so the kept files hold no key either.
    await writeFile(path.join(SELFTEST_DIR, REPRO_PATH), redact(REPRO_SCRIPT));
    const written = await writeReportFiles(sampleSummary(), SELFTEST_DIR, redact);

    const rendered = await renderInChromium(written.html, path.join(SELFTEST_DIR, 'screenshot.png'));

    expect(rendered.consoleErrors).toEqual([]);
    expect(rendered.outsideRequests).toEqual([]);
    expect(rendered.verdict).toBe('FAIL');
    expect(rendered.canvases.map((canvas) => canvas.chart)).toEqual([
      'chart-rate429',
      'chart-latency-time',
      'chart-rate-time',
      'chart-depth',
      'chart-capacity',
    ]);
    for (const canvas of rendered.canvases) {
      expect(canvas.width, canvas.chart).toBeGreaterThan(300);
      expect(canvas.height, canvas.chart).toBeGreaterThan(100);
    }
  }, 60_000);
});
