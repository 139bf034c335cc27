/**
 * One replay of the customer's walk: at most `pages` pages, every page folded through the shared
 * page checks, every request recorded as a reproduction step with its cursor traced to the step
 * that issued it. A 429 that outlasts the backoff makes the replay inconclusive, never a failure.
 */
import type { Endpoint } from '../contract/endpoints.ts';
import { isError, type Failure } from '../failure.ts';
import type { ApiCall, Credential } from '../http/call.ts';
import { NoAnswer } from '../http/no-answer.ts';
import { noAnswerFailure } from '../paging/run-checks.ts';
import type { WalkEnd, WalkSpec } from '../paging/walk.ts';
import { walkList, type Sender, type Walk } from '../paging/walk-list.ts';
import type { ReproStep } from './step-walks.ts';
import { walkQuery, type WalkInput } from './walk-input.ts';
import type { Query } from '../http/call.ts';
import { MAX_PAGES } from '../paging/walk.ts';

export interface ReplayTarget {
  endpoint: Endpoint;
  filters: Query;
  credential: Credential;
  foreignOwner?: (id: string) => string | undefined;
  /** Told the first page of each replay before it is sent (the mirror walkers of --under-load). */
  announce?: (endpoint: Endpoint, query: Query) => Promise<void>;
}

export interface Replay {
  input: WalkInput;
  /** Failures of severity error; the walk stops at the first page that shows one. */
  failures: Failure[];
  steps: ReproStep[];
  /** The tenant that owns a record this walk received though it was not its own (a leak). */
  leakedFrom?: string;
  /** `throttled`, `timed-out`, `budget-reached` and `cursor-refused` prove nothing either way. */
  end: Exclude<WalkEnd, 'stopped'>;
}

export async function replayWalk(
  client: Sender,
  walk: ReplayTarget,
  input: WalkInput,
  deadlineMs: number,
): Promise<Replay> {
  const spec: WalkSpec = {
    endpoint: walk.endpoint,
    query: walkQuery(walk.filters, input),
    credential: walk.credential,
    maxPages: MAX_PAGES,
    foreignOwner: walk.foreignOwner,
  };
  await walk.announce?.(walk.endpoint, spec.query);
  const steps: ReproStep[] = [];
  let leakedFrom: string | undefined;
  const cursorFrom = (call: ApiCall) =>
    call.query.cursor !== undefined ? { cursorFrom: steps.length - 1 } : {};
  let replayed: Walk;
  try {
    replayed = await walkList(client, spec, {
      deadlineMs,
      pages: input.pages,
      onPage(_state, call, response, failures) {
        leakedFrom ??= ownerOfLeak(walk, failures, response.body);
        steps.push({
          call,
          status: response.status,
          ...cursorFrom(call),
          // A page that failed by its status: a script can tell by the status alone that the bug is back.
          ...(failures.some(isError) && response.status !== 200 ? { showsBug: true } : {}),
        });
      },
    });
  } catch (error) {
    if (!(error instanceof NoAnswer)) throw error;
    return unansweredReplay(error, input, steps, cursorFrom(error.call));
  }
  return {
    input,
    failures: replayed.failures.filter(isError),
    steps,
    end: replayEnd(replayed.end),
    ...(leakedFrom ? { leakedFrom } : {}),
  };
}

/**
 * A request the reached target left without an answer: the replay's finding
 * (every-request-answered), that request its last step, showing the bug by its status 0.
 */
export function unansweredReplay(
  error: NoAnswer,
  input: WalkInput,
  steps: ReproStep[] = [],
  from: { cursorFrom?: number } = {},
): Replay {
  steps.push({ call: error.call, status: 0, ...from, showsBug: true });
  return { input, failures: [noAnswerFailure(error)], steps, end: 'failed' };
}

/** A replay has no `running` to stop it, so a walk never ends `stopped` here. */
function replayEnd(end: WalkEnd): Replay['end'] {
  if (end === 'stopped') throw new Error('a replay walk has no running() to stop it');
  return end;
}

function ownerOfLeak(walk: ReplayTarget, failures: readonly Failure[], body: unknown): string | undefined {
  if (!walk.foreignOwner || !failures.some((failure) => failure.check === 'tenant-isolation'))
    return undefined;
  const data = (body as { data?: { id?: unknown }[] } | undefined)?.data ?? [];
  return data.map((record) => walk.foreignOwner?.(String(record.id))).find((owner) => owner !== undefined);
}
