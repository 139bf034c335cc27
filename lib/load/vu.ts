/**
 * The Vu every arrival of a scenario is given: the one walk (lib/paging/walk-list.ts) over one
 * undici client per worker, with every response measured and every page checked, written as raw
 * points (lib/load/points). Knows nothing of the engine that schedules the arrivals.
 */
import { createNodeClient, type NodeClient } from '../adapters/node-http.ts';
import { DEFAULT_BACKOFF, retryAfterMs } from '../backoff.ts';
import type { Failure } from '../failure.ts';
import type { ApiCall } from '../http/call.ts';
import { pacer } from '../http/pacer.ts';
import type { ApiResponse } from '../http/response.ts';
import { errorBodyShape } from '../checks/error-body-shape.ts';
import { runProbeChecks } from '../paging/run-checks.ts';
import { throttledFailures, walkList, type Sender, type Walk } from '../paging/walk-list.ts';
import { foldPage, MAX_PAGES, startWalk } from '../paging/walk.ts';
import type { Target } from '../target/target.ts';
import { depthLatencyAdded } from './depth-latency.ts';
import { METRIC } from './metrics.ts';
import type { PointSink } from './points/write.ts';
import type { RefusedRequest } from './refused-plan.ts';
import type { LoadSettings, SetupData, Vu, WalkOptions } from './scenario.ts';
import { callTags, periodOf, statusTags } from './tags.ts';
import { isDefinitive } from './thresholds.ts';

/** Walk ends that prove nothing either way: counted (walk_inconclusive), never failed. */
const INCONCLUSIVE_ENDS: ReadonlySet<string> = new Set([
  'throttled',
  'timed-out',
  'stopped',
  'cursor-refused',
]);

/** A walk still going after this long stops as timed-out (inconclusive). */
const WALK_DEADLINE_MS = 60_000;

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

type Tags = Record<string, string>;

/** A network failure under load is a data point (status 0), not the end of the run. */
function failedResponse(started: number): ApiResponse {
  return { status: 0, headers: {}, bodyText: '', body: undefined, durationMs: performance.now() - started };
}

/** The Vu with what the engine alone calls: warm it, stop its walks, close its client. */
export interface LoadVu extends Vu {
  warm(first: ApiCall): Promise<void>;
  stopAt(epochMs: number): void;
  close(): Promise<void>;
}

export function createVu(options: VuOptions): LoadVu {
  const { target, settings, setup, points } = options;
  const client: NodeClient = createNodeClient(target, {
    timeoutMs: settings.requestTimeoutMs,
    connections: options.connections ?? 64,
  });
  const pace = pacer(options.maxRps);
  let definitive = false;
  /** Epoch ms after which walks stop (the stage's schedule plus a grace); none until set. */
  let stopAtMs = Infinity;

  async function sendMeasured(call: ApiCall, tags: Tags): Promise<ApiResponse> {
    await pace();
    const started = performance.now();
    let response: ApiResponse;
    try {
      response = await client.send(call);
    } catch {
      response = failedResponse(started);
    }
    points.add(METRIC.latency, 'trend', response.durationMs, statusTags(tags, response.status));
    points.add(METRIC.rateLimited, 'rate', response.status === 429 ? 1 : 0, tags);
    points.add(METRIC.serverErrors, 'rate', response.status === 0 || response.status >= 500 ? 1 : 0, tags);
    return response;
  }

  function recordFailures(failures: readonly Failure[], call: ApiCall, traffic: string): void {
    for (const failure of failures) {
      points.add(METRIC.checkFailures, 'counter', 1, {
        check: failure.check,
        code: failure.code,
        severity: failure.severity,
        message: failure.message.slice(0, 300),
        tenant: call.credential.tenant,
        endpoint: call.endpoint,
        traffic,
      });
      if (isDefinitive(failure)) definitive = true;
    }
  }

  async function walk(first: ApiCall, walkOptions: WalkOptions = {}): Promise<Walk> {
    const traffic = walkOptions.traffic ?? 'walk';
    const started = performance.now();
    const latencies: number[] = [];
    let depth = 1;
    let throttledSince: number | null = null;
    // The Retry-After of the last 429, to judge whether waiting all of it was enough (advisory).
    let lastHintMs: number | null = null;
    const sender: Sender = { send: (call) => sendMeasured(call, callTags(call, traffic, depth)) };
    const result = await walkList(
      sender,
      {
        endpoint: first.endpoint,
        query: first.query,
        credential: first.credential,
        maxPages: MAX_PAGES,
        foreignOwner: walkOptions.foreignOwner,
      },
      {
        deadlineMs: Math.min(Date.now() + WALK_DEADLINE_MS, stopAtMs),
        backoff: walkOptions.backoff ?? DEFAULT_BACKOFF,
        running: () => !definitive && Date.now() < stopAtMs,
        onResponse(call, response, attempt, waitedMs) {
          const tags = callTags(call, traffic, depth);
          const throttled = response.status === 429;
          if (attempt > 0) {
            points.add(METRIC.retries, 'counter', 1, tags);
            // Honesty is judged only when the whole hint was waited (the backoff cap may shorten it).
            if (lastHintMs !== null && waitedMs >= lastHintMs)
              points.add(METRIC.retryAfterHonest, 'rate', throttled ? 0 : 1, tags);
          }
          lastHintMs = null;
          if (!throttled) {
            if (throttledSince !== null)
              points.add(METRIC.throttleRecovery, 'trend', Date.now() - throttledSince, tags);
            throttledSince = null;
            if (response.status === 200) latencies.push(response.durationMs);
            return;
          }
          throttledSince ??= Date.now();
          lastHintMs = retryAfterMs(response.headers['retry-after'], Date.now());
          points.add(METRIC.retryAfterPresent, 'rate', lastHintMs === null ? 0 : 1, tags);
        },
        onThrottled(_state, call, failures) {
          recordFailures(failures, call, traffic);
        },
        onPage(state, call, response, failures) {
          recordFailures(failures, call, traffic);
          if (options.recordDrift && response.status === 200) {
            const period = periodOf(Date.now() - setup.startedAt, settings.durationS * 1000);
            points.add(METRIC.latencyDrift, 'trend', response.durationMs - setup.floorMs, {
              ...callTags(call, traffic, depth),
              period,
            });
          }
          depth = state.pageCount + 1;
        },
      },
    );
    const tags = callTags(first, traffic, 1);
    points.add(METRIC.walks, 'counter', 1, { ...tags, end: result.end });
    points.add(METRIC.pages, 'counter', result.pageCount, tags);
    points.add(METRIC.walkPages, 'trend', result.pageCount, tags);
    points.add(METRIC.walkDuration, 'trend', performance.now() - started, tags);
    const inconclusive = INCONCLUSIVE_ENDS.has(result.end);
    points.add(METRIC.walkInconclusive, 'rate', inconclusive ? 1 : 0, tags);
    const added = depthLatencyAdded(latencies);
    if (added !== null) points.add(METRIC.depthLatencyAdded, 'trend', added, tags);
    return result;
  }

  const sender = (traffic: string): Sender => ({
    send: (call) => sendMeasured(call, callTags(call, traffic, 1)),
  });

  async function refuse({ call, check, probe }: RefusedRequest): Promise<ApiResponse> {
    const traffic = 'refused';
    const response = await sendMeasured(call, callTags(call, traffic, 1));
    const judged = response.status !== 429;
    const failures = judged
      ? runProbeChecks([check, errorBodyShape], { call, response, probe })
      : throttledFailures(call, response);
    if (judged) points.add(METRIC.refused, 'counter', 1, { check: check.name });
    recordFailures(failures, call, traffic);
    return response;
  }

  /** One request outside a walk: a 429 is not retried, but its body must still be an Error. */
  async function send(call: ApiCall, traffic: string, depth = 1): Promise<ApiResponse> {
    const response = await sendMeasured(call, callTags(call, traffic, depth));
    recordFailures(throttledFailures(call, response), call, traffic);
    return response;
  }

  /**
   * One unmeasured first page, folded through the page checks and thrown away: the client's
   * parser, the connection and the checks' compiled validators are ready before the first
   * scheduled arrival, whose start would otherwise be late by the worker's warm-up.
   */
  async function warm(first: ApiCall): Promise<void> {
    const call = { ...first, query: { limit: '1' } };
    try {
      foldPage(startWalk({ ...call, maxPages: 1 }), call, await client.send(call));
    } catch {
      // An unreachable target shows in the run itself, measured.
    }
  }

  return {
    target,
    settings,
    setup,
    warm,
    walk,
    send,
    refuse,
    sender,
    recordFailures,
    stopped: () => definitive,
    stopAt(epochMs: number) {
      stopAtMs = epochMs;
    },
    close: () => client.close(),
  };
}
