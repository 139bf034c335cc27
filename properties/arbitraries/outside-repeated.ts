/**
 * Every parameter given twice: two legal values (how a repeated parameter reads is not shown, so
 * serving it is open), and for each typed parameter a legal value beside one outside its domain
 * (spec §4.1, §4.2, §7: a 400).
 */
import fc from 'fast-check';
import { ENDPOINT_INFO, LIMITS, type Endpoint } from '../../lib/contract/endpoints.ts';
import type { TenantSurvey } from '../../lib/props/survey.ts';
import type { Outside } from './outside.ts';
import { searchTerm, searchTerms } from './search.ts';

/** Two legal values of a parameter (perhaps the same), sent as one parameter given twice. */
const twice = (name: string, values: fc.Arbitrary<string>): fc.Arbitrary<Outside> =>
  fc.tuple(values, values).map(([first, second]) => ({
    name,
    encoded: [first, second].map(encodeURIComponent),
    kind: first === second ? 'a parameter given twice' : 'a parameter given twice with two values',
    unknown: false,
  }));

/** A legal value and one outside the domain, in either order: serving it leaves one unread. */
const twiceOneInvalid = (name: string, legal: fc.Arbitrary<string>, invalid: readonly string[]) =>
  fc.tuple(legal, fc.constantFrom(...invalid), fc.boolean()).map(([good, bad, badFirst]): Outside => ({
    name,
    encoded: (badFirst ? [bad, good] : [good, bad]).map(encodeURIComponent),
    kind: 'a parameter given twice, one value invalid',
    unknown: false,
  }));

/** Values outside the domain of each parameter the spec types, to send beside a legal one. */
const INVALID_BESIDE: Record<string, readonly string[]> = {
  limit: ['0', '101', '500', '-1', 'abc', '2.5'],
  status: ['BOGUS', 'paid', 'active'],
  activeOnly: ['maybe', 'truthy'],
};

/**
 * Every parameter of the endpoint that has legal values here, each given twice; and each typed
 * one (limit, status, activeOnly) given twice with one value outside its domain.
 */
export function repeatedParameters(endpoint: Endpoint, tenant: TenantSurvey): fc.Arbitrary<Outside[]> {
  const legal: [string, fc.Arbitrary<string>][] = [
    ['limit', fc.integer({ min: LIMITS.min, max: LIMITS.max }).map(String)],
    ['status', fc.constantFrom(...ENDPOINT_INFO[endpoint].statuses)],
  ];
  if (tenant.locations.length > 0) legal.push(['locationId', fc.constantFrom(...tenant.locations)]);
  if (endpoint === 'orders') legal.push(['activeOnly', fc.constantFrom('true', 'false')]);
  else {
    const items = tenant.lists.menuItems.records;
    if (searchTerms(items).length > 0) legal.push(['q', searchTerm(items)]);
    if (tenant.categories.length > 0) legal.push(['categoryId', fc.constantFrom(...tenant.categories)]);
  }
  const typed = legal.filter(([name]) => INVALID_BESIDE[name] !== undefined);
  return fc.tuple(
    ...legal.map(([name, values]) => twice(name, values)),
    ...typed.map(([name, values]) => twiceOneInvalid(name, values, INVALID_BESIDE[name] ?? [])),
  );
}
