/**
 * What each list filter promises of every returned record, as data (filter-respected evaluates
 * these rules), so which filter implies what is written once, here.
 */
import { ACTIVE_ORDER_STATUSES } from '../contract/schemas.ts';
import type { Query } from '../http/call.ts';

export type FilterRule =
  /** record[field] === values[0] */
  | { label: string; kind: 'equals'; field: string; values: readonly [string] }
  /** values.includes(String(record[field])) */
  | { label: string; kind: 'oneOf'; field: string; values: readonly string[] }
  /** A record that does not carry the field cannot be checked on it (categoryId is not a listed MenuItem field). */
  | { label: string; kind: 'absentOrEquals'; field: string; values: readonly [string] }
  /** Some field is a string that contains values[0], ignoring case. */
  | { label: string; kind: 'containsFold'; fields: readonly string[]; values: readonly [string] };

/**
 * The rules a walk's filters set. Both status and activeOnly together is "not shown" (spec
 * §4.2), so neither is asserted then.
 */
export function filterRules(query: Query): FilterRule[] {
  const rules: FilterRule[] = [];
  const { status, activeOnly, q } = query;
  const both = status !== undefined && activeOnly !== undefined;
  if (status !== undefined && !both)
    rules.push({ label: `status=${status}`, kind: 'equals', field: 'status', values: [status] });
  if (activeOnly === 'true' && !both)
    rules.push({ label: 'activeOnly=true', kind: 'oneOf', field: 'status', values: ACTIVE_ORDER_STATUSES });
  if (q !== undefined)
    rules.push({ label: `q=${q}`, kind: 'containsFold', fields: ['name', 'sku'], values: [q] });
  // Filters on a field a record may not carry: categoryId (not a listed MenuItem field), locationId.
  for (const field of ['categoryId', 'locationId'] as const) {
    const value = query[field];
    if (value !== undefined)
      rules.push({ label: `${field}=${value}`, kind: 'absentOrEquals', field, values: [value] });
  }
  return rules;
}

const includesFolded = (value: unknown, needle: string) =>
  typeof value === 'string' && value.toLowerCase().includes(needle.toLowerCase());

export function ruleHolds(rule: FilterRule, record: Record<string, unknown>): boolean {
  switch (rule.kind) {
    case 'equals':
      return record[rule.field] === rule.values[0];
    case 'oneOf':
      return rule.values.includes(String(record[rule.field]));
    case 'absentOrEquals':
      return !(rule.field in record) || record[rule.field] === rule.values[0];
    case 'containsFold':
      return rule.fields.some((field) => includesFolded(record[field], rule.values[0]));
  }
}
