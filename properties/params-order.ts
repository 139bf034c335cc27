/**
 * The same name=value pairs in another order (spec §4.1, §4.2 define each parameter by name, never
 * by place), and the requests where an order can matter: two filters, page 1 and the page its
 * cursor leads to, aimed from the survey so that the filtered list has a second page at limit 1.
 */
import type { Endpoint } from '../lib/contract/endpoints.ts';
import type { Query } from '../lib/http/call.ts';
import type { Survey } from '../lib/props/survey.ts';
import { aimedOnce, anyLimit, measuredList } from './arbitraries/measured.ts';

/**
 * The query's pairs in other orders, each with what it changes in words: reversed, and with three
 * pairs or more also rotated (the first one last). None when one pair or none: no other order.
 */
export function otherOrders(query: Query): { words: string; query: Query }[] {
  const pairs = Object.entries(query);
  if (pairs.length < 2) return [];
  const [first, ...rest] = pairs;
  const orders = [{ words: 'the same parameters in reverse order', pairs: [...pairs].reverse() }];
  if (pairs.length >= 3 && first !== undefined)
    orders.push({ words: 'the same parameters, the first one moved last', pairs: [...rest, first] });
  return orders.map(({ words, pairs: ordered }) => ({ words, query: Object.fromEntries(ordered) }));
}

/** The two filters a coverage request of each endpoint names: two of its own (spec §4.1, §4.2). */
export const TWO_FILTERS: Record<Endpoint, readonly [string, string]> = {
  orders: ['status', 'locationId'],
  menuItems: ['status', 'q'],
};

/**
 * A tenant and values of the endpoint's TWO_FILTERS that select at least two records of a list
 * whose sizes are exact (so that a first page at limit 1 has a cursor), or why there are none.
 */
export function twoFilterAim(survey: Survey, endpoint: Endpoint): { tenant: string; query: Query } | string {
  const fields = TWO_FILTERS[endpoint];
  for (const tenant of survey.tenants) {
    const list = measuredList(tenant, endpoint);
    if (!list.exact) continue;
    const aims = Object.values(aimedOnce(list, fields, anyLimit).byClass).flat();
    const aim = aims.find((each) => each !== undefined && each.size.min >= 2);
    if (aim !== undefined) return { tenant: tenant.name, query: aim.query };
  }
  return `no list read in full on quiescent data has values of ${fields.join(' and ')} selecting two records`;
}
