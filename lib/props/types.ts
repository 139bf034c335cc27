/**
 * Properties are data: a name, a family, what the target must provide, the checks they evaluate,
 * and a factory that turns a live target into a fast-check arbitrary and an async predicate. The
 * vitest files, the `props` command, the gate and the mutation matrix all run the same list.
 */
import type fc from 'fast-check';
import type { Failure } from '../failure.ts';
import type { ApiCall } from '../http/call.ts';
import type { HeadExchange } from '../http/head-framing.ts';
import type { KeepAliveExchange } from '../http/keep-alive.ts';
import type { Sender } from '../paging/walk-list.ts';
import type { KeyRole } from '../target/schema.ts';
import type { Target } from '../target/target.ts';
import type { Coverage } from './coverage.ts';
import type { RecordingClient } from './transcript.ts';
import type { Survey } from './survey.ts';

export type Family =
  | 'pagination'
  | 'limits'
  | 'cursors'
  | 'filters'
  | 'parameters'
  | 'auth'
  | 'tenancy'
  | 'errors'
  | 'http'
  | 'ratelimit';

/** What a property needs from the target; an unmet need is a skip with this as its reason. */
export type Need =
  | { kind: 'key'; role: KeyRole; tenants: number }
  | { kind: 'quiescent' }
  /** A tenant whose data changes while it is read (`quiescent: false`): walks under churn. */
  | { kind: 'changing' }
  | { kind: 'locations'; tenants: number }
  | { kind: 'categories'; tenants: number }
  /** A target the harness may load (lib/target/loopback.ts): bursts past a rate limit, at most load.maxRps. */
  | { kind: 'load' };

/** Bounds that keep every run short, whatever the target's size. */
export interface Budget {
  /** Pages of a walk that need not reach the end (no-duplicates, filters, page size). @default 5 */
  prefixPages: number;
  /**
   * Pages a whole walk may take (--walk-pages, the target file's walkPages); limits are chosen so
   * the data fits, and a list that does not fit at limit 100 is left out and named. @default 40
   */
  fullWalkPages: number;
  /**
   * Wall-clock cap of one walk; a walk that runs out is inconclusive. @default 15000, or 25 ms a
   * page of a larger fullWalkPages
   */
  walkMs: number;
  /** Pause between the pages of a walk on changing data, so the data changes mid-walk. @default 30 */
  paceMs: number;
}

/** A list a walk could not read to its end within its budget: no evidence of anything, but named. */
export interface TooLong {
  /** The list, e.g. `tenant-a orders`, with its filters when it had some. */
  list: string;
  /** What is known of its length, e.g. `more than 40,000 records: still going after 400 pages`. */
  why: string;
}

export interface PropertyContext {
  target: Target;
  client: RecordingClient;
  /**
   * `client`'s recording over a pool that pipelines (lib/props/context.ts): requests sent at once
   * are in flight at the server together, even one that answers on one thread.
   */
  overlapping: RecordingClient;
  /**
   * The same connection pool, unrecorded and without the 429 retry loop: for the properties that
   * must see a 429 themselves (ratelimit). Everything else sends through `client`.
   */
  raw: Sender;
  /**
   * `call` sent as HEAD on a connection of its own, and what its answer's head was followed by on
   * it once a second request went (lib/adapters/node-head-exchange.ts): what an HTTP client hides.
   */
  headOnWire: (call: ApiCall) => Promise<HeadExchange>;
  /**
   * `first`, then `second` on the same connection of its own once the first answer ended, each
   * answer read to its end within 5 s (lib/adapters/node-keep-alive-exchange.ts): whether a
   * kept-alive connection still serves after an answer, which a pool hides.
   */
  keepAliveOnWire: (first: ApiCall, second: ApiCall) => Promise<KeepAliveExchange>;
  budget: Budget;
  /** What the target holds, read once per context by full walks (shared by all properties). */
  survey(): Promise<Survey>;
  /** Advisory findings (behaviour the spec leaves open), collected across runs. */
  advise(failure: Failure): void;
  /** A list a walk needed whole but could not read to its end within its budget. */
  tooLong(entry: TooLong): void;
  /**
   * Ends this run as inconclusive (`fc.pre`), saying why: when no run of the property completes,
   * its result names the last reason given instead of a generic one.
   */
  inconclusive(why: string): void;
}

/** A property ready to run: inputs to generate, and the check of one input (throws on a violation). */
export interface Prepared<Input> {
  arbitrary: fc.Arbitrary<Input>;
  run(input: Input): Promise<void>;
  /** The cells the inputs aim at, and one input per cell to run before the random runs. */
  coverage?: Coverage<Input>;
}

export interface Skip {
  skip: string;
}

export interface PropertyInfo {
  /** `family.what`, e.g. `pagination.no-duplicates`; what reports and `--property` use. */
  name: string;
  family: Family;
  description: string;
  /** Names of the lib/checks checks this property evaluates; their `catches` are its faults. */
  checks: readonly string[];
  needs: readonly Need[];
  /** Runs per property by default (each run is a few requests to a few dozen). */
  runs: number;
}

export interface PropertyDefinition extends PropertyInfo {
  prepare(context: PropertyContext): Promise<Prepared<unknown> | Skip>;
}

export const defineProperty = (definition: PropertyDefinition): PropertyDefinition => definition;

/** Pairs an arbitrary with the check of one of its values (the input type is inferred here). */
export const prepared = <Input>(
  arbitrary: fc.Arbitrary<Input>,
  run: (input: Input) => Promise<void>,
  coverage?: Coverage<Input>,
): Prepared<Input> => ({
  arbitrary,
  run,
  ...(coverage === undefined ? {} : { coverage }),
});

export const isSkip = (value: object): value is Skip => 'skip' in value;
