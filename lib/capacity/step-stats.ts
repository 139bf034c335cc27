/**
 * What one arrival-rate step measured, computed from the responses the generator's points of that
 * step counted (lib/load/points/responses.ts). Latency percentiles are over the requests the target answered with something other
 * than 429: a 429 is answered at once and would pull the percentiles down just when the target
 * is saturated. 429s are counted on their own, and errors (no response, 5xx, any other non-2xx)
 * on theirs.
 */
import { countOf, latencyPercentiles, type ResponseCell } from '../load/points/responses.ts';
import { generatorShortfall, type GeneratorFigures, type Shortfall } from '../load/generator-figures.ts';

export interface StepStats {
  /** 0-based step number. */
  index: number;
  /** Requests per second the generator was asked to start (the step's arrival rate). */
  offeredRps: number;
  /** Requests that got an answer (or failed) during the step, per second of the step. */
  achievedRps: number;
  requests: number;
  /**
   * Planned arrivals the generator did not start (those it skipped at its in-flight ceiling
   * among them): the generator, not the target, fell behind.
   */
  dropped: number;
  /** Arrivals the generator started, per second of the step: its own achieved rate. */
  generatorRps: number;
  /** p95 of how late the generator started the step's arrivals against its schedule, ms. */
  latenessP95: number;
  /**
   * Why the generator could not drive the step (lib/load/verdict.ts GENERATOR_BOUNDS): `late`, it
   * started its arrivals too late; `queued`, its requests waited for its own connections behind
   * its busy event loop; `short`, it started too few; `over`, more than planned. Absent when it
   * kept its schedule.
   */
  undriven?: Shortfall;
  p50: number;
  p95: number;
  p99: number;
  /** Share of requests that were errors: no response, 5xx, or a non-2xx other than 429. */
  errorRate: number;
  /** Requests with no response, a 5xx, or a non-2xx other than 429. */
  errors: number;
  /** Share of requests answered 429. */
  rate429: number;
}

const isError = (status: number) => status !== 429 && (status < 200 || status > 299);

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

export function stepStats(
  index: number,
  offeredRps: number,
  durationS: number,
  responses: readonly ResponseCell[],
  /** What the generator did in the step: planned against started arrivals, how late it started them. */
  generator: Pick<GeneratorFigures, 'planned' | 'started' | 'skipped' | 'latenessP95Ms'> &
    Partial<Pick<GeneratorFigures, 'clientWaitP95Ms' | 'busyP50'>>,
): StepStats {
  const answered = responses.filter((cell) => cell.status !== 429);
  const [p50 = 0, p95 = 0, p99 = 0] = latencyPercentiles(answered, [50, 95, 99]);
  const count = countOf(responses);
  const errors = countOf(responses.filter((cell) => isError(cell.status)));
  const share = (matching: number) => (count === 0 ? 0 : round(matching / count, 4));
  const undriven = generatorShortfall(generator);
  return {
    index,
    offeredRps,
    achievedRps: round(count / durationS),
    requests: count,
    // Those skipped at the in-flight ceiling are among those not started: counted once.
    dropped: Math.max(0, generator.planned - generator.started),
    generatorRps: round(generator.started / durationS),
    latenessP95: round(generator.latenessP95Ms ?? 0),
    ...(undriven ? { undriven } : {}),
    p50: round(p50),
    p95: round(p95),
    p99: round(p99),
    errorRate: share(errors),
    errors,
    rate429: share(countOf(responses.filter((cell) => cell.status === 429))),
  };
}
