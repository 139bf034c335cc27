/**
 * The synchronous paging loop for k6, on the same sans-I/O walk and page checks as the Node
 * adapter and the property suites. Bounded in pages (the spec's maxPages) and in time.
 */
import type { PageCheck } from '../checks/types.ts';
import type { Failure } from '../failure.ts';
import { depthBucket } from '../load/tags.ts';
import { PAGE_CHECKS } from '../checks/registry.ts';
import { callPath, cursorPath, type ApiCall } from '../http/call.ts';
import { requestRecordAt } from '../paging/records.ts';
import { foldPage, nextCall, startWalk, type WalkSpec, type WalkState } from '../paging/walk.ts';
import { pathSender, type K6Response } from './k6-http.ts';
import { foldedInGo, foldScreened, foldFor, NO_FAILURES, openScreen, type WalkScreen } from './k6-screen.ts';
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
  response: K6Response;
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
 * The fast lane of a walk whose pages the Go fold vouches for (k6-screen.ts): a page is a request
 * sent by its path and one call into Go, with no call or page object made for it.
 */
interface Lane {
  /** The page's path: the first call's, or with the cursor appended. */
  pathAt(cursor: string | null): string;
  send(path: string): K6Response;
  fold: NonNullable<WalkScreen['fold']>;
}

function openLane(spec: WalkSpec, screen: WalkScreen | null, options: K6WalkOptions): Lane | null {
  const fold = screen === null ? null : foldFor(screen, options.checks ?? PAGE_CHECKS);
  // A first call that carries its own cursor (a replayed walk) goes the general way.
  if (fold === null || 'cursor' in spec.query) return null;
  const first: ApiCall = { endpoint: spec.endpoint, query: spec.query, credential: spec.credential };
  const firstPath = callPath(first);
  return {
    pathAt: (cursor) => (cursor === null ? firstPath : cursorPath(first, cursor)),
    send: pathSender(options.target, first, undefined, options.requestTimeoutMs),
    fold,
  };
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
  const lane = openLane(spec, screen, options);
  // Requests and their metric samples get the walk's tags from the VU (k6-vu-tags.ts).
  const onVu = vuTags(options.tags);
  let bucket = '';
  try {
    while (walk.end === null) {
      if (Date.now() > options.deadlineMs) {
        walk.end = 'timed-out';
        break;
      }
      const depth = walk.pageCount + 1;
      const depthNow = depthBucket(depth);
      if (depthNow !== bucket) onVu.set('depth', (bucket = depthNow));
      let sent: K6Response | undefined;
      if (lane !== null && screen !== null) {
        const path = lane.pathAt(walk.cursor);
        sent = lane.send(path);
        recordAttempt(sent, undefined);
        const next = sent.status === 200 ? lane.fold(sent.raw, walk.pageCount) : undefined;
        if (next !== undefined) {
          walk.latencies.push(sent.durationMs);
          foldedInGo(walk, screen, requestRecordAt(spec, path, 200), next);
          if (options.onPage !== undefined)
            options.onPage(walk, { depth, response: sent, failures: NO_FAILURES, tags: tagsAt(bucket) });
          continue;
        }
      }
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
        const page: FoldedPage = { depth, response, failures, tags: tagsAt(bucket) };
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
