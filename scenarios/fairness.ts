/**
 * Noisy neighbour: the first tenant floods far above its rate limit (single first-page requests,
 * no backoff, HARNESS_FLOOD_RATE per second) from a fifth of the run on, while the other tenants
 * walk at the profile's rate. The quiet tenants must keep (almost) no 429s and their latency:
 * rate_limited{traffic:quiet} and http_req_duration{traffic:quiet} are the gates.
 */
import { sendWithBackoff } from '../lib/adapters/k6-retry.ts';
import { arrivalScenario, profileArrival } from '../lib/load/executor.ts';
import { scenarioOptions } from '../lib/load/options.ts';
import type { K6Summary } from '../lib/load/summary.ts';
import { keyLabel } from '../lib/load/tags.ts';
import { planWalk, walkableTenants } from '../lib/load/walk-plan.ts';
import { initScenario } from './common/context.ts';
import { probeTarget, type SetupData } from './common/setup.ts';
import { summaryOutputs } from './common/summary.ts';
import { runWalk } from './common/walk-iteration.ts';
import { iterationInTest } from '../lib/adapters/k6-exec.ts';

const ctx = initScenario('load');
const { config, target } = ctx;
const tenants = walkableTenants(target).map((tenant) => tenant.name);
const noisy = tenants[0] ?? '';
const quiet = tenants.slice(1);
if (quiet.length === 0)
  throw new Error('fairness needs at least two tenants with a key that can walk a list');

/** The quiet tenants' baseline: the share of the run before the flood starts. */
const QUIET_ONLY_SHARE = 0.2;
/** A flooder does not back off: that is what makes it noisy. */
const NO_RETRIES = { maxRetries: 0, baseMs: 0, capMs: 0 };

export const options = scenarioOptions('fairness', config, {
  quiet: profileArrival(config, 'quietWalk', 'quiet'),
  noisy: arrivalScenario({
    exec: 'flood',
    rate: config.floodRate,
    durationS: config.durationS * (1 - QUIET_ONLY_SHARE),
    startTimeS: config.durationS * QUIET_ONLY_SHARE,
    // One request per iteration, answered in milliseconds: few VUs keep up with a high rate.
    preAllocatedVUs: 4,
    maxVUs: 40,
    tags: { traffic: 'noisy' },
  }),
});

export const setup = (): SetupData => probeTarget(ctx);

export function quietWalk(data: SetupData): void {
  runWalk(ctx, data, planWalk(target, iterationInTest(), { tenants: quiet, limits: [100] }));
}

export function flood(): void {
  const call = planWalk(target, iterationInTest(), {
    tenants: [noisy],
    limits: [20],
    filters: 'none',
  });
  const { tenant, role } = call.credential;
  const tags = { endpoint: call.endpoint, tenant, role, key: keyLabel(tenant, role), depth: '1' };
  sendWithBackoff(call, tags, { target, policy: NO_RETRIES, requestTimeoutMs: config.requestTimeoutMs });
}

export const handleSummary = (data: K6Summary): Record<string, string> => summaryOutputs(ctx, data);
