/**
 * The canned pages as a harness target, and the lists the harness's walk scenario walks on it,
 * so that the minimal walk can walk the very same lists (pages of 20, 50 and 100 records, both
 * endpoints, filtered and not): a page of 100 menu items costs any client more than a page of
 * 50 orders, and the ratio must compare like with like.
 */
import { toHttpRequest } from '../../lib/http/call.ts';
import { planWalk } from '../../lib/load/walk-plan.ts';
import type { TargetFile } from '../../lib/target/schema.ts';
import { resolveInlineTarget } from '../../lib/target/target.ts';

/** nginx ignores the key; the harness needs one to send. */
export function cannedTarget(baseUrl: string): TargetFile {
  return {
    name: 'bench-nginx',
    baseUrl,
    apiKeyHeader: 'X-Bench-Api-Key',
    load: { allowed: true, maxRps: 10_000_000 },
    tenants: [{ name: 'canned', quiescent: true, keys: { full: { value: 'canned-pages-need-no-key' } } }],
  };
}

/**
 * The first-page URL of the harness's walks 0 to `walks - 1`, in order: walk i of a run starts at
 * line i modulo the count (exec.scenario.iterationInTest, as in lib/load/walking-scenario.ts).
 * @default walks 720, a whole number of turns of the plan's rotation on this one-tenant target
 */
export function plannedFirstPages(baseUrl: string, walks = 720): string[] {
  const target = resolveInlineTarget(cannedTarget(baseUrl));
  return Array.from({ length: walks }, (_, index) => toHttpRequest(target, planWalk(target, index)).url);
}
