/**
 * The lines every command prints the same way: what it runs against, first; then, last, its
 * verdict and where its report is, so a user (or a CI log reader) finds both at the end of any
 * command's output.
 */
import path from 'node:path';

/** What the target line shows of a run's target (summary.json's `target`, lib/report/model.ts). */
export interface RunTarget {
  name: string;
  baseUrl: string;
  kind: 'sandbox' | 'remote';
  faults?: readonly string[];
}

/** A path as a user types it: relative to the working directory when inside it, else absolute. */
export function shownPath(file: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, path.resolve(cwd, file));
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative)
    ? path.resolve(cwd, file)
    : relative;
}

/**
 * One line for each stage that could not be judged (`INCONCLUSIVE`: a reason on the user's side,
 * saying what to do) or that the harness failed in (`ERROR`: an internal error), and why.
 */
export const stageErrorLines = (summary: {
  stages: readonly { name: string; verdict: string; reason?: string }[];
}): string[] =>
  summary.stages
    .filter((stage) => stage.verdict === 'inconclusive' || stage.verdict === 'error')
    .map((stage) =>
      stage.verdict === 'inconclusive'
        ? `INCONCLUSIVE ${stage.name} stage could not be judged: ${stage.reason ?? ''}`
        : `ERROR ${stage.name} stage failed in the harness: ${stage.reason ?? ''}`,
    );

/**
 * Every command's verdict, on its own line just before the report line: `verdict
 * PASS|FAIL|INCONCLUSIVE`, and how many checks were skipped when some were (a pass with checks
 * that judged nothing says so).
 */
export function verdictLine(summary: { verdict: string; checks?: readonly { verdict: string }[] }): string {
  const checks = summary.checks ?? [];
  const skipped = checks.filter((check) => check.verdict === 'skipped').length;
  const verdict = `verdict ${summary.verdict.toUpperCase()}`;
  return skipped === 0
    ? verdict
    : `${verdict}, ${skipped} of ${checks.length} checks skipped (why: in the report)`;
}

/** The last line of every command that writes a report: `report: reports/<run-id>/report.html`. */
export const reportLine = (file: string, cwd = process.cwd()): string => `report: ${shownPath(file, cwd)}`;

/**
 * `target: staging (https://…/api/v1)`, or for a sandbox the harness started
 * `target: sandbox (http://127.0.0.1:…/api/v1), faults: a, b` (or `, no faults`).
 */
export function targetLine(target: RunTarget): string {
  const where = `${target.name} (${target.baseUrl})`;
  if (target.kind !== 'sandbox') return `target: ${where}`;
  const kind = target.name === 'sandbox' ? '' : ', a sandbox';
  const faults = target.faults?.length ? `faults: ${target.faults.join(', ')}` : 'no faults';
  return `target: ${where}${kind}, ${faults}`;
}
