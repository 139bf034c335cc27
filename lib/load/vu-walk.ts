/**
 * One walk of a load, measured: the one walk loop (lib/paging/walk-list.ts) over the Vu's measured
 * send, with what a load records beyond each response: retries and 429 behaviour, throttle
 * recovery, the latency drift a soak gates on, and per walk its end, pages, duration and the
 * latency its deep pages added, and once it ended, on a quiescent tenant's unfiltered list, whether
 * it held the whole list (./compared-walk.ts).
 */
import { DEFAULT_BACKOFF, retryAfterMs } from '../backoff.ts';
import type { ApiCall } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import { walkList, type Sender, type Walk, type WalkOptions as LoopOptions } from '../paging/walk-list.ts';
import { LOAD_KEY_SEARCH } from '../paging/answer-checks.ts';
import { INCONCLUSIVE_ENDS, LOAD_WALK_PAGES } from '../paging/walk.ts';
import { comparedTags, comparedWalk } from './compared-walk.ts';
import { depthLatencyAdded } from './depth-latency.ts';
import { METRIC } from './metrics.ts';
import type { PointSink } from './points/write.ts';
import type { LoadSettings, SetupData, WalkOptions } from './scenario.ts';
import type { Target } from '../target/target.ts';
import { callTags, endTags, periodOf, periodTags } from './tags.ts';
import type { FailureRecorder, MeasuredSend } from './vu-measure.ts';

/** A walk still going after this long stops as timed-out (inconclusive). */
const WALK_DEADLINE_MS = 60_000;

export interface WalkContext {
  /** Whose keys no answer may hold (key-not-disclosed, lib/paging/answer-checks.ts). */
  target: Target;
  points: PointSink;
  send: MeasuredSend;
  failures: FailureRecorder;
  settings: LoadSettings;
  setup: SetupData;
  /** Whether a threshold reads latency_drift, which costs a point per page. */
  recordDrift: boolean;
  /** Epoch ms after which walks stop (the stage's schedule plus a grace). */
  stopAtMs: () => number;
}

/** What one walk keeps while it goes: its depth, since when it is throttled, the last hint. */
interface WalkProgress {
  depth: number;
  throttledSince: number | null;
  /** The Retry-After of the last 429, to judge whether waiting all of it was enough (advisory). */
  lastHintMs: number | null;
  /** Latencies of its 200 pages, in order. */
  latencies: number[];
}

/** Records each response of a walk: retries, honoured Retry-After, throttle recovery. */
function onResponse(context: WalkContext, traffic: string, progress: WalkProgress) {
  const { points } = context;
  return (call: ApiCall, response: ApiResponse, attempt: number, waitedMs: number) => {
    const tags = callTags(call, traffic, progress.depth);
    const throttled = response.status === 429;
    if (attempt > 0) {
      points.add(METRIC.retries, 'counter', 1, tags);
      // Honesty is judged only when the whole hint was waited (the backoff cap may shorten it).
      if (progress.lastHintMs !== null && waitedMs >= progress.lastHintMs)
        points.add(METRIC.retryAfterHonest, 'rate', throttled ? 0 : 1, tags);
    }
    progress.lastHintMs = null;
    if (!throttled) {
      if (progress.throttledSince !== null)
        points.add(METRIC.throttleRecovery, 'trend', Date.now() - progress.throttledSince, tags);
      progress.throttledSince = null;
      if (response.status === 200) progress.latencies.push(response.durationMs);
      return;
    }
    progress.throttledSince ??= Date.now();
    progress.lastHintMs = retryAfterMs(response.headers['retry-after'], Date.now());
    points.add(METRIC.retryAfterPresent, 'rate', progress.lastHintMs === null ? 0 : 1, tags);
  };
}

/** The walk loop's options: its deadline, backoff, when to stop, and what to record on the way. */
function loopOptions(context: WalkContext, options: WalkOptions, progress: WalkProgress): LoopOptions {
  const traffic = options.traffic ?? 'walk';
  const { failures, points, settings, setup } = context;
  return {
    deadlineMs: Math.min(Date.now() + WALK_DEADLINE_MS, context.stopAtMs()),
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    running: () => !failures.definitive() && Date.now() < context.stopAtMs(),
    onResponse: onResponse(context, traffic, progress),
    onThrottled(_state, call, found) {
      failures.record(found, call, traffic);
    },
    onPage(state, call, response, found) {
      failures.record(found, call, traffic);
      if (context.recordDrift && response.status === 200) {
        const period = periodOf(Date.now() - setup.startedAt, settings.durationS * 1000);
        const tags = periodTags(callTags(call, traffic, progress.depth), period);
        points.add(METRIC.latencyDrift, 'trend', response.durationMs - setup.floorMs, tags);
      }
      progress.depth = state.pageCount + 1;
    },
  };
}

/** What a walk adds up to once it ended: how, how long, how many pages, how much depth cost. */
function recordWalk(
  points: PointSink,
  first: ApiCall,
  traffic: string,
  result: Walk,
  progress: WalkProgress,
  started: number,
) {
  const tags = callTags(first, traffic, 1);
  points.add(METRIC.walks, 'counter', 1, endTags(tags, result.end));
  points.add(METRIC.pages, 'counter', result.pageCount, tags);
  points.add(METRIC.walkPages, 'trend', result.pageCount, tags);
  points.add(METRIC.walkDuration, 'trend', performance.now() - started, tags);
  // Counted (walk_inconclusive), never failed.
  points.add(METRIC.walkInconclusive, 'rate', INCONCLUSIVE_ENDS.has(result.end) ? 1 : 0, tags);
  const added = depthLatencyAdded(progress.latencies);
  if (added !== null) points.add(METRIC.depthLatencyAdded, 'trend', added, tags);
}

/** Walks the list `first` starts, to its end or LOAD_WALK_PAGES, every page checked and measured. */
export function measuredWalk(context: WalkContext): (first: ApiCall, options?: WalkOptions) => Promise<Walk> {
  return async (first, options = {}) => {
    const traffic = options.traffic ?? 'walk';
    const started = performance.now();
    const progress: WalkProgress = { depth: 1, throttledSince: null, lastHintMs: null, latencies: [] };
    const sender: Sender = {
      send: (call) => context.send(call, callTags(call, traffic, progress.depth)),
      target: context.target,
      keySearch: LOAD_KEY_SEARCH,
    };
    const result = await walkList(
      sender,
      {
        endpoint: first.endpoint,
        query: first.query,
        credential: first.credential,
        maxPages: LOAD_WALK_PAGES,
        foreignOwner: options.foreignOwner,
      },
      loopOptions(context, options, progress),
    );
    recordWalk(context.points, first, traffic, result, progress, started);
    const compared = comparedWalk(context.setup.listed, first, result);
    if (compared !== undefined) {
      context.points.add(METRIC.judgedWalks, 'counter', 1, comparedTags(first.credential.tenant));
      context.failures.record(compared, first, traffic);
    }
    return result;
  };
}
