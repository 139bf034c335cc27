/**
 * The Vu every arrival of a scenario is given: the one walk (lib/paging/walk-list.ts) over one
 * undici client per worker, with every response measured and every page checked, written as raw
 * points (lib/load/points). Knows nothing of the engine that schedules the arrivals. Its parts:
 * the measured send and the failure recorder (./vu-measure.ts), the measured walk (./vu-walk.ts),
 * and here the single requests: refused, flooding, warming.
 */
import { createNodeClient, type NodeClient } from '../adapters/node-http.ts';
import { errorBodyShape } from '../checks/error-body-shape.ts';
import { refusalDisclosesNothing } from '../checks/refusal-discloses-nothing.ts';
import type { ApiCall } from '../http/call.ts';
import { pacer } from '../http/pacer.ts';
import type { ApiResponse } from '../http/response.ts';
import { everyAnswerFailures, LOAD_KEY_SEARCH } from '../paging/answer-checks.ts';
import { runProbeChecks } from '../paging/run-checks.ts';
import { answerFailures, throttledFailures, type Sender } from '../paging/walk-list.ts';
import { foldPage, startWalk } from '../paging/walk.ts';
import type { Target } from '../target/target.ts';
import { METRIC } from './metrics.ts';
import type { PointSink } from './points/write.ts';
import type { RefusedRequest } from './refused-plan.ts';
import type { LoadSettings, SetupData, Vu } from './scenario.ts';
import { callTags } from './tags.ts';
import { failureRecorder, measuredSend, type FailureRecorder, type MeasuredSend } from './vu-measure.ts';
import { measuredWalk } from './vu-walk.ts';

export interface VuOptions {
  target: Target;
  settings: LoadSettings;
  setup: SetupData;
  points: PointSink;
  /** Whether a threshold reads latency_drift, which costs a point per page. */
  recordDrift: boolean;
  /** Requests per second this generator may send at most (the target's load.maxRps share). */
  maxRps?: number;
  /** Connections of the worker's client. @default 64 */
  connections?: number;
}

/** The Vu with what the engine alone calls: warm it, stop its walks, close its client. */
export interface LoadVu extends Vu {
  warm(first: ApiCall): Promise<void>;
  stopAt(epochMs: number): void;
  close(): Promise<void>;
}

/**
 * One request the contract refuses, judged by its check and the Error shape; a 429 is not judged
 * (the spec does not order 429 against 401/403/404), only counted, nor is a request left without an
 * answer (every-request-answered's, through everyAnswerFailures).
 */
function refuser(target: Target, send: MeasuredSend, failures: FailureRecorder, points: PointSink) {
  return async ({ call, check, probe }: RefusedRequest): Promise<ApiResponse> => {
    const traffic = 'refused';
    const response = await send(call, callTags(call, traffic, 1));
    const judged = response.status !== 429 && response.noAnswer === undefined;
    const found = [
      ...(judged
        ? runProbeChecks([check, errorBodyShape, refusalDisclosesNothing], { call, response, probe })
        : throttledFailures(call, response)),
      ...everyAnswerFailures(call, response, target, LOAD_KEY_SEARCH),
    ];
    if (judged) points.add(METRIC.refused, 'counter', 1, { check: check.name });
    failures.record(found, call, traffic);
    return response;
  };
}

/**
 * One unmeasured first page, folded through the page checks and thrown away: the client's
 * parser, the connection and the checks' compiled validators are ready before the first
 * scheduled arrival, whose start would otherwise be late by the worker's warm-up.
 */
async function warm(client: NodeClient, first: ApiCall): Promise<void> {
  const call = { ...first, query: { limit: '1' } };
  try {
    foldPage(startWalk({ ...call, maxPages: 1 }), call, await client.send(call));
  } catch {
    // An unreachable target shows in the run itself, measured.
  }
}

export function createVu(options: VuOptions): LoadVu {
  const { target, settings, setup, points } = options;
  const client = createNodeClient(target, {
    timeoutMs: settings.requestTimeoutMs,
    connections: options.connections ?? 64,
  });
  const send = measuredSend(client, pacer(options.maxRps), points);
  const failures = failureRecorder(points);
  /** Epoch ms after which walks stop (the stage's schedule plus a grace); none until set. */
  let stopAtMs = Infinity;
  const walk = measuredWalk({
    target,
    points,
    send,
    failures,
    settings,
    setup,
    recordDrift: options.recordDrift,
    stopAtMs: () => stopAtMs,
  });
  return {
    target,
    settings,
    setup,
    warm: (first) => warm(client, first),
    walk,
    /** One request outside a walk: a 429 is not retried, but its body must still be an Error. */
    async send(call, traffic, depth = 1) {
      const response = await send(call, callTags(call, traffic, depth));
      failures.record(throttledFailures(call, response), call, traffic);
      failures.record(everyAnswerFailures(call, response, target, LOAD_KEY_SEARCH), call, traffic);
      return response;
    },
    async ask(call, traffic) {
      const response = await send(call, callTags(call, traffic, 1));
      // No answer at all is the server_errors threshold's (status 0), as for every request, and
      // every-request-answered's when the target was reached (everyAnswerFailures).
      if (response.status !== 0) failures.record(answerFailures(call, response), call, traffic);
      failures.record(everyAnswerFailures(call, response, target, LOAD_KEY_SEARCH), call, traffic);
      return response;
    },
    refuse: refuser(target, send, failures, points),
    sender: (traffic): Sender => ({
      send: (call) => send(call, callTags(call, traffic, 1)),
      target,
      keySearch: LOAD_KEY_SEARCH,
    }),
    recordFailures: (found, call, traffic) => failures.record(found, call, traffic),
    stopped: () => failures.definitive(),
    stopAt(epochMs) {
      stopAtMs = epochMs;
    },
    close: () => client.close(),
  };
}
