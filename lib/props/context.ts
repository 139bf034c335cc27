/** One context per suite run: the client, the budget, and the survey shared by every property. */
import { createNodeClient, type NodeClientOptions } from '../adapters/node-http.ts';
import type { Failure } from '../failure.ts';
import type { Target } from '../target/target.ts';
import { surveyTarget, type Survey } from './survey.ts';
import { createRecordingClient } from './transcript.ts';
import type { Budget, PropertyContext } from './types.ts';

const DEFAULT_BUDGET: Budget = { prefixPages: 5, fullWalkPages: 40, walkMs: 15_000, paceMs: 30 };

export interface ContextOptions {
  budget?: Partial<Budget>;
  /** Time for the survey's full walks of every tenant's lists. @default 30000 */
  surveyMs?: number;
  client?: NodeClientOptions;
}

export interface SuiteContext extends PropertyContext {
  /** The advisories collected since the last call. */
  takeAdvisories(): Failure[];
  close(): Promise<void>;
}

export function createContext(target: Target, options: ContextOptions = {}): SuiteContext {
  const client = createNodeClient(target, options.client);
  let survey: Promise<Survey> | undefined;
  let advisories: Failure[] = [];
  return {
    target,
    client: createRecordingClient(client),
    raw: client,
    budget: { ...DEFAULT_BUDGET, ...options.budget },
    survey: () => (survey ??= surveyTarget(client, target, options.surveyMs ?? 30_000)),
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
    close: () => client.close(),
  };
}
