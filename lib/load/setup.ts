/**
 * The setup every scenario runs once, in the harness's process, before any load: one line when
 * the target cannot be judged for a reason on the user's side (unreachable, a key refused on its
 * first request); then the latency floor of first pages, for the drift threshold. Setup traffic is
 * checked traffic: every page goes through the page checks, and what it breaks is a finding of the
 * load (SetupData.failures), never an exception.
 */
import { HarnessError } from '../errors.ts';
import type { Failure } from '../failure.ts';
import type { ApiCall } from '../http/call.ts';
import { latencyFloor } from './drift.ts';
import type { SetupContext, SetupData } from './scenario.ts';
import { planWalk, walkableTenants } from './walk-plan.ts';
import { walkList } from '../paging/walk-list.ts';
import { MAX_PAGES } from '../paging/walk.ts';

const FLOOR_SAMPLES = 20;
const SETUP_MS = 60_000;

interface Probed {
  status: number;
  durationMs: number;
  failures: Failure[];
}

/** One first page, through the page checks (429s backed off); what it broke comes back as data. */
async function probe(context: SetupContext, call: ApiCall, deadlineMs: number): Promise<Probed> {
  const probed: Probed = { status: 0, durationMs: 0, failures: [] };
  const walk = await walkList(
    context.sender,
    { ...call, maxPages: MAX_PAGES },
    {
      deadlineMs,
      pages: 1,
      onPage: (_state, _call, response) => {
        probed.status = response.status;
        probed.durationMs = response.durationMs;
      },
    },
  );
  probed.failures = walk.failures.filter((failure) => failure.severity === 'error');
  if (probed.status === 0 && probed.failures.length === 0)
    throw new HarnessError(
      `${context.target.baseUrl} throttled every setup request of ${call.credential.tenant} until the setup's time ran out; wait for the rate limit to reset, or lower the load on the target`,
    );
  return probed;
}

/**
 * A key's first request, an unfiltered first page: refused (401, 403) or not found (404), it is
 * the user's key or base URL that is wrong, not a finding. Anything else is judged as a page.
 */
async function firstContact(context: SetupContext, index: number, deadlineMs: number): Promise<Failure[]> {
  const call = { ...planWalk(context.target, index), query: { limit: '1' } };
  const { status, failures } = await probe(context, call, deadlineMs);
  const { tenant, role } = call.credential;
  if (status === 401 || status === 403)
    throw new HarnessError(
      `${tenant}'s ${role} key was refused (${status}); check the key in the target file or its environment variable`,
    );
  if (status === 404)
    throw new HarnessError(
      `${context.target.baseUrl} answered 404 to a first page with ${tenant}'s ${role} key; check baseUrl in the target file (it ends with /api/v1)`,
    );
  return failures;
}

/**
 * One first page per tenant, then the floor of a few first pages as the walks will ask them.
 * A page that breaks a check ends the probing: the load has its finding.
 */
export async function probeTarget(context: SetupContext): Promise<SetupData> {
  const tenants = walkableTenants(context.target);
  if (tenants.length === 0)
    throw new HarnessError(
      'no tenant of the target has a key that can walk a list (full, noMenuRead or noOrdersRead); add one to the target file',
    );
  const deadlineMs = Date.now() + SETUP_MS;
  for (const [index] of tenants.entries()) {
    const failures = await firstContact(context, index, deadlineMs);
    if (failures.length > 0) return { floorMs: 0, startedAt: Date.now(), failures };
  }
  const samples: number[] = [];
  for (let index = 0; index < FLOOR_SAMPLES; index += 1) {
    const { durationMs, failures } = await probe(context, planWalk(context.target, index), deadlineMs);
    if (failures.length > 0) return { floorMs: 0, startedAt: Date.now(), failures };
    samples.push(durationMs);
  }
  return { floorMs: latencyFloor(samples), startedAt: Date.now() };
}
