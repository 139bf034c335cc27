/**
 * setup() of every scenario: fail fast, with one line, when the target is unreachable or refuses
 * the keys; then measure the latency floor before any load, for the drift threshold.
 */
import { DEFAULT_BACKOFF } from '../../lib/backoff.ts';
import { sendWithBackoff } from '../../lib/adapters/k6-retry.ts';
import { latencyFloor } from '../../lib/load/drift.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { planWalk, walkableTenants } from '../../lib/load/walk-plan.ts';
import type { ScenarioContext } from './context.ts';

export interface SetupData {
  /** Latency floor (p10) of first pages before the load, ms. */
  floorMs: number;
  /** Epoch ms when setup() ended: the start of the measured run. */
  startedAt: number;
  /** isolation: each tenant's record ids. */
  owners?: Record<string, string[]>;
}

const SETUP_TAGS = { traffic: 'setup' };
const FLOOR_SAMPLES = 20;

/** Sends the first page of `call` and returns its latency; throws one line when it is refused. */
function probe(ctx: ScenarioContext, call: ApiCall): number {
  const { response } = sendWithBackoff(call, SETUP_TAGS, {
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
  return response.durationMs;
}

/** One first page per tenant, then the floor of a few first pages as the walks will ask them. */
export function probeTarget(ctx: ScenarioContext): SetupData {
  const tenants = walkableTenants(ctx.target);
  if (tenants.length === 0)
    throw new Error(
      'no tenant of the target has a key that can walk a list (full, noMenuRead or noOrdersRead)',
    );
  tenants.forEach((_, index) => probe(ctx, { ...planWalk(ctx.target, index), query: { limit: '1' } }));
  const samples = Array.from({ length: FLOOR_SAMPLES }, (_, index) =>
    probe(ctx, planWalk(ctx.target, index)),
  );
  return { floorMs: latencyFloor(samples), startedAt: Date.now() };
}
