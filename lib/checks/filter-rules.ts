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

/** Each code point mapped alone, without context (no final sigma): a simple, per-character mapping. */
const perCodePoint = (text: string, map: (char: string) => string): string => {
  let mapped = '';
  for (const char of text) mapped += map(char);
  return mapped;
};

/** Simple lower case: a mapping that would grow (İ is i̇) keeps its first code point (İ is i). */
const simpleLower = (char: string): string => {
  const lower = char.toLowerCase();
  return lower.length === char.length ? lower : ([...lower][0] ?? char);
};

/** Simple upper case: a mapping that would grow (ß is SS, ﬁ is FI) leaves the character as it is. */
const simpleUpper = (char: string): string => {
  const upper = char.toUpperCase();
  return [...upper].length === 1 ? upper : char;
};

/**
 * The readings of "case-insensitive" a server may choose (spec §4.1 names none), each applied to
 * q and to the name or SKU alike: lower case (full, with the final sigma), upper case (ß is SS),
 * each character lower- or upper-cased alone (simple mappings: İ is i, ς stays ς, ß stays ß), and
 * upper then lower case (a case fold: ς is σ, ß is ss, ı is i). They agree on every letter whose
 * case maps one to one; where they do not (ß and SS, ς, σ and Σ, ı and I, İ and i), the spec does
 * not choose. Then, wider still: compatibility-normalised (ﬁ is fi) and canonically decomposed (é
 * is e and a combining accent, so "cre" is in "crème" that way), and q trimmed.
 */
const CASE_READINGS: readonly ((text: string) => string)[] = [
  (text) => text.toLowerCase(),
  (text) => text.toUpperCase(),
  (text) => perCodePoint(text, simpleLower),
  (text) => perCodePoint(text, simpleUpper),
  (text) => perCodePoint(text, (char) => char.toUpperCase().toLowerCase()),
];
const READINGS: readonly ((text: string) => string)[] = [
  ...CASE_READINGS,
  (text) => text.normalize('NFKC').toLowerCase(),
  (text) => text.normalize('NFKD').toLowerCase(),
  (text) => text.normalize('NFKD').toUpperCase(),
];

/** Texts read so far: a walk's records and the survey's are read once, not once per q. */
const readCache = new Map<string, readonly string[]>();
const READ_CACHE_MAX = 50_000;

const ASCII = /^\p{ASCII}*$/u;

function readingsOf(text: string): readonly string[] {
  let readings = readCache.get(text);
  if (readings === undefined) {
    if (readCache.size >= READ_CACHE_MAX) readCache.clear();
    // ASCII text reads the same every way but lower and upper case: those two, computed once.
    if (ASCII.test(text)) {
      const [lower, upper] = [text.toLowerCase(), text.toUpperCase()];
      readings = [lower, upper, lower, upper, lower, lower, lower, upper];
    } else readings = READINGS.map((read) => read(text));
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

/**
 * Whether every reading of letter case finds q in the text, or the text holds q as it is (any
 * reading of case-insensitive finds what a case-sensitive search does): what the search must find.
 */
export const includesSurely = (value: unknown, needle: string): boolean => {
  if (typeof value !== 'string') return false;
  if (value.includes(needle)) return true;
  const haystacks = readingsOf(value);
  const needles = readingsOf(needle);
  return CASE_READINGS.every((_, index) => (haystacks[index] ?? '').includes(needles[index] ?? needle));
};

/** What a rule says of a record: it keeps it, drops it, or cannot tell (a field it does not carry). */
type RuleVerdict = 'keeps' | 'drops' | 'unknown';

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
      // Every reading of letter case must find it; any wider one may.
      if (rule.fields.some((field) => includesSurely(record[field], rule.values[0]))) return 'keeps';
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
