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

/**
 * The readings of "case-insensitive" a server may choose (spec §4.1 names none): lower case,
 * upper case (ß is SS), compatibility-normalised (ﬁ is fi), and canonically decomposed (é is e
 * and a combining accent, so "cre" is in "crème" that way), and q trimmed. A record matches when
 * any reading finds q in it. Accents are not letter case: no reading drops them (a search that
 * finds "Crème" for "creme" is wrong; the near-miss q values, lib/props/near-misses.ts).
 */
const READINGS: readonly ((text: string) => string)[] = [
  (text) => text.toLowerCase(),
  (text) => text.toUpperCase(),
  (text) => text.normalize('NFKC').toLowerCase(),
  (text) => text.normalize('NFKD').toLowerCase(),
  (text) => text.normalize('NFKD').toUpperCase(),
];

/** Texts read so far: a walk's records and the survey's are read once, not once per q. */
const readCache = new Map<string, readonly string[]>();
const READ_CACHE_MAX = 50_000;

function readingsOf(text: string): readonly string[] {
  let readings = readCache.get(text);
  if (readings === undefined) {
    if (readCache.size >= READ_CACHE_MAX) readCache.clear();
    readings = READINGS.map((read) => read(text));
    readCache.set(text, readings);
  }
  return readings;
}

const includesFolded = (value: unknown, needle: string): boolean => {
  if (typeof value !== 'string') return false;
  const haystacks = readingsOf(value);
  return [needle, needle.trim()].some((text) => {
    const needles = readingsOf(text);
    return haystacks.some((haystack, index) => haystack.includes(needles[index] ?? text));
  });
};

/** What a rule says of a record: it keeps it, drops it, or cannot tell (a field it does not carry). */
type RuleVerdict = 'keeps' | 'drops' | 'unknown';

const includesLowered = (value: unknown, needle: string): boolean =>
  typeof value === 'string' && (readingsOf(value)[0] ?? '').includes(readingsOf(needle)[0] ?? needle);

function ruleVerdict(rule: FilterRule, record: Record<string, unknown>): RuleVerdict {
  switch (rule.kind) {
    case 'equals':
      return record[rule.field] === rule.values[0] ? 'keeps' : 'drops';
    case 'oneOf':
      return rule.values.includes(String(record[rule.field])) ? 'keeps' : 'drops';
    case 'absentOrEquals':
      if (!(rule.field in record)) return 'unknown';
      return record[rule.field] === rule.values[0] ? 'keeps' : 'drops';
    case 'containsFold':
      // The plainest reading (both lower-cased) must find it; a wider one may.
      if (rule.fields.some((field) => includesLowered(record[field], rule.values[0]))) return 'keeps';
      return rule.fields.some((field) => includesFolded(record[field], rule.values[0])) ? 'unknown' : 'drops';
  }
}

/** Whether a record may be on a page of a walk with this rule (filter-respected). */
export const ruleHolds = (rule: FilterRule, record: Record<string, unknown>): boolean =>
  ruleVerdict(rule, record) !== 'drops';

/** Filters whose effect no record shows: salesChannel (spec §4.1: its values "not shown"). */
const UNJUDGED = ['salesChannel'] as const;

/**
 * The exact answer of a filtered walk on quiescent data, from the records of the unfiltered walk:
 * the ids it must return (every rule keeps them) and those it may (no rule drops them). A filter
 * that restricts nothing (activeOnly=false) must return every record; status with activeOnly
 * together is "not shown" (spec §4.2), so then nothing is required.
 */
export function filterOracle(
  query: Query,
  records: readonly Record<string, unknown>[],
): { must: Set<string>; may: Set<string> } {
  const rules = filterRules(query);
  const open =
    (query.status !== undefined && query.activeOnly !== undefined) ||
    UNJUDGED.some((name) => query[name] !== undefined);
  const must = new Set<string>();
  const may = new Set<string>();
  for (const record of records) {
    const verdicts = rules.map((rule) => ruleVerdict(rule, record));
    if (verdicts.includes('drops')) continue;
    may.add(String(record.id));
    if (!open && verdicts.every((verdict) => verdict === 'keeps')) must.add(String(record.id));
  }
  return { must, may };
}
