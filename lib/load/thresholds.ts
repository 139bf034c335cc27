/**
 * Thresholds are the gate, in the harness's own small language, judged by the harness on the
 * merged points of every worker: `metric: stat op number`, e.g. `latency: p95 < 500`,
 * `server_errors: rate == 0`, `rate_limited{traffic:quiet}: rate <= 0.01`. Stats: pN (any
 * percentile; `p(N)` is read too), avg, min, max, count, rate. Operators: <, <=, >, >=, ==, !=.
 * Each run has the profile's latency gates, the scenario's own gates, then any overrides from the
 * command line, which replace the thresholds of the metric they name. Page checks are not
 * thresholds: any error a page check finds fails the run by itself (lib/load/verdict.ts).
 */
import { METRIC } from './metrics.ts';
import { REFUSED_CHECKS } from './refused-plan.ts';
import type { ProfileName } from './profiles.ts';

/** Metric (or series `metric{tag:value}`) → expressions. */
export type Thresholds = Record<string, string[]>;

export type ScenarioName = 'walk' | 'fairness' | 'isolation' | 'depth' | 'stress';
export const SCENARIO_NAMES: readonly ScenarioName[] = ['walk', 'fairness', 'isolation', 'depth', 'stress'];

const LATENCY = METRIC.latency;

/** `none` in an override (or a scenario's thresholds) removes every threshold of that metric. */
const DROP = 'none';

const PROFILE_THRESHOLDS: Record<ProfileName, Thresholds> = {
  smoke: { [LATENCY]: ['p95 < 1000'], [METRIC.serverErrors]: ['rate == 0'] },
  load: { [LATENCY]: ['p95 < 500', 'p99 < 1500'], [METRIC.serverErrors]: ['rate == 0'] },
  stress: { [LATENCY]: ['p95 < 3000'], [METRIC.serverErrors]: ['rate == 0'] },
  spike: { [LATENCY]: ['p95 < 3000'], [METRIC.serverErrors]: ['rate == 0'] },
  // The latency floor (p10) of the last third within 25 ms of the floor measured before the load.
  soak: {
    [LATENCY]: ['p95 < 500', 'p99 < 1500'],
    [METRIC.serverErrors]: ['rate == 0'],
    [`${METRIC.latencyDrift}{period:late}`]: ['p10 < 25'],
  },
  // Capacity looks for the knee: latency is what it measures, not what it gates on.
  capacity: { [LATENCY]: ['p95 < 10000'], [METRIC.serverErrors]: ['rate < 0.01'] },
};

const SCENARIO_THRESHOLDS: Record<ScenarioName, Thresholds> = {
  walk: {},
  // The quiet tenants keep (almost) no 429s and a p95 near their baseline while one tenant floods.
  // The latency of all traffic is not judged: the flood's own answers are in it, and a flood up to
  // the target's maxRps can take a local target (and the generator beside it) to its limit.
  fairness: {
    [LATENCY]: [DROP],
    [`${METRIC.rateLimited}{traffic:quiet}`]: ['rate < 0.01'],
    [`${LATENCY}{traffic:quiet}`]: ['p95 < 500'],
  },
  // tenant-isolation is a page check: a leak fails the run by itself.
  isolation: {},
  // Deep pages cost (almost) what first pages cost: keyset, not an offset scan.
  depth: { [METRIC.depthLatencyAdded]: ['p90 < 50'] },
  // Overload is answered with 429, never a 5xx or a timeout.
  stress: { [METRIC.serverErrors]: ['rate == 0'] },
};

interface Expression {
  /** The key of the merged values: pN, avg, min, max, count, rate. */
  stat: string;
  operator: string;
  bound: number;
}

const EXPRESSION =
  /^(avg|min|max|med|count|rate|p(\d{1,2}(?:\.\d+)?)|p\((\d{1,2}(?:\.\d+)?)\))\s*(<=|>=|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)$/;
const METRIC_NAME = /^[A-Za-z_][\w.]*(\{[\w.-]+:[^{},]+\})?$/;

/** The one parser of the language; undefined when `text` is not an expression. */
export function parseExpression(text: string): Expression | undefined {
  const match = EXPRESSION.exec(text.trim());
  if (!match) return undefined;
  const [, stat = '', percent, oldPercent, operator = '', bound = ''] = match;
  const p = percent ?? oldPercent;
  return { stat: p !== undefined ? `p${p}` : stat === 'med' ? 'p50' : stat, operator, bound: Number(bound) };
}

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

export type Verdict = { ok: boolean; actual: number } | { ok: null; actual: null };

/** Judges one expression on a metric's merged values; `ok: null` when it has no samples. */
export function evaluateThreshold(expression: string, values: Record<string, number> | undefined): Verdict {
  const parsed = parseExpression(expression);
  if (!parsed) throw new Error(`"${expression}" is not a threshold expression`);
  const actual = values?.[parsed.stat];
  if (actual === undefined || Number.isNaN(actual)) return { ok: null, actual: null };
  return { ok: COMPARE[parsed.operator]?.(actual, parsed.bound) ?? false, actual };
}

/** The percentiles the expressions ask for, e.g. [95, 99], so the merge computes them. */
export function percentilesIn(expressions: readonly string[]): number[] {
  const wanted = new Set<number>();
  for (const expression of expressions) {
    const stat = parseExpression(expression)?.stat;
    if (stat?.startsWith('p')) wanted.add(Number(stat.slice(1)));
  }
  return [...wanted];
}

/** Parses `--threshold 'metric=expr'` (or `metric: expr`); throws one line naming what is wrong. */
export function parseThresholdFlag(text: string): [string, string] {
  // The first = or : after the series' braces, if any: `rate_limited{traffic:quiet}=rate<0.05`.
  const brace = text.indexOf('{');
  const from = brace >= 0 && brace < text.search(/[=:]/) ? text.indexOf('}', brace) + 1 : 0;
  const found = text.slice(from).search(/[=:]/);
  const at = found < 0 ? -1 : from + found;
  const metric = text.slice(0, at).trim();
  const expression = text.slice(at + 1).trim();
  if (at <= 0 || !METRIC_NAME.test(metric))
    throw new Error(
      `--threshold "${text}": expected metric=expression, e.g. 'latency=p95<300' or 'latency{depth:1}=p99<800'`,
    );
  if (expression !== DROP && !parseExpression(expression))
    throw new Error(
      `--threshold "${text}": "${expression}" is not a threshold like p95<300, rate==0, count<10 (or "none" to drop)`,
    );
  return [metric, expression];
}

/** Overrides from repeated flags: every expression given for a metric replaces its defaults. */
export function overridesFromFlags(flags: readonly string[]): Thresholds {
  const overrides: Thresholds = {};
  for (const flag of flags) {
    const [metric, expression] = parseThresholdFlag(flag);
    overrides[metric] = [...(overrides[metric] ?? []), expression];
  }
  return overrides;
}

/** Later parts replace earlier ones metric by metric; a metric given `none` is dropped. */
function merge(...parts: Thresholds[]): Thresholds {
  const merged: Thresholds = Object.assign({}, ...parts) as Thresholds;
  for (const [metric, expressions] of Object.entries(merged))
    if (expressions.includes(DROP)) delete merged[metric];
  return merged;
}

export function thresholdsFor(
  scenario: ScenarioName,
  profile: ProfileName,
  overrides: Thresholds,
): Thresholds {
  return merge(PROFILE_THRESHOLDS[profile], SCENARIO_THRESHOLDS[scenario], overrides);
}

/**
 * Whether a run gates on the latency drift: it is a point on every page, which costs the load
 * generator, so the engine records it only then (soak).
 */
export function gatesOnDrift(thresholds: Thresholds): boolean {
  const metric = METRIC.latencyDrift;
  return Object.keys(thresholds).some((name) => name === metric || name.startsWith(`${metric}{`));
}

/**
 * A failure of these checks is definitive: one is proof of a bug (a record of another tenant, an
 * id twice in a walk, a walk of a quiescent list that ended short), so the engine starts no more
 * walks once it has seen one.
 */
const DEFINITIVE_CHECKS: readonly string[] = [
  'no-duplicate-ids',
  'tenant-isolation',
  'walk-complete-under-load',
];

/**
 * Whether one failure proves the run's verdict, so no more walks need starting: a definitive
 * check's, or a refused request served (`ACCEPTED`; a 5xx there is a failure, not proof of access).
 */
export const isDefinitive = (failure: { check: string; code: string; severity: string }): boolean =>
  failure.severity === 'error' &&
  (DEFINITIVE_CHECKS.includes(failure.check) ||
    (REFUSED_CHECKS.some((check) => check.name === failure.check) && failure.code === 'ACCEPTED'));
