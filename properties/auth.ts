/**
 * Authentication and scopes (spec §5): both headers carry the same key and behave alike; a missing,
 * malformed, revoked or expired key is 401; a valid key lacking a scope its endpoint needs is 403.
 */
import fc from 'fast-check';
import { authSchemesAgree } from '../lib/checks/auth-schemes-agree.ts';
import { keyRejected } from '../lib/checks/key-rejected.ts';
import { scopeEnforced } from '../lib/checks/scope-enforced.ts';
import { AUTH_SCHEMES, type CredentialRole } from '../lib/http/call.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { requestRecord } from '../lib/paging/records.ts';
import { KEY_ROLES, type KeyRole } from '../lib/target/schema.ts';
import type { Target } from '../lib/target/target.ts';
import { endpoint, scheme } from './arbitraries/lists.ts';
import { probeProperty } from './probes.ts';
import { defineProperty, prepared } from './types.ts';
import { credential, verdict } from './walks.ts';

/** A one-record page is all a status probe needs. */
const PROBE_QUERY = { limit: '1' };

/** Every (tenant, role) pair the target has a key for. */
const keyedRoles = (target: Target, roles: readonly KeyRole[]) =>
  target.tenants.flatMap((tenant) =>
    roles.filter((role) => tenant.keys[role] !== undefined).map((role) => ({ tenant: tenant.name, role })),
  );

const describeKey = (role: CredentialRole, tenant: string): string =>
  role === 'none' ? 'no key' : role === 'malformed' ? 'a malformed key' : `the ${role} key of ${tenant}`;

/** Probes with a role's key, on both endpoints and both schemes. */
const withRole = (target: Target, roles: readonly CredentialRole[], keyed: boolean) => {
  const pairs = keyed
    ? keyedRoles(target, roles as KeyRole[])
    : roles.map((role) => ({ tenant: target.tenants[0]?.name ?? '', role }));
  return fc
    .record({ pair: fc.constantFrom(...pairs), endpoint, scheme })
    .map(({ pair, endpoint: list, scheme: how }) => ({
      call: { endpoint: list, query: PROBE_QUERY, credential: credential(pair.tenant, pair.role, how) },
      probe: `${describeKey(pair.role, pair.tenant)} via ${how}`,
    }));
};

const missingOrMalformedKey = probeProperty({
  name: 'auth.missing-or-malformed-key',
  family: 'auth',
  description: 'A request without a key, or with a string that cannot be a key, is 401 on both endpoints.',
  check: keyRejected,
  needs: [],
  runs: 20,
  inputs: (context) => Promise.resolve(withRole(context.target, ['none', 'malformed'], false)),
});

const rejectedRole = (role: 'revoked' | 'expired') =>
  probeProperty({
    name: `auth.${role}-key`,
    family: 'auth',
    description: `A key that is ${role} is 401 on both endpoints and both schemes.`,
    check: keyRejected,
    needs: [{ kind: 'key', role, tenants: 1 }],
    runs: 20,
    inputs: (context) => Promise.resolve(withRole(context.target, [role], true)),
  });

const revokedKey = rejectedRole('revoked');
const expiredKey = rejectedRole('expired');

const scopeProperty = (role: 'noPublicRead' | 'noMenuRead' | 'noOrdersRead', scope: string) =>
  probeProperty({
    name: `auth.scope-${scope.replace('.', '-')}`,
    family: 'auth',
    description: `A key without ${scope} is 403 on the endpoints that need it, served on the others.`,
    check: scopeEnforced,
    needs: [{ kind: 'key', role, tenants: 1 }],
    runs: 20,
    inputs: (context) => Promise.resolve(withRole(context.target, [role], true)),
  });

const publicReadScope = scopeProperty('noPublicRead', 'public.read');
const menuReadScope = scopeProperty('noMenuRead', 'menu.read');
const ordersReadScope = scopeProperty('noOrdersRead', 'orders.read');

const schemesAgree = defineProperty({
  name: 'auth.schemes-agree',
  family: 'auth',
  description: 'Every key (and a malformed one) answers alike via Authorization: Bearer and X-...-Api-Key.',
  checks: [authSchemesAgree.name],
  needs: [],
  runs: 30,
  prepare(context) {
    const pairs = [
      ...keyedRoles(context.target, KEY_ROLES),
      ...context.target.tenants
        .slice(0, 1)
        .map((tenant) => ({ tenant: tenant.name, role: 'malformed' as const })),
    ];
    const arbitrary = fc.record({ pair: fc.constantFrom(...pairs), endpoint });
    return Promise.resolve(
      prepared(arbitrary, async ({ pair, endpoint: list }) => {
        const calls = AUTH_SCHEMES.map((how) => ({
          endpoint: list,
          query: PROBE_QUERY,
          credential: credential(pair.tenant, pair.role, how),
        }));
        const outcomes = [];
        for (const call of calls) outcomes.push({ call, status: (await context.client.send(call)).status });
        const requests = outcomes.map((outcome) => requestRecord(outcome.call, outcome.status));
        const compared = outcomes.map((outcome) => ({
          scheme: outcome.call.credential.scheme,
          status: outcome.status,
        }));
        verdict(context, runWalkSetCheck(authSchemesAgree, compared, requests));
      }),
    );
  },
});

export const AUTH = [
  schemesAgree,
  missingOrMalformedKey,
  revokedKey,
  expiredKey,
  publicReadScope,
  menuReadScope,
  ordersReadScope,
];
