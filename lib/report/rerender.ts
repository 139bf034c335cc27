/**
 * `npm run report`'s work: render report.html and junit.xml from a run's summary.json (any
 * command's run: gate, load, capacity, repro), optionally compared with a baseline run, into a
 * new folder. A run folder, once written, is a record: nothing here writes into it. Nothing is
 * re-run, and nothing adds a key: the summary on disk was redacted when its run wrote it.
 */
import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { HarnessError } from '../errors.ts';
import { DEFAULT_REPORTS_DIR } from '../paths.ts';
import {
  compareWithBaseline,
  sameCommandBaseline,
  uncomparedLatencyRows,
  withBaseline,
  type BaselineMargins,
} from './baseline.ts';
import { compactTime } from './build.ts';
import type { Regression, Summary } from './model.ts';
import { readSummaryFile, summaryPath } from './read.ts';
import { writeReportFiles, type ReportPaths } from './write.ts';

export interface RenderRequest {
  /** The run: its folder or its summary.json. */
  from: string;
  /** Renders go to `<reportsDir>/renders/<render time>-<run-id>/`. @default DEFAULT_REPORTS_DIR (lib/paths.ts) */
  reportsDir?: string;
  baseline?: { file: string; margins: BaselineMargins };
  /** @default now */
  now?: Date;
}

export interface Rendered {
  /** The summary as rendered: the run's, with the comparison when there was a baseline. */
  summary: Summary;
  paths: ReportPaths;
  regressions: Regression[];
  /** Latency rows the baseline has no like row for (lib/report/baseline.ts): not compared. */
  uncompared: number;
}

/**
 * A folder no one else has: created exclusively, so a render never goes over another. Two renders
 * of one run within a second (a script's loop) get `-2`, `-3`, ... after the first's name.
 */
async function newFolder(base: string): Promise<string> {
  await mkdir(path.dirname(base), { recursive: true });
  for (let n = 1; n <= 1000; n += 1) {
    const dir = n === 1 ? base : `${base}-${n}`;
    const made = await mkdir(dir).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'EEXIST') return false;
        throw error;
      },
    );
    if (made) return dir;
  }
  throw new HarnessError(
    `${base}: 1000 renders of this run in one second; render into another --reports-dir`,
  );
}

/** The run's reproductions, so the render's links to them resolve; nothing else is copied. */
async function copyReproductions(summary: Summary, from: string, to: string): Promise<void> {
  for (const file of new Set(summary.checks.flatMap((check) => check.reproduction ?? [])))
    await cp(path.join(from, file), path.join(to, file)).catch(() => undefined);
}

export async function rerenderReport(request: RenderRequest): Promise<Rendered> {
  const runDir = path.dirname(summaryPath(request.from));
  let summary = await readSummaryFile(request.from, 'summary');
  let uncompared = 0;
  if (request.baseline) {
    const { file, margins } = request.baseline;
    const earlier = sameCommandBaseline(summary.command, await readSummaryFile(file, 'baseline'), file);
    summary = withBaseline(summary, file, compareWithBaseline(summary, earlier, margins));
    uncompared = uncomparedLatencyRows(summary, earlier);
  }
  const stamp = compactTime(request.now ?? new Date());
  const renders = path.join(request.reportsDir ?? DEFAULT_REPORTS_DIR, 'renders');
  const out = await newFolder(path.join(renders, `${stamp}-${summary.runId}`));
  await copyReproductions(summary, runDir, out);
  const {
    runDir: written,
    summary: file,
    junit,
    html,
  } = await writeReportFiles(summary, out, (text) => text);
  return {
    summary,
    paths: { runDir: written, summary: file, junit, html },
    regressions: summary.baseline?.regressions ?? [],
    uncompared,
  };
}
