/**
 * Two different real keys in one request (lib/http/two-keys.ts): two tenants' full keys, a full key
 * with a revoked, an expired or a scope-lacking key of its tenant, a revoked key with another
 * tenant's full key, two keys of a tenant each lacking a scope of the endpoint the other has (the
 * list's own, public.read), each pair in both orders, on each endpoint's first page and on a page reached
 * by a real cursor of the request's tenant. A list of them (listed, two lines of the key header) is
 * a malformed key (key-rejected, via auth.missing-or-malformed-key); one in each header is
 * two-keys-served-alone's (auth.two-keys).
 */
import fc from 'fast-check';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import type { AuthScheme } from '../lib/http/call.ts';
import { formFitsScheme, TWO_KEY_WORDS, type SecondKey, type TwoKeyForm } from '../lib/http/two-keys.ts';
import { cellKey, type CoverageCell } from '../lib/props/coverage.ts';
import type { Survey } from '../lib/props/survey.ts';
import type { Skip } from '../lib/props/types.ts';
import type { KeyRole } from '../lib/target/schema.ts';
import type { Target } from '../lib/target/target.ts';
import type { ListRequest } from './arbitraries/requests.ts';
import { cellRequest, PAGES } from './key-places.ts';
import type { ProbeInput, ProbeInputs } from './probe-input.ts';

interface Key {
  tenant: string;
  role: KeyRole;
}

/** Two keys, in the order they are sent, and their kind in words (a coverage cell's label). */
interface KeyPair {
  label: string;
  keys: readonly [Key, Key];
}

/** The role of `tenant`'s keys that lacks a scope `endpoint` needs (spec §4, §5), if it has one. */
const LACKING: Record<Endpoint, readonly KeyRole[]> = {
  menuItems: ['noMenuRead', 'noPublicRead'],
  orders: ['noOrdersRead', 'noPublicRead'],
};

/**
 * Every pair of `tenant`'s keys and another tenant's full key that `target` has, in both orders
 * unless `oneOrder` (a key in each header: which header is first already gives both orders).
 */
function keyPairs(target: Target, tenant: string, endpoint: Endpoint, oneOrder = false): KeyPair[] {
  const own = target.tenants.find((entry) => entry.name === tenant);
  const other = target.tenants.find((entry) => entry.name !== tenant && entry.keys.full !== undefined);
  if (own?.keys.full === undefined) return [];
  const mine = (role: KeyRole): Key | undefined =>
    own.keys[role] === undefined ? undefined : { tenant, role };
  const theirs: Key | undefined = other && { tenant: other.name, role: 'full' };
  const lacking = LACKING[endpoint].find((role) => own.keys[role] !== undefined);
  // Two keys each lacking a scope the endpoint needs, which the other has: merged, they read it.
  const [listScope, publicScope] = LACKING[endpoint].map(mine);
  const pairs: [string, Key | undefined, Key | undefined][] = [
    ['full + full of another tenant', mine('full'), theirs],
    ['full + revoked', mine('full'), mine('revoked')],
    ['full + expired', mine('full'), mine('expired')],
    ['full + lacking a scope', mine('full'), lacking && mine(lacking)],
    ['revoked + full of another tenant', mine('revoked'), theirs],
    ['lacking one scope + lacking another', listScope, publicScope],
  ];
  return pairs.flatMap(([label, first, second]) =>
    first === undefined || second === undefined
      ? []
      : [
          { label, keys: [first, second] as const },
          ...(oneOrder
            ? []
            : [
                {
                  label: `${label.split(' + ').reverse().join(' + ')} (reversed)`,
                  keys: [second, first] as const,
                },
              ]),
        ],
  );
}

/** The probe of `request` with `pair` sent the `form` way via `scheme`. */
function pairProbe(request: ListRequest, pair: KeyPair, form: TwoKeyForm, scheme: AuthScheme): ProbeInput {
  const [first, other] = pair.keys;
  const second: SecondKey = { ...other, form };
  return {
    request: { ...request, scheme },
    key: { ...first, second },
    probe: `the ${first.role} key of ${first.tenant} + the ${other.role} key of ${other.tenant}, ${TWO_KEY_WORDS[form]}`,
  };
}

/** How a list of two keys goes, by turn: listed via each scheme, and on two lines of the key header. */
const LISTS: readonly [TwoKeyForm, AuthScheme][] = [
  ['listed', 'serviceHeader'],
  ['listed', 'bearer'],
  ['two-lines', 'serviceHeader'],
  ['listed', 'bearerLowerCase'],
];

/**
 * The key-rejected probes of two different keys in a list: every pair on each endpoint's first and
 * cursor page, a tenant by turn, each pair listed one way of LISTS by turn (a server reads a list
 * alike in either header: what differs is which key it takes).
 */
export function keyListProbes(target: Target, survey: Survey): ProbeInput[] {
  let turn = 0;
  return ENDPOINTS.flatMap((endpoint) =>
    PAGES.flatMap((page, index) => {
      const request = cellRequest(survey, endpoint, page, index);
      if (request === null) return [];
      return keyPairs(target, request.tenant, endpoint).map((pair) => {
        const [form, scheme] = LISTS[turn++ % LISTS.length] as [TwoKeyForm, AuthScheme];
        return pairProbe(request, pair, formFitsScheme(form, scheme) ? form : 'listed', scheme);
      });
    }),
  );
}

/** Which header carries the first key: the key header, or Authorization (the second the other). */
const FIRST_IN: readonly AuthScheme[] = ['serviceHeader', 'bearer'];

const where = (request: ListRequest): string =>
  `${request.endpoint} ${request.cursor ? 'cursor page' : 'first page'} via ${request.scheme} first`;

/**
 * auth.two-keys' probes: every pair with a key in each header, the first in either (so each pair
 * in both orders), on each endpoint's first and cursor page; a skip when no tenant has a full key and a second key to pair.
 */
export function bothHeaderInputs(target: Target, survey: Survey): ProbeInputs | Skip {
  const cells: CoverageCell[] = [];
  const examples: ProbeInput[] = [];
  const labels = new Map<ProbeInput, string>();
  for (const endpoint of ENDPOINTS)
    for (const [index, page] of PAGES.entries())
      for (const scheme of FIRST_IN) {
        const request = cellRequest(survey, endpoint, page, index);
        if (request === null) {
          cells.push({
            where: `${endpoint} ${page} via ${scheme} first`,
            label: 'any pair',
            why: 'no surveyed list has two records',
          });
          continue;
        }
        for (const pair of keyPairs(target, request.tenant, endpoint, true)) {
          const input = pairProbe(request, pair, 'both-headers', scheme);
          cells.push({ where: where(input.request), label: pair.label });
          examples.push(input);
          labels.set(input, pair.label);
        }
      }
  if (examples.length === 0)
    return {
      skip: "no surveyed tenant has a full key and a second key (another tenant's, a revoked, expired or scope-lacking one)",
    };
  return {
    arbitrary: fc.constantFrom(...examples),
    coverage: {
      cells,
      examples,
      reached: (input) => {
        const label = labels.get(input);
        return label === undefined ? [] : [cellKey({ where: where(input.request), label })];
      },
    },
  };
}
