/**
 * What one arrival-rate step measured, computed from the generator's raw points of that step (one
 * sample per request). Latency percentiles are over the requests the target answered with something other
 * than 429: a 429 is answered at once and would pull the percentiles down just when the target
 * is saturated. 429s are counted on their own, and errors (no response, 5xx, any other non-2xx)
 * on theirs.
 */

/** One request of a step, as read from its `latency` point. */
export interface RequestSample {
  durationMs: number;
  /** 0 when no response arrived (timeout, reset). */
  status: number;
  /** `tenant/role`: the key by its label, never its value. */
  key: string;
  tenant: string;
  endpoint: string;
  /** Milliseconds since the epoch. */
  time: number;
}

export interface StepStats {
  /** 0-based step number. */
  index: number;
  /** Requests per second the generator was asked to start (the step's arrival rate). */
  offeredRps: number;
  /** Requests that got an answer (or failed) during the step, per second of the step. */
  achievedRps: number;
  requests: number;
  /**
   * Planned arrivals the generator did not start (or skipped at its in-flight ceiling): the
   * generator, not the target, fell behind.
   */
  dropped: number;
  /** p95 of how late the generator started the step's arrivals against its schedule, ms. */
  latenessP95: number;
  p50: number;
  p95: number;
  p99: number;
  /** Share of requests that were errors: no response, 5xx, or a non-2xx other than 429. */
  errorRate: number;
  /** Share of requests answered 429. */
  rate429: number;
}

const isError = (status: number) => status !== 429 && (status < 200 || status > 299);

/** Nearest-rank percentile of ascending values; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

export function stepStats(
  index: number,
  offeredRps: number,
  durationS: number,
  samples: readonly RequestSample[],
  dropped: number,
  latenessP95 = 0,
): StepStats {
  const answered = samples.filter((sample) => sample.status !== 429).map((sample) => sample.durationMs);
  answered.sort((a, b) => a - b);
  const count = samples.length;
  const share = (matches: (sample: RequestSample) => boolean) =>
    count === 0 ? 0 : round(samples.filter(matches).length / count, 4);
  return {
    index,
    offeredRps,
    achievedRps: round(count / durationS),
    requests: count,
    dropped,
    latenessP95: round(latenessP95),
    p50: round(percentile(answered, 50)),
    p95: round(percentile(answered, 95)),
    p99: round(percentile(answered, 99)),
    errorRate: share((sample) => isError(sample.status)),
    rate429: share((sample) => sample.status === 429),
  };
}
