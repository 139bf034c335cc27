import type { Endpoint } from '../contract/endpoints.ts';
import type { Credential, CredentialRole } from '../http/call.ts';
import { lacksScope } from './scope-enforced.ts';
import type { ProbeCheck } from './types.ts';

/** Whether a key of `role`, sent alone, is served on `endpoint` (spec §5: valid, with its scopes). */
const servedAlone = (role: CredentialRole, endpoint: Endpoint): boolean =>
  !['none', 'malformed', 'revoked', 'expired'].includes(role) && !lacksScope(role, endpoint);

/** The ids of a body's records (its `data`), when it has any. */
function recordIds(body: unknown): string[] {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  return Array.isArray(data) ? data.map((record) => String((record as { id?: unknown } | null)?.id)) : [];
}

/** The request's two keys by tenant and role: the first, and the second key its credential adds. */
const keysOf = ({ tenant, role, second }: Credential) =>
  second === undefined ? [{ tenant, role }] : [{ tenant, role }, second];

/**
 * spec §5: a request carries an API key, one, and is bound to the tenant that owns it; a revoked,
 * expired or scope-lacking key is refused. A request carrying a different key in each header is one
 * the spec does not describe, so it may be refused (400, 401, 403), or served as one of its keys
 * alone would be: never where neither key alone is served (a revoked key's tenant served on the
 * other key's validity, scopes that neither key has), never with records of a tenant whose key in
 * the request alone is refused. Which of two keys served alone wins the spec does not say: two
 * tenants' keys served is an advisory finding, never a failure.
 */
export const twoKeysServedAlone: ProbeCheck = {
  name: 'two-keys-served-alone',
  description:
    "A request with a different real key in each header (X-...-Api-Key and Authorization: Bearer) is refused (400, 401, 403) or served as one of its keys alone is: never where neither key alone is served, never with records of a tenant whose key alone is refused (spec §5). Two tenants' keys, either served: advisory.",
  catches: ['key-headers-split'],
  run({ call, response, probe, recordOwner }) {
    const keys = keysOf(call.credential);
    const { status } = response;
    if (status === 400 || status === 401 || status === 403) return null;
    const served = keys.filter((key) => servedAlone(key.role, call.endpoint));
    const expected = `400, 401 or 403, or a page ${served.map((key) => `the ${key.role} key of ${key.tenant}`).join(' or ') || 'no key of it'} alone gets (spec §5)`;
    if (status < 200 || status >= 300 || served.length === 0)
      return {
        code: 'TWO_KEYS_SERVED',
        message:
          served.length === 0
            ? `${probe}: HTTP ${status}, where neither key alone is served (spec §5: one key a request; a revoked, expired or scope-lacking key is refused)`
            : `${probe}: HTTP ${status}, neither a refusal (400, 401, 403) nor a page (spec §5, §7)`,
        expected,
        received: `HTTP ${status}`,
      };
    const owners = new Set(
      recordIds(response.body)
        .map((id) => recordOwner?.(id))
        .filter((owner) => owner !== undefined),
    );
    const refused = [...owners].filter((owner) => !served.some((key) => key.tenant === owner));
    if (refused.length > 0 || owners.size > 1)
      return {
        code: 'TWO_KEYS_CROSSED',
        message: `${probe}: HTTP ${status} with records of ${[...owners].join(' and ')}: ${refused.length > 0 ? `${refused.join(', ')}'s key in the request alone is refused` : 'two tenants in one answer'} (spec §5: each key bound to one tenant)`,
        expected,
        received: `records of ${[...owners].join(', ')}`,
      };
    const tenants = new Set(served.map((key) => key.tenant));
    if (tenants.size < 2) return null;
    return {
      code: 'TWO_KEYS_ONE_CHOSEN',
      severity: 'advisory',
      message: `${probe}: HTTP ${status}: two tenants' keys in one request, one served (spec §5 binds a request to the tenant of its one key; which of two wins is not shown)`,
      expected: "400 or 401: a request with two tenants' keys names no one tenant",
      received: `HTTP ${status}${owners.size > 0 ? ` with records of ${[...owners].join(', ')}` : ''}`,
    };
  },
};
