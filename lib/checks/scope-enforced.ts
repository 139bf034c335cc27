import type { Endpoint } from '../contract/endpoints.ts';
import type { CredentialRole } from '../http/call.ts';
import { unexpectedStatus } from './expect-status.ts';
import type { ProbeCheck } from './types.ts';

/** The scope each limited key role lacks. */
const MISSING_SCOPE: Partial<Record<CredentialRole, string>> = {
  noPublicRead: 'public.read',
  noMenuRead: 'menu.read',
  noOrdersRead: 'orders.read',
};

const NEEDS: Record<Endpoint, readonly string[]> = {
  menuItems: ['public.read', 'menu.read'],
  orders: ['public.read', 'orders.read'],
};

/** Whether `role` lacks a scope `endpoint` needs (spec §4, §5): its answer is then 403. */
export function lacksScope(role: CredentialRole, endpoint: Endpoint): boolean {
  const missing = MISSING_SCOPE[role];
  return missing !== undefined && NEEDS[endpoint].includes(missing);
}

/** spec §5: a valid key lacking any scope its endpoint needs gets 403; one lacking only others, 200. */
export const scopeEnforced: ProbeCheck = {
  name: 'scope-enforced',
  description: 'A key missing a scope the endpoint needs is 403; a key missing an unrelated scope is served.',
  catches: [
    'scope-bypass',
    'scope-skipped-with-cursor',
    'scope-skipped-under-concurrency',
    'auth-cached-per-tenant',
  ],
  run(context) {
    if (lacksScope(context.call.credential.role, context.call.endpoint))
      return unexpectedStatus(context, '403', (s) => s === 403);
    return unexpectedStatus(context, '200', (s) => s === 200);
  },
};
