/**
 * The client's own queue in front of undici's (NodeClientOptions.laterPagesFirst): at most
 * `capacity` requests are handed to undici at once, and those that wait go out a walk's later
 * pages (a call with a cursor) before any walk's first page. undici's queue is one line in
 * order of sending: behind a backlog of new walks' first pages, every walk already going waits
 * its turn on each of its pages, so all of them stay in flight longer and keep their state (ids
 * seen, records, suspended calls) alive together, and each request then costs more CPU in the
 * garbage collector (docs/bench.md, "Session 17"): a backlog that does not drain. Here the walks
 * begun end first and their state dies young; new walks start sending as connections free up.
 * Only the order of waiting requests changes: each one's latency still counts from its send.
 */

/** Requests handed to undici at once, and those waiting, later pages first. */
export class LaterPagesFirst {
  private readonly capacity: number;
  private active = 0;
  private readonly later = new Fifo();
  private readonly first = new Fifo();

  constructor(capacity: number) {
    this.capacity = Math.max(1, capacity);
  }

  /** Runs `dispatch` now when fewer than `capacity` are out, else when its turn comes; each run is released once. */
  enter(laterPage: boolean, dispatch: () => void): void {
    if (this.active < this.capacity) {
      this.active += 1;
      dispatch();
    } else (laterPage ? this.later : this.first).push(dispatch);
  }

  /** One request handed out has ended (answered or failed): the next waiting one goes. */
  release(): void {
    const next = this.later.shift() ?? this.first.shift();
    if (next === undefined) this.active -= 1;
    else next();
  }
}

/** A queue that takes from its head without moving the rest (Array.shift copies a long backlog). */
class Fifo {
  private items: ((() => void) | undefined)[] = [];
  private head = 0;

  push(item: () => void): void {
    this.items.push(item);
  }

  shift(): (() => void) | undefined {
    if (this.head === this.items.length) return undefined;
    const item = this.items[this.head];
    this.items[this.head] = undefined;
    this.head += 1;
    if (this.head === this.items.length) {
      this.items = [];
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}
