/**
 * Starts arrivals at their due times on one plain timer, re-armed for the next due one: no
 * spinning between them (Artillery's own arrival timer re-arms with setImmediate below 25 ms and
 * holds a core), and when the event loop comes back late, every arrival already due starts at
 * once, each told how late it is. Lateness is measured from the due time, never from the timer.
 */

/** Something to start at `at` (performance.now() milliseconds). */
export interface Due {
  at: number;
}

/**
 * Starts each of `due` (in due order) at its time: `start(item, latenessMs)`. Resolves when every
 * one has started and what each start returned has settled.
 */
export function startAtDueTimes<Item extends Due>(
  due: readonly Item[],
  start: (item: Item, latenessMs: number) => Promise<void>,
): Promise<void> {
  const started: Promise<void>[] = [];
  let next = 0;
  return new Promise((resolve) => {
    const tick = () => {
      // The clock is read again for each start: what the starts before it in this turn ran (a
      // walk's first request is built and written synchronously) is lateness too.
      for (let item = due[next]; item !== undefined; item = due[next]) {
        const now = performance.now();
        if (item.at > now) break;
        started.push(start(item, now - item.at));
        next += 1;
      }
      const coming = due[next];
      if (coming === undefined) {
        void Promise.allSettled(started).then(() => resolve());
        return;
      }
      setTimeout(tick, Math.max(0, coming.at - performance.now()));
    };
    tick();
  });
}
