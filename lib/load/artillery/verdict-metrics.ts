/**
 * Every series the verdict reads, as Artillery metrics, for a distributed run (`artillery
 * run-fargate` and the like): the remote workers keep their raw points, so what judges the run
 * travels in Artillery's own metrics, which its runners merge across workers into the report
 * (report-metrics.ts reads them back).
 *
 * `harness.verdict.<metric>` is the whole series, `harness.verdict.<metric>.<tag>.<value>` one tag
 * value of it, as the merge of points splits them (`metric{tag:value}`): percentiles cannot be
 * merged after the fact, so every series a threshold may judge is a histogram of its own. Trends
 * are histograms (one sample per point), counters count their values, and a rate is two counters,
 * `<series>.all` and `<series>.ones`. Check failures are counted by check, severity and code
 * (`harness.verdict.check_failures.<check>.<severity>.<code>`): their messages stay on the
 * workers. Values are name-safe and never a key (published-metrics.ts).
 */
import { METRIC, SPLIT_TAGS } from '../metrics.ts';
import type { MetricKind } from '../points/format.ts';
import { SafeValues, type ArtillerySample } from './published-metrics.ts';

export const VERDICT_PREFIX = 'harness.verdict';

/** Counters are summed per second, so splitting them by every tag costs little. */
const COUNTER_TAGS: readonly string[] = [...SPLIT_TAGS, 'status'];

/** What a trend is split by when no threshold asks for more: the report's latency tables. */
export const REPORT_TREND_TAGS: readonly string[] = ['endpoint', 'tenant', 'depth', 'status'];

/** Names the points the verdict reads as Artillery samples; built once per stage, from its keys. */
export class VerdictMetrics {
  private readonly safe: SafeValues;
  private readonly trendTags: readonly string[];

  /** `trendTags`: the tags a histogram is split by (each one costs a sample per point). */
  constructor(keyValues: readonly string[], trendTags: readonly string[]) {
    this.safe = new SafeValues(keyValues);
    this.trendTags = trendTags;
  }

  samples(metric: string, kind: MetricKind, value: number, tags: Record<string, string>): ArtillerySample[] {
    const whole = `${VERDICT_PREFIX}.${metric}`;
    if (metric === METRIC.checkFailures) {
      const by = [tags.check ?? 'unknown', tags.severity ?? 'error', tags.code ?? 'none'];
      return [{ type: 'counter', name: [whole, ...by.map((part) => this.safe.of(part))].join('.'), value }];
    }
    if (kind === 'gauge') return [];
    const names = [whole];
    for (const tag of kind === 'trend' ? this.trendTags : COUNTER_TAGS) {
      const raw = tags[tag];
      if (raw !== undefined) names.push(`${whole}.${tag}.${this.safe.of(raw)}`);
    }
    if (kind === 'trend') return names.map((name) => ({ type: 'histogram', name, value }));
    if (kind === 'counter') return names.map((name) => ({ type: 'counter', name, value }));
    return names.flatMap((name): ArtillerySample[] => [
      { type: 'counter', name: `${name}.all`, value: 1 },
      ...(value === 0 ? [] : [{ type: 'counter' as const, name: `${name}.ones`, value: 1 }]),
    ]);
  }
}
