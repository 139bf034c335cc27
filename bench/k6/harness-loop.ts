/**
 * The harness's walk loop without its page checks: the same adapter (lib/adapters/k6-walk.ts),
 * walk plan, tags, 429 backoff and per-request metrics as scenarios/walk.ts, with an empty list
 * of page checks and no page screen (so the walk's own state, its ids, is kept in JavaScript).
 * Measured beside the minimal walk and the whole scenario, it shows what the plumbing costs. A bench script, not a scenario: a load run of
 * the harness always checks every page.
 * Env: HARNESS_TARGET_JSON (a target file's JSON, keys inline). Executor and size come from the
 * command line (`--vus N --duration Ds`).
 */
import exec from 'k6/execution';
import { treat429AsExpected } from '../../lib/adapters/k6-http.ts';
import { walkK6 } from '../../lib/adapters/k6-walk.ts';
import { DEFAULT_BACKOFF } from '../../lib/backoff.ts';
import { keyLabel } from '../../lib/load/tags.ts';
import { planWalk } from '../../lib/load/walk-plan.ts';
import { resolveInlineTarget } from '../../lib/target/target.ts';
import { MAX_PAGES, WALK_DEADLINE_MS } from '../../scenarios/common/walk-iteration.ts';

treat429AsExpected();
const target = resolveInlineTarget(JSON.parse(__ENV.HARNESS_TARGET_JSON ?? 'null'));

export default function harnessLoop(): void {
  const first = planWalk(target, exec.scenario.iterationInTest);
  const { tenant, role } = first.credential;
  walkK6(
    { ...first, maxPages: MAX_PAGES },
    {
      target,
      policy: DEFAULT_BACKOFF,
      requestTimeoutMs: 10_000,
      deadlineMs: Date.now() + WALK_DEADLINE_MS,
      tags: { endpoint: first.endpoint, tenant, role, key: keyLabel(tenant, role) },
      checks: [],
      screen: false,
    },
  );
}
