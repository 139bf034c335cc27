/**
 * Every command's run, set up one way: its id and start time, its folder under the reports folder
 * (`<reports>/<run-id>/`, removed again when the work throws: an error run leaves nothing behind),
 * and at the end its three reports, `latest`, `latest-<command>` and the runs index
 * (lib/report/write.ts). The gate, props, load, capacity and repro all run through it.
 */
import path from 'node:path';
import { inRunDir } from '../adapters/node-run-dir.ts';
import { DEFAULT_REPORTS_DIR } from '../paths.ts';
import type { Redactor } from '../redact.ts';
import { makeRunId } from './build.ts';
import type { Summary } from './model.ts';
import { writeReportFiles, writeRunReport, type ReportPaths } from './write.ts';

export interface RunFolder {
  runId: string;
  /** Absolute. */
  runDir: string;
  started: Date;
}

export interface RunSetup {
  command: Summary['command'];
  /** @default DEFAULT_REPORTS_DIR */
  reportsDir?: string;
  /** A folder of the caller's instead of `<reports>/<run-id>` (tests): no latest, no index. */
  runDir?: string;
  /** When the command started, if before its run (opening a target, say). @default now */
  started?: Date;
}

/** The reports' paths, and `latest` and the index when the run is one of the reports folder's. */
export type RunPaths = ReportPaths & { latest?: string; index?: string };

/**
 * Runs `work` in a new run's folder; `work` returns its stages' results with the summary built
 * from them (buildSummary) and says which redactor the reports pass through. Returns what `work`
 * returned (but the redactor) and where the reports went.
 */
export async function withRun<T extends { summary: Summary; redact: Redactor }>(
  setup: RunSetup,
  work: (run: RunFolder) => Promise<T>,
): Promise<Omit<T, 'redact'> & { paths: RunPaths }> {
  const started = setup.started ?? new Date();
  const runId = makeRunId(setup.command, started);
  const reportsDir = path.resolve(setup.reportsDir ?? DEFAULT_REPORTS_DIR);
  const runDir = path.resolve(setup.runDir ?? path.join(reportsDir, runId));
  return inRunDir(runDir, async () => {
    const { redact, ...done } = await work({ runId, runDir, started });
    const paths: RunPaths = setup.runDir
      ? await writeReportFiles(done.summary, runDir, redact)
      : await writeRunReport(done.summary, { redact, reportsDir, runDir });
    return { ...done, paths };
  });
}
