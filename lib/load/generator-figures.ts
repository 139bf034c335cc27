/**
 * The generator's own figures (how many arrivals it started, how late, how long its requests waited
 * for its connections, how busy its event loop was) and the one rule that says whether it kept its
 * schedule: a run whose generator did not measured less load than it claims.
 */

/** The generator's timing: planned against started arrivals, and how late it started them. */
export interface GeneratorFigures {
  planned: number;
  started: number;
  /** Arrivals skipped at the in-flight ceiling (--max-in-flight), counted by the engine. */
  skipped: number;
  /** Planned arrivals neither started nor skipped: their slot never came, or came after the run. */
  dropped: number;
  /** Artillery's arrivals, each a slot of the schedule: what its vusers.* count. */
  slots: number;
  latenessP95Ms: number | null;
  latenessP99Ms: number | null;
  /** How long requests waited for a connection of the generator's client, send to write (client_wait). */
  clientWaitP95Ms: number | null;
  clientWaitP99Ms: number | null;
  /** The median second's share (%) of the time the generator's event loop was busy (generator_busy). */
  busyP50: number | null;
  /** Offered (planned per second of the schedule) and achieved (started) arrival rates. */
  offeredRate: number;
  achievedRate: number;
}

const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);
const percent = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} %`);

/** The generator's figures as one line, for the console and the report's run check. */
export const generatorLine = (generator: GeneratorFigures): string =>
  [
    `${generator.started} of ${generator.planned} arrivals (${generator.achievedRate.toFixed(1)}/s of ${generator.offeredRate.toFixed(1)}/s)`,
    ...(generator.skipped > 0 ? [`${generator.skipped} skipped at --max-in-flight`] : []),
    ...(generator.dropped > 0 ? [`${generator.dropped} never started`] : []),
    `lateness p95 ${ms(generator.latenessP95Ms)}, p99 ${ms(generator.latenessP99Ms)}`,
    `client wait p95 ${ms(generator.clientWaitP95Ms)}, p99 ${ms(generator.clientWaitP99Ms)}`,
    `event loop busy ${percent(generator.busyP50)} (median second)`,
    `in ${generator.slots} slots (Artillery's vusers)`,
  ].join(', ');

/**
 * The generator fell behind when it started its arrivals this late (p95) or started this much less
 * than it planned: the target then saw less load than the figures claim. Or when its requests
 * waited this long (p95) for its own connections while its event loop was busy this share of the
 * median second: then the wait, which latency holds, is the generator's own queue (queuedBehindItself).
 */
export const GENERATOR_BOUNDS = {
  latenessP95Ms: 500,
  startedShare: 0.95,
  /** A fifth of the default latency budget (p95 < 500): enough to move a latency verdict. */
  clientWaitP95Ms: 100,
  busyPercent: 90,
} as const;

/** How the generator failed its schedule (generatorShortfall). */
export type Shortfall = 'late' | 'queued' | 'short' | 'over';

type ShortfallFigures = Pick<GeneratorFigures, 'planned' | 'started' | 'skipped' | 'latenessP95Ms'> &
  Partial<Pick<GeneratorFigures, 'clientWaitP95Ms' | 'busyP50'>>;

/**
 * Whose a long client wait is. A request waits for a connection while all of the client's are
 * busy; a connection is busy from the write until the generator has read the answer. When the
 * generator's event loop has idle time, it reads an answer as it comes, so the connections were
 * held by the target (answering slowly, or queueing itself): the wait is the target's, and stays
 * in latency (coordinated omission). When the loop is busy (nearly) all the time, answers sit
 * unread behind the generator's own work and its connections are held by itself: the wait is then
 * (at least partly) the generator's, and the latency measured is not the target's. No finer split
 * is honest: when the target's time ends and the unread time begins is never seen by the
 * generator.
 */
export const queuedBehindItself = (figures: ShortfallFigures): boolean =>
  (figures.clientWaitP95Ms ?? 0) > GENERATOR_BOUNDS.clientWaitP95Ms &&
  (figures.busyP50 ?? 0) >= GENERATOR_BOUNDS.busyPercent;

/**
 * Whether the generator kept its schedule: `late` when it started its arrivals later than the
 * bound at p95, `queued` when its requests waited for its own connections behind its busy event
 * loop (queuedBehindItself), `short` when it started too few of those it planned, `over` when more
 * than it planned, undefined when it kept up.
 * The load verdict and each capacity step judge the generator by this one rule.
 */
export function generatorShortfall(figures: ShortfallFigures): Shortfall | undefined {
  // More than the plan: generators that each ran more than their share (a distributed directory
  // run with another --count than it was written for) measured another load than the one judged.
  if (figures.started + figures.skipped > figures.planned) return 'over';
  if ((figures.latenessP95Ms ?? 0) > GENERATOR_BOUNDS.latenessP95Ms) return 'late';
  if (queuedBehindItself(figures)) return 'queued';
  if (
    figures.planned > 0 &&
    figures.started + figures.skipped < figures.planned * GENERATOR_BOUNDS.startedShare
  )
    return 'short';
  return undefined;
}

/**
 * One line naming the figure and what to do (`advice`, the load command's by default), when the
 * generator did not keep its schedule.
 */
export function generatorBehind(
  figures: GeneratorFigures,
  advice = 'lower --rate or add --workers',
): string | undefined {
  const shortfall = generatorShortfall(figures);
  if (shortfall === 'late')
    return `the load generator fell behind its schedule: arrivals started ${Math.round(figures.latenessP95Ms ?? 0)} ms late at p95 (bound ${GENERATOR_BOUNDS.latenessP95Ms} ms); ${advice}`;
  if (shortfall === 'queued')
    return `the load generator queued behind itself: its requests waited ${Math.round(figures.clientWaitP95Ms ?? 0)} ms at p95 for its own connections (bound ${GENERATOR_BOUNDS.clientWaitP95Ms} ms) while its event loop was busy ${Math.round(figures.busyP50 ?? 0)} % of the median second (bound ${GENERATOR_BOUNDS.busyPercent} %), so the latency measured is partly its own; ${advice}`;
  if (shortfall === 'short')
    return `the load generator started ${figures.started} of ${figures.planned} planned arrivals (${figures.achievedRate.toFixed(1)}/s of ${figures.offeredRate.toFixed(1)}/s); ${advice}`;
  if (shortfall === 'over')
    return `the load generators started ${figures.started + figures.skipped} arrivals, more than the ${figures.planned} planned: run a distributed directory with the --count it was written for`;
  return undefined;
}

/**
 * A long client wait the rule gives the target (queuedBehindItself false), said anyway: it is in
 * latency, as the target's, and part of it may be the generator's connections being too few for
 * the rate rather than the target being slow; only the generator's idle time says the connections
 * were held by the target.
 */
export function targetQueueWarning(generator: GeneratorFigures): string[] {
  const wait = generator.clientWaitP95Ms;
  if (wait === null || wait <= GENERATOR_BOUNDS.clientWaitP95Ms || queuedBehindItself(generator)) return [];
  return [
    `requests waited ${ms(wait)} at p95 for a connection of the generator's client, and that wait is in latency: its event loop was busy ${percent(generator.busyP50)} of the median second, so the target held the connections (slow answers, or more requests in flight than the generator's connections carry: add --workers to tell them apart)`,
  ];
}

/** The client wait and the loop's busy share, as the reason a threshold on latency was left unjudged. */
export const ownQueueFigures = (generator: GeneratorFigures): string =>
  `client wait p95 ${ms(generator.clientWaitP95Ms)}, its event loop busy ${percent(generator.busyP50)} of the median second`;
