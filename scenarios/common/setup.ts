/** setup() of every scenario: fail fast, with one line, when the target is unreachable or refuses the keys. */
import { DEFAULT_BACKOFF } from '../../lib/backoff.ts';
import { sendWithBackoff } from '../../lib/adapters/k6-retry.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { planWalk, walkableTenants } from '../../lib/load/walk-plan.ts';
import type { ScenarioContext } from './context.ts';

export interface SetupData {
  /** Epoch ms when setup() ended: the start of the measured run. */
  startedAt: number;
  /** isolation: each tenant's record ids. */
  owners?: Record<string, string[]>;
}

const SETUP_TAGS = { traffic: 'setup' };

function probe(ctx: ScenarioContext, call: ApiCall): void {
  const { response } = sendWithBackoff({ ...call, query: { limit: '1' } }, SETUP_TAGS, {
    target: ctx.target,
    policy: DEFAULT_BACKOFF,
    requestTimeoutMs: ctx.config.requestTimeoutMs,
  });
  const { tenant, role } = call.credential;
  if (response.status === 0)
    throw new Error(
      `cannot reach ${ctx.target.baseUrl} (${response.error}); check baseUrl in the target file and that the server is running`,
    );
  if (response.status === 401 || response.status === 403)
    throw new Error(
      `${tenant}'s ${role} key was refused (${response.status}); check the key in the target file or its environment variable`,
    );
  if (response.status !== 200)
    throw new Error(
      `${ctx.target.baseUrl} answered ${response.status} to a first page with ${tenant}'s ${role} key`,
    );
}

/** One first page per tenant; throws one line on the first problem. */
export function probeTarget(ctx: ScenarioContext): SetupData {
  const tenants = walkableTenants(ctx.target);
  if (tenants.length === 0)
    throw new Error(
      'no tenant of the target has a key that can walk a list (full, noMenuRead or noOrdersRead)',
    );
  tenants.forEach((_, index) => probe(ctx, planWalk(ctx.target, index)));
  return { startedAt: Date.now() };
}
