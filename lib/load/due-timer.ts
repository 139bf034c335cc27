/**
 * Starts arrivals at their due times on one plain timer, re-armed for the next due one: no
 * spinning between them (Artillery's own arrival timer re-arms with setImmediate below 25 ms and
 * holds a core), and when the event loop comes back late, every arrival already due starts at
 * once, each told how late it is. Lateness is measured from the due time, never from the timer.
 * Between timers, each answer a walk receives starts what fell due meanwhile (startDueNow).
 */

/** Something to start at `at` (performance.now() milliseconds). */
export interface Due {
  at: number;
}

/** The catch-up of every schedule still starting arrivals on this thread (startDueNow). */
const catchUps = new Set<() => void>();

/**
 * Starts, now, every arrival already due in any schedule of this thread. Called after each answer a
 * walk receives (lib/load/vu-measure.ts): a timer fires only in the event loop's next turn, after
 * every answer the turn's poll has ready (up to one per connection), so an arrival due meanwhile
 * starts after the answer at hand instead of after the whole batch. A clock read and a comparison
 * per schedule still starting when nothing is due.
 */
export function startDueNow(): void {
  for (const catchUp of catchUps) catchUp();
}

/**
 * Starts each of `due` (in due order) at its time: `start(item, latenessMs)`, from its timer or
 * from startDueNow, whichever comes first. Resolves when every one has started and what each start
 * returned has settled.
 */
export function startAtDueTimes<Item extends Due>(
  due: readonly Item[],
  start: (item: Item, latenessMs: number) => Promise<void>,
): Promise<void> {
  const started: Promise<void>[] = [];
  let next = 0;
  // The clock is read again for each start: what the starts before it ran (a walk's first request
  // is built and written synchronously) is lateness too. `next` moves before the start, so a start
  // that calls startDueNow itself (a send that failed at once) starts the items after it, not again.
  const catchUp = () => {
    for (let item = due[next]; item !== undefined; item = due[next]) {
      const now = performance.now();
      if (item.at > now) return;
      next += 1;
      started.push(start(item, now - item.at));
    }
  };
  catchUps.add(catchUp);
  return new Promise((resolve) => {
    const tick = () => {
      catchUp();
      const coming = due[next];
      if (coming === undefined) {
        catchUps.delete(catchUp);
        void Promise.allSettled(started).then(() => resolve());
        return;
      }
      setTimeout(tick, Math.max(0, coming.at - performance.now()));
    };
    tick();
  });
}
