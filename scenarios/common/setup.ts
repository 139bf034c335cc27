/**
 * The setup every scenario runs once, in the harness's process, before any load: fail fast, with
 * one line, when the target is unreachable or refuses the keys; then measure the latency floor
 * of first pages, for the drift threshold.
 */
import { HarnessError } from '../../lib/errors.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { latencyFloor } from '../../lib/load/drift.ts';
import type { SetupContext, SetupData } from '../../lib/load/scenario.ts';
import { planWalk, walkableTenants } from '../../lib/load/walk-plan.ts';
import { sendWithBackoff } from '../../lib/paging/walk-list.ts';

const FLOOR_SAMPLES = 20;

/** Sends the first page of `call` and returns its latency; throws one line when it is refused. */
async function probe(context: SetupContext, call: ApiCall): Promise<number> {
  const { response } = await sendWithBackoff(context.sender, call);
  const { tenant, role } = call.credential;
  if (response.status === 401 || response.status === 403)
    throw new HarnessError(
      `${tenant}'s ${role} key was refused (${response.status}); check the key in the target file or its environment variable`,
    );
  if (response.status !== 200)
    throw new HarnessError(
      `${context.target.baseUrl} answered ${response.status} to a first page with ${tenant}'s ${role} key; is it the public read API?`,
    );
  return response.durationMs;
}

/** One first page per tenant, then the floor of a few first pages as the walks will ask them. */
export async function probeTarget(context: SetupContext): Promise<SetupData> {
  const tenants = walkableTenants(context.target);
  if (tenants.length === 0)
    throw new HarnessError(
      'no tenant of the target has a key that can walk a list (full, noMenuRead or noOrdersRead); add one to the target file',
    );
  for (const [index] of tenants.entries())
    await probe(context, { ...planWalk(context.target, index), query: { limit: '1' } });
  const samples: number[] = [];
  for (let index = 0; index < FLOOR_SAMPLES; index += 1)
    samples.push(await probe(context, planWalk(context.target, index)));
  return { floorMs: latencyFloor(samples), startedAt: Date.now() };
}
