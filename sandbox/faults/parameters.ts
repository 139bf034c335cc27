/**
 * The faults in how the query string is read, before validation (spec §4.1, §4.2, §7): each one
 * a lenient normaliser or an unguarded parse a real server might put in front of its validator.
 */
import { MENU_STATUSES, ORDER_STATUSES, SALES_CHANNELS } from '../domain.ts';
import type { Endpoint } from '../cursor.ts';
import type { RawQuery } from '../validate.ts';
import type { FaultSet } from './catalogue.ts';

/** Longest q or id the sandbox stores; past it the long-param-500 fault crashes instead of a 400. */
const STORED_LENGTH = 200;

const CANONICAL = new Map(
  [...MENU_STATUSES, ...ORDER_STATUSES, ...SALES_CHANNELS].map((value) => [value.toLowerCase(), value]),
);

/** bad-escape-500: every parameter is decoded again, and nothing catches the URIError. */
function decodeAgain(url: string): void {
  const search = url.split('?')[1] ?? '';
  for (const part of search.split('&')) decodeURIComponent(part.replace(/\+/g, ' '));
}

const STATUS_CODES = new Map<string, { code: number }>(
  [...MENU_STATUSES, ...ORDER_STATUSES].map((value, code) => [value, { code }]),
);

/** bad-enum-500: a status is looked up in a table of codes, and a miss is dereferenced. */
const statusCode = (status: string): number => (STATUS_CODES.get(status) as { code: number }).code;

/** The value of a normalised enum: its canonical spelling whatever the case (enum-case-insensitive). */
const canonical = (value: string | string[] | undefined) =>
  typeof value === 'string' ? (CANONICAL.get(value.toLowerCase()) ?? value) : value;

/** Words a lenient boolean reader takes, in lower case. */
const BOOLEAN_WORDS: ReadonlySet<string> = new Set(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']);

/** repeated-param-first-wins: each repeated parameter read as its first value, the rest unread. */
const firstValues = (query: RawQuery): RawQuery =>
  Object.fromEntries(
    Object.entries(query).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
  );

/** empty-filter-ignored: on orders, an empty status or locationId is read as not given (a falsy check). */
function emptyFiltersDropped(url: string, query: RawQuery): RawQuery {
  if (!(url.split('?')[0] ?? '').endsWith('/public/orders')) return query;
  const dropped = ['status', 'locationId'].filter((name) => query[name] === '');
  return Object.fromEntries(Object.entries(query).filter(([name]) => !dropped.includes(name)));
}

/** q-decoded-twice: q, already decoded once, is form-decoded again (`+` a space, `%41` an A). */
function formDecoded(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A lone % is left as it is, as lenient decoders do.
    return spaced;
  }
}

/**
 * q-decoded-before-split: the raw query percent-decoded whole (form style, + a space), then split
 * on & and each pair on = (`const [name, value] = pair.split('=')`), so an encoded & in a value
 * starts a new pair and an encoded = ends the value. A query the decoder refuses is read as sent.
 */
function decodedBeforeSplit(url: string, sent: RawQuery): RawQuery {
  const raw = url.slice(url.indexOf('?') + 1);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return sent;
  }
  const read: RawQuery = {};
  for (const pair of decoded.split('&')) {
    const [name = '', value = ''] = pair.split('=');
    const before = read[name];
    read[name] = before === undefined ? value : [...[before].flat(), value];
  }
  return read;
}

/** null-literal-location: the words a careless reader takes for "no value" (a JSON-ish null check). */
const NULL_WORDS: ReadonlySet<string> = new Set(['null', 'NULL', 'undefined', 'None', 'nil']);

/** null-literal-location: locationId=null (and its kin) is read as no location filter. */
const nullLocationDropped = (query: RawQuery): RawQuery =>
  typeof query.locationId === 'string' && NULL_WORDS.has(query.locationId)
    ? Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'locationId'))
    : query;

/** encoded-name-ignored: the names as written in the URL, not decoded (`%6Cimit` stays so). */
const writtenNames = (url: string): Set<string> =>
  new Set((url.split('?')[1] ?? '').split('&').map((pair) => pair.split('=')[0] ?? ''));

/** encoded-name-ignored: a parameter is read only when its name is written plainly in the URL. */
const plainlyNamed = (url: string, query: RawQuery): RawQuery => {
  const written = writtenNames(url);
  return Object.fromEntries(Object.entries(query).filter(([name]) => written.has(name)));
};

/** The filters each list reads (spec §4.1, §4.2): limit and cursor are paging, not filters. */
const FILTER_NAMES: Record<Endpoint, readonly string[]> = {
  menu: ['q', 'categoryId', 'locationId', 'status', 'salesChannel'],
  orders: ['locationId', 'status', 'activeOnly'],
};

/**
 * cursor-bound-to-param-order: the endpoint's filters in the order the query named them (the
 * parsed query keeps the order of the URL), which the fault binds a cursor to beside their values.
 */
export const namedOrder = (endpoint: Endpoint, query: RawQuery): string[] =>
  Object.keys(query).filter((name) => FILTER_NAMES[endpoint].includes(name));

/**
 * offset-honoured: the legacy offset=N of an older menu endpoint, still read on a first page of
 * the menu (spec §4.3 rule 5: offset pagination does not exist); undefined when not so read.
 */
export function legacyOffset(faults: FaultSet, url: string, query: RawQuery): number | undefined {
  if (!faults.has('offset-honoured') || !(url.split('?')[0] ?? '').endsWith('/public/menu/items'))
    return undefined;
  const { offset } = query;
  return typeof offset === 'string' && /^[0-9]{1,6}$/.test(offset) ? Number(offset) : undefined;
}

/**
 * The query as a faulty server reads it: the same object when none of these faults is on; a
 * normalised copy (q-decoded-before-split, encoded-name-ignored, empty-filter-ignored, null-literal-location, enum-case-insensitive, active-only-any-word, active-only-spelling-ignored,
 * q-decoded-twice); or a
 * throw that becomes a 500.
 */
export function readQueryFaultily(faults: FaultSet, url: string, sent: RawQuery): RawQuery {
  if (faults.has('bad-escape-500')) decodeAgain(url);
  const split =
    faults.has('q-decoded-before-split') && url.includes('?') ? decodedBeforeSplit(url, sent) : sent;
  const named = faults.has('encoded-name-ignored') ? plainlyNamed(url, split) : split;
  const kept = faults.has('empty-filter-ignored') ? emptyFiltersDropped(url, named) : named;
  const query = faults.has('null-literal-location') ? nullLocationDropped(kept) : kept;
  const values = Object.values(query);
  if (faults.has('repeated-param-500') && values.some(Array.isArray))
    throw new TypeError('value.trim is not a function');
  if (faults.has('repeated-param-first-wins') && values.some(Array.isArray))
    return readQueryFaultily(faults, url, firstValues(query));
  const { status, q, locationId, categoryId, activeOnly } = query;
  if (faults.has('long-param-500'))
    for (const value of [q, locationId, categoryId])
      if (typeof value === 'string' && value.length > STORED_LENGTH)
        throw new Error('value too long for type character varying(200)');
  if (faults.has('bad-enum-500') && typeof status === 'string' && status !== '') statusCode(status);
  const lenient = [
    'enum-case-insensitive',
    'active-only-any-word',
    'active-only-spelling-ignored',
    'q-decoded-twice',
  ] as const;
  if (!lenient.some((name) => faults.has(name))) return query;
  const read = { ...query };
  if (faults.has('q-decoded-twice') && typeof q === 'string') read.q = formDecoded(q);
  if (faults.has('enum-case-insensitive')) {
    read.status = canonical(status);
    read.salesChannel = canonical(query.salesChannel);
  }
  if (faults.has('active-only-any-word') && typeof activeOnly === 'string')
    read.activeOnly = activeOnly === 'false' ? 'false' : 'true';
  // active-only-spelling-ignored: every spelling of a boolean is accepted, and only "true" filters.
  if (faults.has('active-only-spelling-ignored') && typeof activeOnly === 'string')
    if (BOOLEAN_WORDS.has(activeOnly.toLowerCase()))
      read.activeOnly = activeOnly === 'true' ? 'true' : 'false';
  return read;
}
