/**
 * The synchronous paging loop for k6, on the same sans-I/O walk and page checks as the Node
 * adapter and the property suites. Bounded in pages (the spec's maxPages) and in time.
 */
import type { PageCheck } from '../checks/types.ts';
import type { Failure } from '../failure.ts';
import { depthBucket } from '../load/tags.ts';
import { PAGE_CHECKS } from '../checks/registry.ts';
import { callPath, cursorPrefix, type ApiCall } from '../http/call.ts';
import { requestRecordAt } from '../paging/records.ts';
import { foldPage, nextCall, startWalk, type WalkSpec, type WalkState } from '../paging/walk.ts';
import { k6Response, walkRequests, type K6Response } from './k6-http.ts';
import { foldedInGo, foldScreened, foldFor, NO_FAILURES, openScreen, type WalkScreen } from './k6-screen.ts';
import type { LaneRun } from 'k6/x/pagefold';
import { vuTags } from './k6-vu-tags.ts';
import { recordAttempt, sendWithBackoff, type SendOptions } from './k6-retry.ts';

export interface K6Walk extends WalkState {
  /** 429s absorbed by backoff during the walk. */
  retries: number;
  durationMs: number;
  /** Latency of each folded page in order, ms. */
  latencies: number[];
  /** Pages the Go page screen passed (k6-screen.ts). */
  screenedPages: number;
  /** Of those, pages folded wholly in Go (every page check vouched for there). */
  foldedPages: number;
}

export interface FoldedPage {
  /** 1-based. */
  depth: number;
  /** The page's http_req_duration, ms. */
  latencyMs: number;
  failures: readonly Failure[];
  tags: Record<string, string>;
}

export interface K6WalkOptions extends SendOptions {
  /** Epoch ms after which the walk stops as `timed-out`. */
  deadlineMs: number;
  /** On every request; the page-depth bucket is added per page. */
  tags: Record<string, string>;
  /** After each page is folded in, e.g. to record a metric per page. */
  onPage?: (walk: K6Walk, page: FoldedPage) => void;
  /** After a page that showed failures is folded in, e.g. to record them or abort the test. */
  onFailures?: (walk: K6Walk, page: FoldedPage) => void;
  /**
   * Once the walk has ended, while `tags` are still on the VU (not the depth): samples recorded
   * then carry them with no tag object to convert (k6-vu-tags.ts).
   */
  onEnd?: (walk: K6Walk) => void;
  /** @default PAGE_CHECKS (the bench runs the loop without any, to weigh what they cost) */
  checks?: readonly PageCheck[];
  /**
   * Screen each 200 page in Go first (k6-screen.ts). @default true; the bench turns it off to
   * weigh the loop alone.
   */
  screen?: boolean;
  /** The ids of other tenants, when `spec.foreignOwner` is set: lets the screen look for them too. */
  foreignIds?: readonly string[];
}

/**
 * The lane of a walk whose pages the Go fold vouches for (k6-screen.ts): its pages are sent and
 * folded in Go, by k6/http's get with the walk's params, until one needs JavaScript. Null when
 * the fold is off, or for a first call that carries its own cursor (a replayed walk).
 */
function openLane(
  spec: WalkSpec,
  screen: WalkScreen | null,
  options: K6WalkOptions,
  setDepth: (depth: string) => void,
): LaneRun | null {
  const open = screen?.lane;
  if (!open || foldFor(screen, options.checks ?? PAGE_CHECKS) === null || 'cursor' in spec.query) return null;
  const first: ApiCall = { endpoint: spec.endpoint, query: spec.query, credential: spec.credential };
  const { base, params } = walkRequests(options.target, first, undefined, options.requestTimeoutMs);
  return open(base, params, callPath(first), cursorPrefix(first), options.deadlineMs, setDepth);
}

export function walkK6(spec: WalkSpec, options: K6WalkOptions): K6Walk {
  const started = Date.now();
  const screen = options.screen === false ? null : openScreen(spec, options.foreignIds);
  const walk: K6Walk = {
    ...startWalk(spec, screen?.memory),
    retries: 0,
    durationMs: 0,
    latencies: [],
    screenedPages: 0,
    foldedPages: 0,
  };
  // One tag set per depth bucket, not one per page, for what the caller records per page.
  const tagSets = new Map<string, Record<string, string>>();
  const tagsAt = (bucket: string): Record<string, string> => {
    let tags = tagSets.get(bucket);
    if (tags === undefined) tagSets.set(bucket, (tags = { ...options.tags, depth: bucket }));
    return tags;
  };
  // Requests and their metric samples get the walk's tags from the VU (k6-vu-tags.ts).
  const onVu = vuTags(options.tags);
  let bucket = '';
  const setDepth = (depth: string): void => onVu.set('depth', (bucket = depth));
  const lane = openLane(spec, screen, options, setDepth);
  try {
    while (walk.end === null) {
      if (Date.now() > options.deadlineMs) {
        walk.end = 'timed-out';
        break;
      }
      let sent: K6Response | undefined;
      if (lane !== null && screen !== null) {
        const ran = lane(walk.cursor, walk.pageCount, bucket);
        for (let index = 0; index < ran.paths.length; index += 1) {
          const latencyMs = ran.latencies[index] as number;
          walk.latencies.push(latencyMs);
          foldedInGo(
            walk,
            screen,
            requestRecordAt(spec, ran.paths[index] as string, 200),
            ran.nexts[index] ?? null,
          );
          if (options.onPage !== undefined) {
            const depth = walk.pageCount;
            options.onPage(walk, {
              depth,
              latencyMs,
              failures: NO_FAILURES,
              tags: tagsAt(depthBucket(depth)),
            });
          }
        }
        if (walk.end !== null) break;
        if (ran.timedOut) {
          walk.end = 'timed-out';
          break;
        }
        // The next page, which the fold doubted or which was not a 200; or, when there is none,
        // a path the lane leaves to JavaScript: both go the general way below.
        if (ran.pending !== undefined) {
          sent = k6Response(ran.pending);
          recordAttempt(sent, undefined);
        }
      }
      const depth = walk.pageCount + 1;
      const depthNow = depthBucket(depth);
      if (depthNow !== bucket) setDepth(depthNow);
      // Any other page: a 429 to back off from, an error, or a page the fold doubts.
      const call = nextCall(walk) as ApiCall;
      const { response, retries } = sendWithBackoff(call, undefined, options, sent);
      walk.retries += retries;
      if (response.status === 429) {
        walk.end = 'throttled';
        break;
      }
      walk.latencies.push(response.durationMs);
      const failures =
        screen === null
          ? foldPage(walk, call, response, options.checks)
          : foldScreened(walk, screen, call, response, response.raw, options.checks, response === sent);
      // Most pages show no failure, and most runs record nothing per page: no page object then.
      if (options.onPage !== undefined || (failures.length > 0 && options.onFailures !== undefined)) {
        const page: FoldedPage = { depth, latencyMs: response.durationMs, failures, tags: tagsAt(bucket) };
        options.onPage?.(walk, page);
        if (failures.length > 0) options.onFailures?.(walk, page);
      }
    }
    walk.screenedPages = screen?.screened ?? 0;
    walk.foldedPages = screen?.folded ?? 0;
    walk.durationMs = Date.now() - started;
    onVu.drop('depth');
    options.onEnd?.(walk);
  } finally {
    onVu.restore();
  }
  return walk;
}
