/**
 * Concurrent load while the customer's walk is replayed (`--under-load`): a few Node walkers
 * walking every tenant's lists (lib/load/walk-plan), each bounded in time, on their own
 * connections. Some bugs only show under concurrency (a response cache keyed without the tenant).
 */
import { createNodeClient, type NodeClient } from '../../lib/adapters/node-http.ts';
import { walkList } from '../../lib/adapters/node-walk.ts';
import type { Endpoint } from '../../lib/contract/endpoints.ts';
import { planWalk, walkableTenants, walkRoles } from '../../lib/load/walk-plan.ts';
import { foldPage, nextCall, startWalk } from '../../lib/paging/walk.ts';
import type { Target } from '../../lib/target/target.ts';
import { MAX_PAGES } from './repro-walk.ts';

export interface BackgroundLoad {
  /** Stops the walkers and resolves once every one has finished its current request. */
  stop(): Promise<{ walks: number }>;
}

export function startBackgroundLoad(target: Target, walkers: number, untilMs: number): BackgroundLoad {
  const client = createNodeClient(target, { connections: walkers * 2, timeoutMs: 5000 });
  let stopped = false;
  let walks = 0;
  const running = () => !stopped && Date.now() < untilMs;
  const walkOnce = async (index: number): Promise<void> => {
    const state = startWalk({ ...planWalk(target, index), maxPages: MAX_PAGES });
    for (let call = nextCall(state); call !== null && running(); call = nextCall(state)) {
      const { response } = await client.sendWithRetry(call);
      if (response.status === 429) return;
      foldPage(state, call, response);
    }
  };
  const walker = async (first: number): Promise<void> => {
    for (let index = first; running(); index += walkers) {
      // A network error ends this walker; the replay itself reports an unreachable target.
      await walkOnce(index).catch(() => {
        stopped = true;
      });
      walks += 1;
    }
  };
  const all = Promise.all(Array.from({ length: walkers }, (_, index) => walker(index)));
  return {
    async stop() {
      stopped = true;
      await all;
      await client.close();
      return { walks };
    },
  };
}

/**
 * Who owns which id, from one walk of each other tenant's list: under load, a record of another
 * tenant in the customer's walk is a leak (the tenant-isolation check needs this lookup).
 */
export async function foreignOwners(
  client: NodeClient,
  target: Target,
  endpoint: Endpoint,
  customerTenant: string,
  untilMs: number,
): Promise<(id: string) => string | undefined> {
  const owners = new Map<string, string>();
  for (const tenant of walkableTenants(target, { endpoints: [endpoint] })) {
    const role = walkRoles(tenant, endpoint)[0];
    if (tenant.name === customerTenant || role === undefined) continue;
    const credential = { tenant: tenant.name, role, scheme: 'bearer' as const };
    const walk = await walkList(
      client,
      { endpoint, query: { limit: '100' }, credential, maxPages: MAX_PAGES },
      untilMs,
    );
    for (const id of walk.ids.keys()) owners.set(id, tenant.name);
  }
  return (id) => owners.get(id);
}
