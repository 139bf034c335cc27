/**
 * The harness's metrics as Artillery metrics, for `--publish` (Artillery's publish-metrics plugin).
 *
 * The plugin puts only static tags on what it sends (the same labels on every series of a run),
 * so a series' dimensions travel in its name, as Artillery's own metrics-by-endpoint plugin does:
 * `harness.<metric>.<dimension>.<value>...`, dimensions in a fixed order, values lower-cased and
 * reduced to [a-z0-9_-] so that no value holds a dot (StatsD and Datadog keep the dots as the
 * hierarchy; Prometheus gets `harness_latency_endpoint_orders_...` in the plugin's `metric` label).
 *
 * Bounded: dimensions are the endpoint (2), the tenant (the target's), the depth bucket (5), the
 * role, the status, the check and how a walk ended; never a cursor, a record id or a key. Each
 * value is checked against the target's key values, so a key cannot reach a name even through a
 * tenant named after it.
 */
import { METRIC } from '../metrics.ts';

export interface ArtillerySample {
  type: 'counter' | 'histogram';
  name: string;
  value: number;
}

type Tags = Record<string, string>;

/** Which series each recorded point feeds, and by which of its tags. */
const SERIES: Record<string, { name: string; type: ArtillerySample['type']; by: readonly string[] }[]> = {
  [METRIC.latency]: [
    { name: 'harness.latency', type: 'histogram', by: ['endpoint', 'tenant', 'depth'] },
    { name: 'harness.responses', type: 'counter', by: ['endpoint', 'tenant', 'status'] },
  ],
  [METRIC.rateLimited]: [
    { name: 'harness.rate_limited', type: 'counter', by: ['endpoint', 'tenant', 'role'] },
  ],
  [METRIC.serverErrors]: [{ name: 'harness.server_errors', type: 'counter', by: ['endpoint', 'tenant'] }],
  [METRIC.checkFailures]: [
    { name: 'harness.check_failures', type: 'counter', by: ['check', 'endpoint', 'tenant'] },
  ],
  [METRIC.walks]: [{ name: 'harness.walks', type: 'counter', by: ['end', 'endpoint', 'tenant'] }],
  [METRIC.walkPages]: [{ name: 'harness.walk_pages', type: 'histogram', by: ['endpoint', 'tenant'] }],
  [METRIC.walkDuration]: [{ name: 'harness.walk_duration', type: 'histogram', by: ['endpoint', 'tenant'] }],
  // One sample a second and thread: what tells whether the requests' wait (harness.requests.waited) was the generator's.
  [METRIC.generatorBusy]: [{ name: 'harness.generator_busy', type: 'histogram', by: [] }],
};

/** Rate points are 1 or 0 per response: only the ones are counted. */
const COUNT_ONES: readonly string[] = [METRIC.rateLimited, METRIC.serverErrors];

/** A dimension value as it may stand in a metric name: [a-z0-9_-], `101+` as `101plus`. */
export const nameSafe = (value: string): string =>
  value
    .toLowerCase()
    .replace(/\+/g, 'plus')
    .replace(/[^a-z0-9_-]/g, '_') || '_';

/**
 * Tag values as they may stand in a metric name, each checked against the target's key values
 * once: a key cannot reach a name even through a tenant named after it.
 */
export class SafeValues {
  private readonly secrets: string[];
  private readonly values = new Map<string, string>();

  constructor(keyValues: readonly string[]) {
    const secrets = keyValues.filter((key) => key.length > 0);
    this.secrets = [...new Set([...secrets, ...secrets.map(nameSafe)])];
  }

  of(raw: string): string {
    let safe = this.values.get(raw);
    if (safe === undefined) {
      const candidate = nameSafe(raw);
      const leaks = this.secrets.some((secret) => raw.includes(secret) || candidate.includes(secret));
      safe = leaks ? 'redacted' : candidate;
      this.values.set(raw, safe);
    }
    return safe;
  }
}

/** Names the harness's points as Artillery metrics; built once per stage, from its target's keys. */
export class PublishedMetrics {
  private readonly safe: SafeValues;

  constructor(keyValues: readonly string[]) {
    this.safe = new SafeValues(keyValues);
  }

  /** The Artillery samples one recorded point feeds (none for most metrics). */
  samples(metric: string, value: number, tags: Tags): ArtillerySample[] {
    const series = SERIES[metric];
    if (!series || (COUNT_ONES.includes(metric) && value !== 1)) return [];
    return series.map(({ name, type, by }) => ({
      type,
      name: [name, ...by.flatMap((tag) => [tag, this.safe.of(tags[tag] ?? 'none')])].join('.'),
      // A counter counts the points (responses, 429s, walks); a histogram takes their values.
      value: type === 'counter' ? 1 : value,
    }));
  }
}
