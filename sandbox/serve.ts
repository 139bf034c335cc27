import { setTimeout as sleep } from 'node:timers/promises';
import type { ServeOptions } from '../lib/target/sandbox-options.ts';

/**
 * A server with a known capacity, so a capacity run can be checked against it (`--serve`):
 * - `shed=N`: a load shedder in front admits N requests a second (every tenant together, in
 *   windows of one second) and answers the rest 503 at once: a capacity of N req/s that sheds;
 * - `pool=N,hold=D`: each request that reaches the query (past authentication and the rate
 *   limits, which answer at once) holds one of N connections for D, waiting for a free one: a
 *   capacity of about N / D req/s, above which the queue and the latency grow without bound (a
 *   knee).
 */
export class ServerCapacity {
  private readonly options: ServeOptions;
  private windowStart = 0;
  private admitted = 0;
  private busy = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(options: ServeOptions) {
    this.options = options;
  }

  /** Whether the shedder is on: the hot path pays nothing when it is not. */
  get sheds(): boolean {
    return this.options.shedRps > 0;
  }

  /** True when this request is over the second's admissions: answer 503. */
  shed(): boolean {
    const now = Date.now();
    if (now - this.windowStart >= 1000) [this.windowStart, this.admitted] = [now, 0];
    if (this.admitted >= this.options.shedRps) return true;
    this.admitted += 1;
    return false;
  }

  /** Holds a connection of the pool for the query's time (none without a pool). */
  async hold(): Promise<void> {
    const { pool, holdMs } = this.options;
    if (pool === 0) return;
    if (this.busy >= pool) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy += 1;
    await sleep(holdMs);
    // The connection goes straight to the next in line, or back to the pool.
    const next = this.waiting.shift();
    if (next) next();
    else this.busy -= 1;
  }
}
