/**
 * The true latency distribution the accuracy section injects, so that reported percentiles have
 * something exact to be compared with. Two parts:
 * - the sandbox's `latency` option: every request waits fixedMs, a tailRatio share tailMs more;
 * - a stall: the whole server process is frozen for stallMs at the start of every periodMs.
 * A request arriving at phase t of the period (t uniform, as under an open-model arrival rate):
 * - during the stall (t < S): it is read after the stall, so it takes S - t + B;
 * - so close before the next stall that its wait B would end inside it (t >= P - B): its timer
 *   fires when the process resumes, so it takes P + S - t;
 * - otherwise it takes B.
 */
export interface InjectedLatency {
  fixedMs: number;
  tailMs: number;
  tailRatio: number;
  /** 0 for no stall. */
  stallMs: number;
  periodMs: number;
}

/** The latency of a request arriving at phase `t` of the stall period, with service wait `b`. */
export function latencyAt(t: number, b: number, { stallMs: s, periodMs: p }: InjectedLatency): number {
  if (t < s) return s - t + b;
  if (s > 0 && t >= p - b) return p + s - t;
  return b;
}

/** Exact enough: the phase is integrated on a grid of this many points. */
const PHASE_STEPS = 20_000;

/** The percentiles (0..100) of the injected distribution, in milliseconds. */
export function injectedPercentiles(injected: InjectedLatency, percentiles: readonly number[]): number[] {
  const waits = [
    { b: injected.fixedMs, weight: 1 - injected.tailRatio },
    { b: injected.fixedMs + injected.tailMs, weight: injected.tailRatio },
  ].filter((wait) => wait.weight > 0);
  const points: { value: number; weight: number }[] = [];
  for (let step = 0; step < PHASE_STEPS; step += 1) {
    const t = ((step + 0.5) / PHASE_STEPS) * injected.periodMs;
    for (const { b, weight } of waits)
      points.push({ value: latencyAt(t, b, injected), weight: weight / PHASE_STEPS });
  }
  points.sort((a, b) => a.value - b.value);
  return percentiles.map((p) => {
    let cumulative = 0;
    const target = p / 100;
    // The smallest value whose cumulative share reaches p (the quantile of a distribution).
    for (const point of points) {
      cumulative += point.weight;
      if (cumulative >= target - 1e-12) return point.value;
    }
    return points[points.length - 1]?.value ?? NaN;
  });
}
