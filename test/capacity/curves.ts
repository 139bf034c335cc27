/** Synthetic capacity curves whose knee is known by construction. */
import type { StepStats } from '../../lib/capacity/step-stats.ts';

export interface StepShape {
  rps: number;
  p95: number;
  /** @default rps */
  achieved?: number;
  errorRate?: number;
  rate429?: number;
  /** @default p95 * 1.5 */
  p99?: number;
  /** The generator could not drive the step. */
  undriven?: 'late' | 'short';
}

export function curve(shapes: readonly StepShape[]): StepStats[] {
  return shapes.map((shape, index) => ({
    index,
    offeredRps: shape.rps,
    achievedRps: shape.achieved ?? shape.rps,
    requests: shape.rps * 10,
    dropped: 0,
    generatorRps: shape.undriven === 'short' ? shape.rps / 2 : shape.rps,
    latenessP95: shape.undriven === 'late' ? 900 : 0,
    ...(shape.undriven ? { undriven: shape.undriven } : {}),
    p50: shape.p95 / 2,
    p95: shape.p95,
    p99: shape.p99 ?? shape.p95 * 1.5,
    errorRate: shape.errorRate ?? 0,
    errors: Math.round((shape.errorRate ?? 0) * shape.rps * 10),
    rate429: shape.rate429 ?? 0,
  }));
}

/** Flat at `flatMs` up to `kneeRps`, then p95 grows by `slopeMs` per step. */
export function hockeyStick(
  rates: readonly number[],
  kneeRps: number,
  flatMs = 10,
  slopeMs = 40,
): StepStats[] {
  return curve(
    rates.map((rps) => {
      const stepsPast = rates.filter((rate) => rate >= kneeRps && rate <= rps).length;
      return { rps, p95: flatMs + stepsPast * slopeMs };
    }),
  );
}
