/**
 * The highest arrival rate a load generator holds: step the rate up (doubling) until a run does
 * not hold it, then narrow in between the last rate held and the first missed (geometric means,
 * each halving the gap's logarithm): twice by default (the top then within a factor of 2^(1/4),
 * ~1.19, of the rate missed above it), or until the two are within `within` of each other (4 steps
 * for 1.05: 2^(1/16) ~ 1.044). A ladder that ran out of steps or reached its ceiling without a miss
 * measured a bound, and says so (`bound`). Each step is one short run; what "held" means is the
 * caller's (lateness p95 for the harness's engine, achieved against planned vusers for Artillery's
 * own HTTP engine).
 */
interface LadderStep<Run> {
  rate: number;
  held: boolean;
  run: Run | null;
  /** Why the run gave no figures, when it failed outright (counted as not held). */
  error?: string;
}

export interface LadderOptions<Run> {
  /** The first rate tried, per second. */
  start: number;
  /** At most this many runs in all. */
  maxSteps: number;
  /** A rate above which nothing is tried. */
  ceiling: number;
  measure: (rate: number) => Promise<Run>;
  held: (run: Run) => boolean;
  /** Called before each run; throw (e.g. on abort) to stop the ladder. */
  beforeStep?: (rate: number) => void;
  /**
   * At most this many steps between the last rate held and the first missed, each halving the
   * gap (its logarithm). @default 2
   */
  narrowings?: number;
  /**
   * Stop narrowing once the first rate missed is at most this factor above the last held (1.05:
   * within 5 %). @default none: every one of `narrowings`
   */
  within?: number;
}

export interface Ladder<Run> {
  steps: LadderStep<Run>[];
  /** The highest step held, or null when not even the first was. */
  top: LadderStep<Run> | null;
  /**
   * Why the top is only a bound (`>=`), when the ladder ran out (its ceiling or its steps) before
   * any rate was missed: the walk may hold more than the bench asked of it.
   */
  bound?: string;
}

export async function climbLadder<Run>(options: LadderOptions<Run>): Promise<Ladder<Run>> {
  const steps: LadderStep<Run>[] = [];
  const tryRate = async (rate: number): Promise<LadderStep<Run>> => {
    options.beforeStep?.(rate);
    let step: LadderStep<Run>;
    try {
      const run = await options.measure(rate);
      step = { rate, held: options.held(run), run };
    } catch (error) {
      step = { rate, held: false, run: null, error: error instanceof Error ? error.message : String(error) };
    }
    steps.push(step);
    return step;
  };
  let lastHeld: number | null = null;
  let firstMissed: number | null = null;
  for (let rate = options.start; steps.length < options.maxSteps && rate <= options.ceiling; rate *= 2) {
    if ((await tryRate(rate)).held) lastHeld = rate;
    else {
      firstMissed = rate;
      break;
    }
  }
  // Steps between the last held and the first missed rate (their geometric mean), each result
  // narrowing the gap for the next.
  for (let narrowing = 0; narrowing < (options.narrowings ?? 2); narrowing += 1) {
    if (lastHeld === null || firstMissed === null || steps.length >= options.maxSteps) break;
    if (options.within !== undefined && firstMissed <= lastHeld * options.within) break;
    const between = Math.round(Math.sqrt(lastHeld * firstMissed));
    if (between <= lastHeld || between >= firstMissed) break;
    if ((await tryRate(between)).held) lastHeld = between;
    else firstMissed = between;
  }
  const held = steps.filter((step) => step.held);
  const top = held.reduce<LadderStep<Run> | null>(
    (best, step) => (best && best.rate >= step.rate ? best : step),
    null,
  );
  const missed = steps.some((step) => !step.held);
  if (top === null || missed) return { steps, top };
  const next = top.rate * 2;
  const ranOut =
    next > options.ceiling ? `the ladder's ceiling of ${options.ceiling}/s` : `its ${options.maxSteps} steps`;
  return { steps, top, bound: `held every rate tried, up to ${top.rate}/s, before ${ranOut}` };
}

/** `runs - 1` more runs at a ladder's top rate, so its figure can be the median of `runs`. */
export async function repeatAtTop<Run>(
  ladder: Ladder<Run>,
  measure: (rate: number) => Promise<Run>,
  runs: number,
  beforeStep: () => void,
): Promise<Run[]> {
  const more: Run[] = [];
  if (!ladder.top) return more;
  for (let run = 1; run < runs; run += 1) {
    beforeStep();
    more.push(await measure(ladder.top.rate));
  }
  return more;
}
