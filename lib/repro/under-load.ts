/**
 * Concurrent load while the customer's walk is replayed (`--under-load`): a few Node walkers on
 * their own connections, bounded in time, walking every tenant's lists (lib/load/walk-plan) or
 * asking for the customer's list with other tenants' keys. Some bugs only show under
 * concurrency (a response cache keyed without the tenant).
 */
import { createNodeClient } from '../adapters/node-http.ts';
import type { Endpoint } from '../contract/endpoints.ts';
import { planWalk, walkableTenants, walkRoles } from '../load/walk-plan.ts';
import { walkList, withBackoff, type Sender } from '../paging/walk-list.ts';
import type { Credential, Query } from '../http/call.ts';
import type { Target } from '../target/target.ts';
import { MAX_PAGES } from '../paging/walk.ts';
import { walkTenantIds } from '../load/tenant-ids.ts';

export interface BackgroundLoad {
  /**
   * The first page the customer's replay is about to ask: mirror walkers ask it with other
   * tenants' keys. Resolves once a neighbour has asked it (at most `MIRROR_WAIT_MS` later), so the
   * customer asks second, as a customer does on a busy system.
   */
  follow(endpoint: Endpoint, query: Query): Promise<void>;
  /** Stops the walkers and resolves once every one has finished its current request. */
  stop(): Promise<{ walks: number; mirrored: number }>;
}

/** The customer's replay waits at most this long for a neighbour to ask its first page. */
const MIRROR_WAIT_MS = 1000;

/** Keys of the other tenants that can walk `endpoint`: the mirror walkers rotate through them. */
function otherCredentials(target: Target, endpoint: Endpoint, customerTenant: string): Credential[] {
  return walkableTenants(target, { endpoints: [endpoint] })
    .filter((tenant) => tenant.name !== customerTenant)
    .flatMap((tenant) =>
      walkRoles(tenant, endpoint).map((role) => ({ tenant: tenant.name, role, scheme: 'bearer' as const })),
    );
}

/**
 * Half the walkers (rounded down) mirror the customer's first page with other tenants' keys, as
 * neighbours listing the same thing at the same time; the others walk every tenant's lists.
 */
export function startBackgroundLoad(
  target: Target,
  walkers: number,
  untilMs: number,
  customerTenant: string,
): BackgroundLoad {
  const client = createNodeClient(target, { connections: walkers * 2, timeoutMs: 5000 });
  let stopped = false;
  let current: { endpoint: Endpoint; query: Query; others: Credential[]; asked: () => void } | undefined;
  const counts = { walks: 0, mirrored: 0 };
  const running = () => !stopped && Date.now() < untilMs;
  const walkOnce = async (index: number): Promise<void> => {
    const spec = { ...planWalk(target, index), maxPages: MAX_PAGES };
    const walked = await walkList(client, spec, { deadlineMs: untilMs, running });
    if (walked.end !== 'throttled') counts.walks += 1;
  };
  const mirrorOnce = async (index: number): Promise<void> => {
    const credential = current?.others[index % current.others.length];
    if (!current || !credential) return walkOnce(index);
    const { asked } = current;
    const call = { endpoint: current.endpoint, query: current.query, credential };
    await withBackoff(client).sendBackingOff(call, { deadlineMs: untilMs });
    counts.mirrored += 1;
    asked();
  };
  const walker = async (first: number, mirror: boolean): Promise<void> => {
    for (let index = first; running(); index += walkers)
      // A network error ends the load; the replay itself reports an unreachable target.
      await (mirror ? mirrorOnce(index) : walkOnce(index)).catch(() => {
        stopped = true;
      });
  };
  const all = Promise.all(Array.from({ length: walkers }, (_, index) => walker(index, index % 2 === 1)));
  return {
    follow(endpoint, query) {
      const others = otherCredentials(target, endpoint, customerTenant);
      if (others.length === 0 || walkers < 2) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, MIRROR_WAIT_MS);
        current = { endpoint, query, others, asked: () => (clearTimeout(timer), resolve()) };
      });
    },
    async stop() {
      stopped = true;
      await all;
      await client.close();
      return counts;
    },
  };
}

/**
 * Who owns which id, from one walk of each other tenant's list: under load, a record of another
 * tenant in the customer's walk is a leak (the tenant-isolation check needs this lookup).
 */
export async function foreignOwners(
  client: Sender,
  target: Target,
  endpoint: Endpoint,
  customerTenant: string,
  untilMs: number,
): Promise<(id: string) => string | undefined> {
  const owners = new Map<string, string>();
  const sets = await walkTenantIds(client, target, { endpoints: [endpoint], deadlineMs: untilMs });
  for (const { tenant, ids } of sets)
    if (tenant !== customerTenant) for (const id of ids) owners.set(id, tenant);
  return (id) => owners.get(id);
}
