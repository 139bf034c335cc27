/**
 * Which walk an iteration performs: a deterministic rotation over tenants, endpoints, keys,
 * limits and filters, so that a run spreads its walks across every tenant and key of the target.
 * The tenant changes fastest: consecutive iterations walk the same list with different tenants,
 * which is what makes a response cache keyed without the tenant leak under load.
 */
import { ENDPOINTS, LIMITS, type Endpoint } from '../contract/endpoints.ts';
import { MENU_ITEM_STATUSES, ORDER_STATUSES } from '../contract/schemas.ts';
import type { ApiCall, Credential, Query } from '../http/call.ts';
import type { KeyRole } from '../target/schema.ts';
import type { Target, TenantTarget } from '../target/target.ts';

/**
 * `shared`: only filters whose text is the same for every tenant (no locationId, categoryId),
 * so that tenants send identical paths; `none`: unfiltered walks only.
 */
type FilterChoice = 'all' | 'shared' | 'none';

export interface WalkPlanOptions {
  /** @default both endpoints */
  endpoints?: readonly Endpoint[];
  /**
   * The limits walks take in turn; null sends none, so the server's default applies (spec §8: 50),
   * which the page checks then hold every page to. @default [100, 50, 20]
   */
  limits?: readonly (number | null)[];
  /** @default 'all' */
  filters?: FilterChoice;
  /** Only these tenants (by name). @default every tenant */
  tenants?: readonly string[];
}

/** Keys that hold every scope an endpoint needs (spec §5): a walk with them must succeed. */
export const WALK_ROLES: Record<Endpoint, readonly KeyRole[]> = {
  menuItems: ['full', 'noOrdersRead'],
  orders: ['full', 'noMenuRead'],
};

export const walkRoles = (tenant: TenantTarget, endpoint: Endpoint): KeyRole[] =>
  WALK_ROLES[endpoint].filter((role) => tenant.keys[role] !== undefined);

function filterVariants(
  endpoint: Endpoint,
  tenant: TenantTarget,
  target: Target,
  choice: FilterChoice,
  turn: number,
) {
  const pick = <T>(values: readonly T[]): T | undefined => values[turn % Math.max(1, values.length)];
  const variants: Query[] = [{}];
  if (choice === 'none') return variants;
  const statuses = endpoint === 'orders' ? ORDER_STATUSES : MENU_ITEM_STATUSES;
  variants.push({ status: pick(statuses) ?? '' });
  if (endpoint === 'orders') variants.push({ activeOnly: 'true' });
  if (choice === 'shared') return variants;
  const location = pick(tenant.locations);
  if (location !== undefined) variants.push({ locationId: location });
  const category = pick(tenant.categories);
  if (endpoint === 'menuItems' && category !== undefined) variants.push({ categoryId: category });
  const channel = pick(target.salesChannels);
  if (endpoint === 'menuItems' && channel !== undefined && location !== undefined)
    variants.push({ locationId: location, salesChannel: channel });
  return variants;
}

/** Tenants that can walk at least one of the endpoints, in target order. */
export function walkableTenants(target: Target, options: WalkPlanOptions = {}): TenantTarget[] {
  const endpoints = options.endpoints ?? ENDPOINTS;
  return target.tenants.filter(
    (tenant) =>
      (options.tenants === undefined || options.tenants.includes(tenant.name)) &&
      endpoints.some((endpoint) => walkRoles(tenant, endpoint).length > 0),
  );
}

interface TenantPlan {
  tenant: TenantTarget;
  /** The endpoints it can walk, of those chosen. */
  endpoints: Endpoint[];
  roles: Record<Endpoint, KeyRole[]>;
  /** Its credentials by role and scheme, one object each, shared by every walk that uses it. */
  credentials: Map<string, Credential>;
}

// What planWalk derives from the target and options alone, made once per pair (a walk is planned
// for every arrival). Weak both ways: a caller passing a new options
// object each time only misses the cache.
const tenantPlans = new WeakMap<Target, WeakMap<WalkPlanOptions, TenantPlan[]>>();
const DEFAULT_OPTIONS: WalkPlanOptions = {};

function planOf(target: Target, options: WalkPlanOptions): TenantPlan[] {
  let byOptions = tenantPlans.get(target);
  if (byOptions === undefined) tenantPlans.set(target, (byOptions = new WeakMap()));
  let plans = byOptions.get(options);
  if (plans === undefined) {
    plans = walkableTenants(target, options).map((tenant) => ({
      tenant,
      endpoints: (options.endpoints ?? ENDPOINTS).filter((e) => walkRoles(tenant, e).length > 0),
      roles: { menuItems: walkRoles(tenant, 'menuItems'), orders: walkRoles(tenant, 'orders') },
      credentials: new Map(),
    }));
    byOptions.set(options, plans);
  }
  return plans;
}

/**
 * The tenant's credential with `role` and `scheme`, the same object for every walk that has them:
 * what is derived from a credential (its headers, lib/http/call.ts; its series' tags,
 * lib/load/tags.ts) is then made once per credential, not once per walk, and is not kept young by
 * every walk in flight (docs/bench.md, "Session 17"). Never mutated.
 */
function credentialOf(plan: TenantPlan, role: KeyRole, scheme: Credential['scheme']): Credential {
  const key = `${role} ${scheme}`;
  let credential = plan.credentials.get(key);
  if (credential === undefined) {
    credential = { tenant: plan.tenant.name, role, scheme };
    plan.credentials.set(key, credential);
  }
  return credential;
}

/**
 * The first call of walk number `index` (the walk then follows the cursor). Every choice but the
 * tenant and the key derives from `index / tenants`, so tenants take turns on the same list.
 */
export function planWalk(target: Target, index: number, options: WalkPlanOptions = DEFAULT_OPTIONS): ApiCall {
  const tenants = planOf(target, options);
  const plan = tenants[index % tenants.length];
  if (!plan) throw new Error('no tenant of the target has a key that can walk the chosen endpoints');
  const { tenant, endpoints } = plan;
  const round = Math.floor(index / tenants.length);
  const endpoint = endpoints[round % endpoints.length] ?? 'orders';
  const limits = options.limits ?? [100, 50, 20];
  const afterEndpoint = Math.floor(round / endpoints.length);
  const limit = limits[afterEndpoint % limits.length];
  const sized: Query = limit === null ? {} : { limit: String(limit ?? LIMITS.default) };
  const afterLimit = Math.floor(afterEndpoint / limits.length);
  const variants = filterVariants(endpoint, tenant, target, options.filters ?? 'all', afterLimit);
  const roles = plan.roles[endpoint];
  const role = roles[(afterEndpoint + afterLimit) % roles.length] ?? 'full';
  const scheme = (index + round) % 2 === 0 ? 'bearer' : 'serviceHeader';
  return {
    endpoint,
    query: { ...sized, ...variants[afterLimit % variants.length] },
    credential: credentialOf(plan, role, scheme),
  };
}
