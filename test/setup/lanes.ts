/**
 * Bounded concurrency for tests whose work mostly waits (a gate on its load schedule, a property on
 * a Retry-After, a script on its sandbox): several at once fill the cores a lone one leaves idle,
 * and the bound keeps them from starving one another.
 */

/** A gate of `width` lanes: `lane(job)` starts `job` once fewer than `width` jobs run, in call order. */
export function lanes(width: number): <T>(job: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    // A finished job hands its lane to the next waiting one, so no newcomer slips in between.
    if (running < width) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next === undefined) running -= 1;
      else next();
    }
  };
}

/** Runs `run` on every item, at most `width` at a time, the results in the items' order. */
export function inLanes<T, R>(
  items: readonly T[],
  width: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const lane = lanes(width);
  return Promise.all(items.map((item) => lane(() => run(item))));
}
