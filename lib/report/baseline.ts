/**
 * Compares a run with an earlier one (`--baseline PATH`): regressions are data, one per latency
 * percentile that rose, 429 onset that came earlier, or check that passed and now fails.
 */
import type { Capacity, LatencyRow, Regression, Summary } from './model.ts';
import { HarnessError } from '../errors.ts';
import { judgedVerdict } from './build.ts';

export interface BaselineMargins {
  /** Allowed relative rise of a p95 (0.2 = +20 %). @default 0.2 */
  p95: number;
  /** Allowed relative rise of a p99. @default 0.2 */
  p99: number;
  /** Allowed relative drop of the arrival rate at which 429s start. @default 0.2 */
  onset429: number;
  /** A latency rise smaller than this many ms is noise, whatever its ratio. @default 5 */
  minDeltaMs: number;
}

export const DEFAULT_MARGINS: BaselineMargins = { p95: 0.2, p99: 0.2, onset429: 0.2, minDeltaMs: 5 };

const percent = (fraction: number) => `${Math.round(fraction * 100)} %`;
/**
 * Like with like: a row is compared only with the baseline's row of the same stage (one load of
 * the run, or the whole run), the same load (scenario, profile, schedule), endpoint and tenant.
 */
const latencyKey = (row: LatencyRow) =>
  JSON.stringify([row.stage ?? '', row.load ?? '', row.endpoint, row.tenant ?? '']);
const latencySubject = (row: LatencyRow, stat: string) =>
  `${row.stage === undefined ? '' : `${row.stage}: `}${row.endpoint} ${row.tenant ?? '(all tenants)'} ${stat}`;

/** The baseline's row like `row` (see latencyKey), when both measured something. */
function likeRows(current: Summary, baseline: Summary): [LatencyRow, LatencyRow | undefined][] {
  const before = new Map(baseline.metrics.latency.map((row) => [latencyKey(row), row]));
  return current.metrics.latency
    .filter((row) => row.count > 0)
    .map((row) => {
      const old = before.get(latencyKey(row));
      return [row, old && old.count > 0 ? old : undefined];
    });
}

/**
 * The current run's latency rows the baseline has no like row for (another stage, load, endpoint
 * or tenant): not compared, and said so, since "no regression" would claim more than was checked.
 */
export const uncomparedLatencyRows = (current: Summary, baseline: Summary): number =>
  likeRows(current, baseline).filter(([, old]) => old === undefined).length;

function latencyRegressions(current: Summary, baseline: Summary, margins: BaselineMargins): Regression[] {
  const regressions: Regression[] = [];
  for (const [row, old] of likeRows(current, baseline)) {
    if (!old) continue;
    for (const stat of ['p95', 'p99'] as const) {
      const limit = old[stat] * (1 + margins[stat]);
      if (row[stat] <= limit || row[stat] - old[stat] < margins.minDeltaMs) continue;
      const rise = old[stat] > 0 ? (row[stat] - old[stat]) / old[stat] : Infinity;
      regressions.push({
        kind: 'latency',
        subject: latencySubject(row, stat),
        baseline: old[stat],
        current: row[stat],
        margin: margins[stat],
        message: `${latencySubject(row, stat)} rose from ${old[stat]} ms to ${row[stat]} ms (+${percent(rise)}, allowed +${percent(margins[stat])})`,
      });
    }
  }
  return regressions;
}

/** Where 429s started; "none up to the highest step" counts as that step's rate. */
function onsetRates(capacity: Capacity | undefined): Map<string, number> {
  const highest = Math.max(0, ...(capacity?.steps ?? []).map((step) => step.rps));
  const rates = new Map<string, number>();
  for (const onset of capacity?.onset429 ?? []) {
    const rps = onset.rps ?? highest;
    if (rps > 0) rates.set(`${onset.scope} ${onset.name}`, rps);
  }
  return rates;
}

function onsetRegressions(current: Summary, baseline: Summary, margins: BaselineMargins): Regression[] {
  const before = onsetRates(baseline.metrics.capacity);
  const regressions: Regression[] = [];
  for (const onset of current.metrics.capacity?.onset429 ?? []) {
    const subject = `${onset.scope} ${onset.name}`;
    const old = before.get(subject);
    if (old === undefined || onset.rps === null || onset.rps >= old * (1 - margins.onset429)) continue;
    regressions.push({
      kind: 'onset429',
      subject,
      baseline: old,
      current: onset.rps,
      margin: margins.onset429,
      message: `429s for ${subject} start at ${onset.rps} rps, down from ${old} rps (allowed -${percent(margins.onset429)})`,
    });
  }
  return regressions;
}

function checkRegressions(current: Summary, baseline: Summary): Regression[] {
  const passedBefore = new Set(
    baseline.checks
      .filter((check) => check.verdict === 'passed')
      .map((check) => `${check.kind}:${check.name}`),
  );
  return current.checks
    .filter((check) => check.verdict === 'failed' && passedBefore.has(`${check.kind}:${check.name}`))
    .map((check) => ({
      kind: 'check' as const,
      subject: check.name,
      baseline: 'passed',
      current: 'failed',
      message: `${check.kind} ${check.name} passed in the baseline and fails now`,
    }));
}

/**
 * The baseline itself, when it is an earlier run of the same command; else one line naming both
 * commands: a gate's checks and latencies compared with a load's would read as regressions or
 * silently as none.
 */
export function sameCommandBaseline(command: Summary['command'], baseline: Summary, file: string): Summary {
  if (baseline.command !== command)
    throw new HarnessError(
      `--baseline ${file} is a ${baseline.command} run; a ${command} run compares only with an earlier ${command} run`,
    );
  return baseline;
}

export function compareWithBaseline(
  current: Summary,
  baseline: Summary,
  margins: BaselineMargins = DEFAULT_MARGINS,
): Regression[] {
  return [
    ...checkRegressions(current, baseline),
    ...latencyRegressions(current, baseline, margins),
    ...onsetRegressions(current, baseline, margins),
  ];
}

/** The summary with the comparison recorded; regressions make it a failed run (exit 1). */
export function withBaseline(summary: Summary, path: string, regressions: Regression[]): Summary {
  const next: Summary = { ...summary, baseline: { path, regressions } };
  return { ...next, ...judgedVerdict(next) };
}
