/** One context per suite run: the client, the budget, and the survey shared by every property. */
import fc from 'fast-check';
import { headExchange } from '../adapters/node-head-exchange.ts';
import { keepAliveExchange } from '../adapters/node-keep-alive-exchange.ts';
import { createNodeClient, type NodeClient, type NodeClientOptions } from '../adapters/node-http.ts';
import type { Failure } from '../failure.ts';
import { NoAnswer } from '../http/no-answer.ts';
import type { Target } from '../target/target.ts';
import { surveyTarget, type Survey } from './survey.ts';
import { createRecordingClient } from './transcript.ts';
import { resolveBudget, surveyBudget } from './budget.ts';
import type { Budget, PropertyContext, TooLong } from './types.ts';

export interface ContextOptions {
  /** Pages a whole walk may take (--walk-pages): over the target file's walkPages. @default 40 */
  walkPages?: number;
  budget?: Partial<Budget>;
  /** Time for the survey's walks of every tenant's lists. @default 30000, more for a raised walkPages */
  surveyMs?: number;
  client?: NodeClientOptions;
}

export interface SuiteContext extends PropertyContext {
  /** The advisories collected since the last call. */
  takeAdvisories(): Failure[];
  /** The lists reported too long for their walks' budget since the last call. */
  takeTooLong(): TooLong[];
  /** The last reason a run was inconclusive since the last call, if one was given. */
  takeInconclusive(): string | undefined;
  /**
   * The requests through the context's clients left without an answer (NoAnswer) since the last
   * call, once every request in flight has settled (within the client's timeout): a run the time
   * budget cut short stopped waiting for its request, whose missing answer came after.
   */
  takeUnanswered(): Promise<NoAnswer[]>;
  close(): Promise<void>;
}

/**
 * The pipelining pool: connections, and requests each carries before its first is answered. Eight
 * requests sent at once are all in flight at the server together, even on one server thread.
 */
const OVERLAP = { connections: 2, pipelining: 4 };

/** The requests of clients left without an answer, and the sends still in flight. */
class Unanswered {
  private readonly seen: NoAnswer[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  /** `client`, its every send watched. */
  watch(client: NodeClient): NodeClient {
    return {
      ...client,
      send: (call) => {
        const sent = client.send(call);
        const settled = sent.then(
          () => undefined,
          (error: unknown) => {
            if (error instanceof NoAnswer) this.seen.push(error);
          },
        );
        this.inFlight.add(settled);
        void settled.then(() => this.inFlight.delete(settled));
        return sent;
      },
    };
  }

  async take(): Promise<NoAnswer[]> {
    await Promise.all([...this.inFlight]);
    return this.seen.splice(0);
  }
}

export function createContext(target: Target, options: ContextOptions = {}): SuiteContext {
  const unanswered = new Unanswered();
  // A request whose kept-alive connection closed under it is sent again, once: not the target's
  // answer to judge (lib/adapters/node-http.ts, resendOnClose).
  const client = unanswered.watch(createNodeClient(target, { resendOnClose: true, ...options.client }));
  const pipelined = unanswered.watch(
    createNodeClient(target, { resendOnClose: true, ...options.client, ...OVERLAP }),
  );
  const recording = createRecordingClient(client);
  let survey: Promise<Survey> | undefined;
  let advisories: Failure[] = [];
  let tooLong: TooLong[] = [];
  let inconclusive: string | undefined;
  const budget = resolveBudget(target, options.walkPages, options.budget);
  return {
    target,
    client: recording,
    overlapping: recording.over(pipelined),
    raw: client,
    headOnWire: (call) => headExchange(target, call),
    keepAliveOnWire: (first, second) => keepAliveExchange(target, first, second),
    budget,
    survey: () => (survey ??= surveyTarget(client, target, surveyBudget(target, budget, options.surveyMs))),
    advise(failure) {
      const key = `${failure.check}|${failure.code}|${failure.message}`;
      if (!advisories.some((known) => `${known.check}|${known.code}|${known.message}` === key))
        advisories.push(failure);
    },
    takeAdvisories() {
      const taken = advisories;
      advisories = [];
      return taken;
    },
    tooLong(entry) {
      tooLong.push(entry);
    },
    takeTooLong() {
      const taken = tooLong;
      tooLong = [];
      return taken;
    },
    inconclusive(why) {
      inconclusive = why;
      fc.pre(false);
    },
    takeInconclusive() {
      const taken = inconclusive;
      inconclusive = undefined;
      return taken;
    },
    takeUnanswered: () => unanswered.take(),
    close: async () => {
      await Promise.all([client.close(), pipelined.close()]);
    },
  };
}
