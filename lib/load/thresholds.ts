/**
 * Thresholds are the gate. Each scenario runs with: one threshold per page check (so a failure
 * names its check), the profile's latency gates, the scenario's own gates, then any overrides
 * from the command line, which replace the thresholds of the metric they name.
 */
import { PAGE_CHECKS } from '../checks/registry.ts';
import { METRIC } from './metrics.ts';
import type { ProfileName } from './profiles.ts';

/** Metric (or submetric `metric{tag:value}`) → k6 threshold expressions. */
export type Thresholds = Record<string, string[]>;

/** Every page check holds on every walk. */
const CHECK_THRESHOLDS: Thresholds = Object.fromEntries(
  PAGE_CHECKS.map((check) => [`checks{check:${check.name}}`, ['rate==1']]),
);

const DURATION = 'http_req_duration';

const PROFILE_THRESHOLDS: Record<ProfileName, Thresholds> = {
  smoke: { [DURATION]: ['p(95)<1000'], [METRIC.serverErrors]: ['rate==0'] },
  load: { [DURATION]: ['p(95)<500', 'p(99)<1500'], [METRIC.serverErrors]: ['rate==0'] },
  stress: { [DURATION]: ['p(95)<3000'], [METRIC.serverErrors]: ['rate==0'] },
  spike: { [DURATION]: ['p(95)<3000'], [METRIC.serverErrors]: ['rate==0'] },
  // The latency floor (p10) of the last third within 25 ms of the floor measured before the load.
  soak: {
    [DURATION]: ['p(95)<500', 'p(99)<1500'],
    [METRIC.serverErrors]: ['rate==0'],
    [`${METRIC.latencyDrift}{period:late}`]: ['p(10)<25'],
  },
  // Capacity looks for the knee: latency is what it measures, not what it gates on.
  capacity: { [DURATION]: ['p(95)<10000'], [METRIC.serverErrors]: ['rate<0.01'] },
};

export type ScenarioName = 'walk' | 'fairness' | 'isolation' | 'depth' | 'stress';
export const SCENARIO_NAMES: readonly ScenarioName[] = ['walk', 'fairness', 'isolation', 'depth', 'stress'];

const SCENARIO_THRESHOLDS: Record<ScenarioName, Thresholds> = {
  walk: {},
  // The quiet tenants keep (almost) no 429s and a p95 near their baseline while one tenant floods.
  fairness: {
    [`${METRIC.rateLimited}{traffic:quiet}`]: ['rate<0.01'],
    [`${DURATION}{traffic:quiet}`]: ['p(95)<500'],
  },
  // tenant-isolation is a page check: its threshold comes with CHECK_THRESHOLDS; a leak aborts.
  isolation: {},
  // Deep pages cost (almost) what first pages cost: keyset, not an offset scan.
  depth: { [METRIC.depthLatencyAdded]: ['p(90)<50'] },
  // Overload is answered with 429, never a 5xx or a timeout.
  stress: { [METRIC.serverErrors]: ['rate==0'], http_req_failed: ['rate==0'] },
};

/** `none` in an override removes every threshold of that metric. */
const DROP = 'none';

const EXPRESSION =
  /^(avg|min|max|med|count|rate|value|p\(\d{1,2}(\.\d+)?\))\s*(<=|>=|===|==|!=|<|>)\s*-?\d+(\.\d+)?$/;
const METRIC_NAME = /^[A-Za-z_][\w.]*(\{[\w.-]+:[^{},]+\})?$/;

/** Parses `--threshold 'metric=expr'`; throws one line naming what is wrong. */
export function parseThresholdFlag(text: string): [string, string] {
  const at = text.indexOf('=');
  const metric = text.slice(0, at).trim();
  const expression = text.slice(at + 1).trim();
  if (at <= 0 || !METRIC_NAME.test(metric))
    throw new Error(
      `--threshold "${text}": expected metric=expression, e.g. 'http_req_duration=p(95)<300' or 'http_req_duration{depth:1}=p(99)<800'`,
    );
  if (expression !== DROP && !EXPRESSION.test(expression))
    throw new Error(
      `--threshold "${text}": "${expression}" is not a k6 threshold like p(95)<300, rate==0, count<10 (or "none" to drop)`,
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
  return merge(CHECK_THRESHOLDS, PROFILE_THRESHOLDS[profile], SCENARIO_THRESHOLDS[scenario], overrides);
}

/**
 * Whether a run with this profile and these overrides gates on the latency drift: it is a sample
 * on every page, which costs the load generator, so the scenarios record it only then (soak).
 */
export function gatesOnDrift(profile: ProfileName, overrides: Thresholds): boolean {
  const metric = METRIC.latencyDrift;
  return Object.keys(merge(PROFILE_THRESHOLDS[profile], overrides)).some(
    (name) => name === metric || name.startsWith(`${metric}{`),
  );
}

/**
 * A failure of these checks is definitive: one is proof of a bug (a record of another tenant, an
 * id twice in a walk), so the run aborts at once instead of waiting for the thresholds.
 */
export const DEFINITIVE_CHECKS: readonly string[] = ['no-duplicate-ids', 'tenant-isolation'];
