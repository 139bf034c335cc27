/**
 * Deep pages against first pages: long unfiltered walks of the orders list in short pages. Per
 * walk, the mean latency of pages 21+ minus that of pages 1-3 (depth_latency_added) must stay
 * small: keyset pagination costs the same at any depth, an offset scan does not. Latency is also
 * tagged by depth bucket (latency{depth:21-100}) for the report.
 */
import { walkingScenario } from '../lib/load/walking-scenario.ts';

export const depth = walkingScenario('depth', 'smoke', {
  endpoints: ['orders'],
  limits: [25],
  filters: 'none',
});
