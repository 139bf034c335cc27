/**
 * Writes a run's reports: `reports/<run-id>/summary.json`, `junit.xml` and `report.html`, then
 * points `reports/latest` and `reports/latest-<command>` at that directory and lists the run in
 * `reports/index.html` (lib/report/runs-index.ts). Everything passes through the redactor first.
 */
import { mkdir, readFile, rename, rm, symlink, cp, lstat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { DEFAULT_REPORTS_DIR } from '../paths.ts';
import { redactDeep, type Redactor } from '../redact.ts';
import type { Summary } from './model.ts';
import { validateSummary } from './validate.ts';
import { renderReportHtml } from './html.ts';
import { renderJunit } from './junit.ts';
import { recordRun } from './runs-index.ts';

/** A reproduction larger than this is linked, not shown inline. */
const MAX_INLINE_REPRODUCTION_BYTES = 64 * 1024;

export interface ReportPaths {
  runDir: string;
  summary: string;
  junit: string;
  html: string;
}

async function loadUplotAssets(): Promise<{ uplotJs: string; uplotCss: string }> {
  const dist = path.dirname(fileURLToPath(import.meta.resolve('uplot/dist/uPlot.iife.min.js')));
  const [uplotJs, uplotCss] = await Promise.all([
    readFile(path.join(dist, 'uPlot.iife.min.js'), 'utf8'),
    readFile(path.join(dist, 'uPlot.min.css'), 'utf8'),
  ]);
  return { uplotJs, uplotCss };
}

async function readReproductions(summary: Summary, runDir: string): Promise<Record<string, string>> {
  const contents: Record<string, string> = {};
  for (const file of summary.checks.flatMap((check) => check.reproduction ?? [])) {
    const text = await readFile(path.join(runDir, file), 'utf8').catch(() => undefined);
    if (text !== undefined && Buffer.byteLength(text) <= MAX_INLINE_REPRODUCTION_BYTES) contents[file] = text;
  }
  return contents;
}

/** Throws when the summary breaks its schema: that is a bug in the runner that built it. */
function checkedSummary(summary: Summary, redact: Redactor): Summary {
  const result = validateSummary(redactDeep(summary, redact));
  if (!result.ok)
    throw new Error(`summary of run ${summary.runId} is invalid: ${result.problems.join('; ')}`);
  return result.summary;
}

/** Writes the three reports into `runDir` (reproduction files are read from there too). */
export async function writeReportFiles(
  summary: Summary,
  runDir: string,
  redact: Redactor,
): Promise<ReportPaths & { written: Summary }> {
  const clean = checkedSummary(summary, redact);
  await mkdir(runDir, { recursive: true });
  const paths: ReportPaths = {
    runDir,
    summary: path.join(runDir, 'summary.json'),
    junit: path.join(runDir, 'junit.xml'),
    html: path.join(runDir, 'report.html'),
  };
  const assets = await loadUplotAssets();
  const reproductions = await readReproductions(clean, runDir);
  const html = renderReportHtml(clean, { ...assets, redact, reproductions });
  await Promise.all([
    writeFile(paths.summary, redact(`${JSON.stringify(clean, null, 2)}\n`)),
    writeFile(paths.junit, renderJunit(clean, redact)),
    writeFile(paths.html, html),
  ]);
  return { ...paths, written: clean };
}

/** `reports/<name>` → the run directory: a relative symlink swapped in atomically, or a copy. */
async function updateLatest(reportsDir: string, runDir: string, name: string): Promise<string> {
  const latest = path.join(reportsDir, name);
  const existing = await lstat(latest).catch(() => undefined);
  if (existing && !existing.isSymbolicLink()) await rm(latest, { recursive: true, force: true });
  const staging = `${latest}.${process.pid}.tmp`;
  try {
    await symlink(path.relative(reportsDir, runDir), staging, 'dir');
    await rename(staging, latest);
  } catch {
    // No symlinks here (some Windows setups, some mounts): a copy serves the same readers.
    await rm(staging, { force: true });
    await rm(latest, { recursive: true, force: true });
    await cp(runDir, latest, { recursive: true });
  }
  return latest;
}

export interface RunReportOptions {
  redact: Redactor;
  /** @default DEFAULT_REPORTS_DIR (lib/paths.ts) */
  reportsDir?: string;
  /** @default reportsDir/<run-id> */
  runDir?: string;
}

/**
 * Writes `reports/<run-id>/`, updates `reports/latest` and `reports/latest-<command>`, and lists
 * the run in `reports/index.html`; returns where everything went.
 */
export async function writeRunReport(
  summary: Summary,
  options: RunReportOptions,
): Promise<ReportPaths & { latest: string; index?: string }> {
  const reportsDir = options.reportsDir ?? DEFAULT_REPORTS_DIR;
  const runDir = options.runDir ?? path.join(reportsDir, summary.runId);
  const { written, ...paths } = await writeReportFiles(summary, runDir, options.redact);
  const latest = await updateLatest(reportsDir, paths.runDir, 'latest');
  await updateLatest(reportsDir, paths.runDir, `latest-${summary.command}`);
  // A run folder elsewhere (a test's temporary directory) is not one of the reports folder's runs.
  const listed = path.resolve(path.dirname(paths.runDir)) === path.resolve(reportsDir);
  return { ...paths, latest, ...(listed ? { index: await recordRun(reportsDir, written) } : {}) };
}
