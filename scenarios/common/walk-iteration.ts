/**
 * One iteration of a walking scenario: a whole paginated walk, every page checked with the shared
 * invariants, metrics recorded per page and per walk, and an abort on a definitive violation.
 */
import { check } from 'k6';
import exec from 'k6/execution';
import { DEFAULT_BACKOFF, type BackoffPolicy } from '../../lib/backoff.ts';
import { PAGE_CHECKS } from '../../lib/checks/registry.ts';
import type { Failure } from '../../lib/failure.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { metrics } from '../../lib/adapters/k6-metrics.ts';
import { walkK6, type FoldedPage, type K6Walk } from '../../lib/adapters/k6-walk.ts';
import { depthLatencyAdded } from '../../lib/load/depth-latency.ts';
import { keyLabel, periodOf } from '../../lib/load/tags.ts';
import { DEFINITIVE_CHECKS } from '../../lib/load/thresholds.ts';
import type { ScenarioContext } from './context.ts';
import type { SetupData } from './setup.ts';

/** Far more pages than any list of the sandbox or a sane target: beyond it the walk does not end. */
const MAX_PAGES = 10_000;
/** A walk still going after this long stops as timed-out (inconclusive). */
const WALK_DEADLINE_MS = 60_000;

export interface WalkOptions {
  /** Owner tenant of a record id known to belong to another tenant (isolation). */
  foreignOwner?: (id: string) => string | undefined;
  /** The same ids as a list, so the Go page screen can look for them too (lib/adapters/k6-screen.ts). */
  foreignIds?: readonly string[];
  /** @default DEFAULT_BACKOFF */
  policy?: BackoffPolicy;
}

/** The page checks that failed in the walk being recorded, read by WALK_CHECKS. */
let failedInWalk: ReadonlySet<string> = new Set();
// Built once: k6 runs check() at the end of every walk, and building this object each time cost
// more than the check itself.
const WALK_CHECKS = Object.fromEntries(PAGE_CHECKS.map((c) => [c.name, () => !failedInWalk.has(c.name)]));

/** One k6 check per page check: passes when the walk showed no error of it. */
function recordChecks(walk: K6Walk): void {
  failedInWalk =
    walk.failures.length === 0
      ? new Set()
      : new Set(walk.failures.filter((f) => f.severity === 'error').map((f) => f.check));
  check(null, WALK_CHECKS);
}

/** One point per failure a page check found, tagged with what it was (reports name the check). */
export function recordFailure(failure: Failure, tags: Record<string, string>): void {
  metrics.checkFailures.add(1, {
    ...tags,
    check: failure.check,
    code: failure.code,
    severity: failure.severity,
    message: failure.message.slice(0, 300),
  });
}

/** Only when a threshold reads latency_drift (ctx.recordDrift): a sample per page costs. */
function recordDrift(ctx: ScenarioContext, data: SetupData, page: FoldedPage): void {
  const period = periodOf(Date.now() - data.startedAt, ctx.config.durationS * 1000);
  metrics.latencyDrift.add(page.latencyMs - data.floorMs, { ...page.tags, period });
}

function onFailures(walk: K6Walk, page: FoldedPage): void {
  for (const failure of page.failures) recordFailure(failure, page.tags);
  const definitive = page.failures.find((f) => f.severity === 'error' && DEFINITIVE_CHECKS.includes(f.check));
  if (definitive) {
    recordChecks(walk);
    exec.test.abort(`${definitive.check}: ${definitive.message}`);
  }
}

/** While the walk's tags are on the VU (walkK6's onEnd): the samples need no tag object. */
function recordWalk(walk: K6Walk): void {
  metrics.walks.add(1, { end: walk.end ?? 'complete' });
  // Per walk, not per page: the count and rate are the same, at a sample per walk.
  metrics.pages.add(walk.pageCount);
  metrics.screenedPages.add(walk.screenedPages);
  metrics.foldedPages.add(walk.foldedPages);
  metrics.walkPages.add(walk.pageCount);
  metrics.walkDuration.add(walk.durationMs);
  metrics.walkInconclusive.add(walk.end === 'throttled' || walk.end === 'timed-out');
  const added = depthLatencyAdded(walk.latencies);
  if (added !== null) metrics.depthLatencyAdded.add(added);
}

/** Walks the list `first` starts, to its end. */
export function runWalk(
  ctx: ScenarioContext,
  data: SetupData,
  first: ApiCall,
  options: WalkOptions = {},
): K6Walk {
  const { tenant, role } = first.credential;
  const tags = { endpoint: first.endpoint, tenant, role, key: keyLabel(tenant, role) };
  const walk = walkK6(
    { ...first, maxPages: MAX_PAGES, foreignOwner: options.foreignOwner },
    {
      target: ctx.target,
      policy: options.policy ?? DEFAULT_BACKOFF,
      requestTimeoutMs: ctx.config.requestTimeoutMs,
      deadlineMs: Date.now() + WALK_DEADLINE_MS,
      tags,
      foreignIds: options.foreignIds,
      onPage: ctx.recordDrift ? (_, page) => recordDrift(ctx, data, page) : undefined,
      onFailures,
      onEnd: recordWalk,
    },
  );
  // After the walk's tags are off the VU: a check's samples are tagged by check alone.
  recordChecks(walk);
  return walk;
}
