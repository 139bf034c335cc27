/**
 * The counters every run mirrors into Artillery's own metrics (its report, its console with
 * HARNESS_DEBUG=1, and `--publish`): responses by status, walks by how they ended, pages, check
 * failures by check, and the arrivals themselves, started, late and skipped, beside the slots,
 * and the requests that waited for a connection of the generator's client.
 * Artillery's vusers.* count the slots that held the arrivals, not the walks: these say what the
 * walks did.
 */
import { METRIC } from '../metrics.ts';

/**
 * An arrival started this long after its due time, or later, counts in harness.arrivals.late; a
 * request that waited this long or longer for a connection, in harness.requests.waited.
 */
const LATE_MS = 10;

/** The headline counters one recorded point feeds, as [name, increment]. */
export function headlineCounters(
  metric: string,
  value: number,
  tags: Record<string, string>,
): [string, number][] {
  switch (metric) {
    case METRIC.latency:
      return [[`harness.responses.${tags.status ?? '0'}`, 1]];
    case METRIC.walks:
      return [[`harness.walks.${tags.end ?? 'complete'}`, 1]];
    case METRIC.pages:
      return [['harness.pages', value]];
    case METRIC.checkFailures:
      return [[`harness.check_failures.${tags.check ?? 'unknown'}`, 1]];
    case METRIC.arrivals:
      return [['harness.arrivals.started', 1]];
    case METRIC.generatorLateness:
      return value >= LATE_MS ? [['harness.arrivals.late', 1]] : [];
    case METRIC.clientWait:
      return value >= LATE_MS ? [['harness.requests.waited', 1]] : [];
    case METRIC.skipped:
      return [['harness.arrivals.skipped', 1]];
    case METRIC.slots:
      return [['harness.slots', 1]];
    default:
      return [];
  }
}
