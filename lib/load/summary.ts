/**
 * Reading k6's end-of-test summary (the `data` handleSummary receives, also written as
 * summary.json): which thresholds held, which checks failed, and a short text for the terminal.
 */
interface K6SummaryMetric {
  type: string;
  contains?: string;
  values: Record<string, number>;
  thresholds?: Record<string, { ok: boolean }>;
}

export interface K6Check {
  name: string;
  passes: number;
  fails: number;
}

interface K6Group {
  checks: K6Check[];
  groups?: K6Group[];
}

export interface K6Summary {
  metrics: Record<string, K6SummaryMetric>;
  root_group: K6Group;
  state?: { testRunDurationMs?: number };
}

export interface ThresholdResult {
  metric: string;
  expression: string;
  /** null: the metric had no samples to judge (k6 counts that as held). */
  ok: boolean | null;
  /** The value judged, when known (merged runs). */
  actual?: number | null;
}

export function thresholdResults(summary: K6Summary): ThresholdResult[] {
  return Object.entries(summary.metrics).flatMap(([metric, data]) =>
    Object.entries(data.thresholds ?? {}).map(([expression, { ok }]) => ({ metric, expression, ok })),
  );
}

/** Every check of every group, by name (checks of the same name in two groups are added). */
export function allChecks(summary: K6Summary): K6Check[] {
  const byName = new Map<string, K6Check>();
  const visit = (group: K6Group) => {
    for (const check of group.checks) {
      const seen = byName.get(check.name) ?? { name: check.name, passes: 0, fails: 0 };
      byName.set(check.name, {
        name: check.name,
        passes: seen.passes + check.passes,
        fails: seen.fails + check.fails,
      });
    }
    for (const child of group.groups ?? []) visit(child);
  };
  visit(summary.root_group);
  return [...byName.values()];
}

const round = (value: number | undefined) =>
  value === undefined ? '-' : String(Math.round(value * 100) / 100);

function metricLine(summary: K6Summary, metric: string, keys: readonly string[]): string | null {
  const values = summary.metrics[metric]?.values;
  if (!values) return null;
  return `  ${metric.padEnd(22)} ${keys.map((key) => `${key}=${round(values[key])}`).join(' ')}`;
}

/** A few lines for the terminal: the verdict of each threshold, then the headline metrics. */
export function summaryText(summary: K6Summary): string {
  const thresholds = thresholdResults(summary);
  const failed = thresholds.filter((threshold) => threshold.ok === false);
  const lines = [`thresholds: ${thresholds.length - failed.length} held, ${failed.length} failed`];
  for (const threshold of failed) lines.push(`  FAILED ${threshold.metric}: ${threshold.expression}`);
  for (const check of allChecks(summary).filter((c) => c.fails > 0))
    lines.push(`  check ${check.name}: ${check.fails} of ${check.passes + check.fails} failed`);
  const headline = [
    metricLine(summary, 'http_req_duration', ['med', 'p(95)', 'p(99)', 'max']),
    metricLine(summary, 'walks', ['count']),
    metricLine(summary, 'walk_pages', ['med', 'max']),
    metricLine(summary, 'pages', ['count', 'rate']),
    metricLine(summary, 'screened_pages', ['count']),
    metricLine(summary, 'folded_pages', ['count']),
    metricLine(summary, 'rate_limited', ['rate']),
    metricLine(summary, 'retries', ['count']),
    metricLine(summary, 'dropped_iterations', ['count']),
  ];
  return `${[...lines, ...headline.filter((line) => line !== null)].join('\n')}\n`;
}
