/**
 * The synchronous paging loop for k6, on the same sans-I/O walk and page checks as the Node
 * adapter and the property suites. Bounded in pages (the spec's maxPages) and in time.
 */
import type { PageCheck } from '../checks/types.ts';
import type { Failure } from '../failure.ts';
import { depthBucket } from '../load/tags.ts';
import { foldPage, nextCall, startWalk, type WalkSpec, type WalkState } from '../paging/walk.ts';
import type { K6Response } from './k6-http.ts';
import { foldScreened, openScreen } from './k6-screen.ts';
import { vuTags } from './k6-vu-tags.ts';
import { sendWithBackoff, type SendOptions } from './k6-retry.ts';

export interface K6Walk extends WalkState {
  /** 429s absorbed by backoff during the walk. */
  retries: number;
  durationMs: number;
  /** Latency of each folded page in order, ms. */
  latencies: number[];
  /** Pages the Go page screen passed (k6-screen.ts). */
  screenedPages: number;
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
  /** After each page is folded in, e.g. to record metrics or abort on a definitive violation. */
  onPage?: (walk: K6Walk, page: FoldedPage) => void;
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

export function walkK6(spec: WalkSpec, options: K6WalkOptions): K6Walk {
  const started = Date.now();
  const screen = options.screen === false ? null : openScreen(spec, options.foreignIds);
  const walk: K6Walk = {
    ...startWalk(spec, screen?.memory),
    retries: 0,
    durationMs: 0,
    latencies: [],
    screenedPages: 0,
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
  try {
    for (let call = nextCall(walk); call !== null; call = nextCall(walk)) {
      if (Date.now() > options.deadlineMs) {
        walk.end = 'timed-out';
        break;
      }
      const depth = walk.pageCount + 1;
      const depthNow = depthBucket(depth);
      if (depthNow !== bucket) onVu.set('depth', (bucket = depthNow));
      const { response, retries } = sendWithBackoff(call, undefined, options);
      walk.retries += retries;
      if (response.status === 429) {
        walk.end = 'throttled';
        break;
      }
      walk.latencies.push(response.durationMs);
      const failures =
        screen === null
          ? foldPage(walk, call, response, options.checks)
          : foldScreened(walk, screen, call, response, response.raw, options.checks);
      options.onPage?.(walk, { depth, response, failures, tags: tagsAt(bucket) });
    }
    walk.screenedPages = screen?.screened ?? 0;
    walk.durationMs = Date.now() - started;
    onVu.drop('depth');
    options.onEnd?.(walk);
  } finally {
    onVu.restore();
  }
  return walk;
}
