/**
 * Faults of a server that remembers cursors between requests. GET is idempotent
 * (RFC 9110 §9.2.2): a page requested again, as a client retrying after a timeout does, must be the same
 * page, and no request may move another's place in a list. These servers break that.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { badRequest } from '../errors.ts';
import type { FaultSet } from './catalogue.ts';

/** cursor-mixup-under-concurrency: time between writing a key's slot and reading it back. */
const SLOT_LOOKUP_MS = 2;
/** Tokens remembered at most; past it the memory starts again (a long load run). */
const MAX_REMEMBERED = 100_000;

function remember<Value>(memory: Map<string, Value>, token: string, value: Value): void {
  if (memory.size >= MAX_REMEMBERED) memory.clear();
  memory.set(token, value);
}

/** The cursor memory of one list endpoint of one server instance. */
export class CursorMemory {
  private readonly faults: FaultSet;
  /** cursor-state-per-key: each key's last next-page token. */
  private readonly lastByKey = new Map<string, string>();
  /** cursor-single-use: the tokens already answered. */
  private readonly used = new Map<string, true>();
  /** cursor-advances-on-repeat: each token's scroll, as the next-page token its last use issued. */
  private readonly scrolls = new Map<string, string>();
  /** cursor-mixup-under-concurrency: the cursor of each key's request under way. */
  private readonly slots = new Map<string, string | undefined>();

  constructor(faults: FaultSet) {
    this.faults = faults;
  }

  /** The cursor a request of `key` that sent `given` is served from. */
  async cursorOf(key: string, given: string | undefined): Promise<string | undefined> {
    const { faults } = this;
    let cursor = given;
    if (given !== undefined) {
      if (faults.has('cursor-state-per-key')) cursor = this.lastByKey.get(key) ?? given;
      if (faults.has('cursor-single-use')) {
        if (this.used.has(given)) throw badRequest('cursor has already been used');
        remember(this.used, given, true);
      }
      if (faults.has('cursor-advances-on-repeat')) cursor = this.scrolls.get(given) ?? cursor;
    }
    if (faults.has('cursor-mixup-under-concurrency')) {
      // One slot per key, as if a key had one session: a request under way reads another's cursor.
      this.slots.set(key, cursor);
      await sleep(SLOT_LOOKUP_MS);
      cursor = this.slots.get(key);
    }
    return cursor;
  }

  /** What the faults remember of a page served to `key` for `given`, whose next token is `next`. */
  served(key: string, given: string | undefined, next: unknown): void {
    const { faults } = this;
    if (faults.has('cursor-state-per-key')) {
      if (typeof next === 'string') this.lastByKey.set(key, next);
      else this.lastByKey.delete(key);
    }
    if (faults.has('cursor-advances-on-repeat') && given !== undefined && typeof next === 'string')
      remember(this.scrolls, given, next);
  }
}
