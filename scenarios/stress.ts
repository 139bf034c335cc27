/**
 * Overload: the arrival rate ramps to 6x and holds (the stress profile by default). Overload must
 * be answered with 429 and honoured backoff, never with a 5xx or a timeout (server_errors == 0).
 * Short pages, so each walk asks a lot. A run that never saw a 429 never reached overload: it
 * proves nothing about how overload is answered, and says so (inconclusive).
 */
import { METRIC } from '../lib/load/metrics.ts';
import { PROFILES } from '../lib/load/profiles.ts';
import type { LoadScenario } from '../lib/load/scenario.ts';
import { walkingScenario } from '../lib/load/walking-scenario.ts';

const overload = walkingScenario('stress', 'stress', { limits: [20] }, (metrics, settings) => {
  if ((metrics[METRIC.rateLimited]?.values.passes ?? 0) > 0) return undefined;
  const peak =
    settings.rate * Math.max(1, ...(PROFILES[settings.profile].stages ?? []).map((stage) => stage.multiple));
  const requests = metrics[METRIC.latency]?.values.count ?? 0;
  return `the target never answered 429: ${requests} requests at up to ${peak} walks/s reached no limit; raise --rate (within the target's load.maxRps) to reach overload`;
});

// Overload is answered with 429s: the report marks them expected in this load's stretch.
export const stress: LoadScenario = { ...overload, expects: 'throttling' };
