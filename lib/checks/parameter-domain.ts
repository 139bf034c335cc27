/**
 * What spec §4.1 and §4.2 make of a value of a query parameter, read from the request alone: valid,
 * invalid (400, spec §7), open (the spec does not say how the value reads), refusable (legal,
 * but a server may refuse it with a 4xx: a string no limit is set for, an id it does not know) or
 * no-place (a locationId or categoryId no place can have, such as the empty one: 400 or 404).
 */
import { ENDPOINT_INFO, LIMITS, type Endpoint } from '../contract/endpoints.ts';
import type { ApiCall } from '../http/call.ts';

export type Reading = 'valid' | 'invalid' | 'open' | 'refusable' | 'no-place';

export interface ParameterReading {
  name: string;
  reading: Reading;
  /** Why, in words, for a failure's message. */
  why: string;
}

/** A value as the server decodes it; null when its escapes are not UTF-8 (`%FF`, `%C3%28`). */
function decoded(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * limit (spec §4, §8): an integer 1..100, in decimal. A decimal with leading zeros (`010`, `0100`)
 * or a plus sign (`+5`) reads as that decimal only: such a form is open (refused, or served as
 * exactly that many). Any other form is invalid (a 400): a radix prefix (`0x10`, `0o10`, `0b101`,
 * which a strtol-like parser reads as 16, 8, 5), an exponent, a decimal point, spaces, an
 * underscore, digits of another script (`٣`, `５`); so is the empty value (a server that reads it
 * as no limit serves what was not asked). A parser reading `010` as 8 has altered the request
 * (spec §4.3 rule 6), which spelling-means-value judges.
 */
function readLimit(value: string): Pick<ParameterReading, 'reading' | 'why'> {
  const decimal = /^\+?[0-9]+$/.test(value) ? Number.parseInt(value, 10) : NaN;
  if (!(decimal >= LIMITS.min && decimal <= LIMITS.max))
    return {
      reading: 'invalid',
      why: `limit is a decimal integer ${LIMITS.min} to ${LIMITS.max} (spec §4, §8); ${JSON.stringify(value)} is none`,
    };
  if (/^[1-9]\d*$/.test(value)) return { reading: 'valid', why: 'a limit in range' };
  return { reading: 'open', why: `${JSON.stringify(value)} reads as ${decimal} only to a lenient parser` };
}

/** Parameters of the endpoint whose values the spec lists or types (status, activeOnly, limit). */
const enumerated = (endpoint: Endpoint, name: string): boolean =>
  name === 'limit' || name === 'status' || (name === 'activeOnly' && endpoint === 'orders');

/** Spellings some frameworks read as a boolean; the spec types activeOnly boolean and shows none. */
const BOOLEAN_SPELLINGS = new Set(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', 't', 'f', 'y', 'n']);

function readValue(
  endpoint: Endpoint,
  name: string,
  value: string,
): Pick<ParameterReading, 'reading' | 'why'> {
  const info = ENDPOINT_INFO[endpoint];
  if (name === 'limit') return readLimit(value);
  // A place filter given empty or blank names no place (spec §5, §7: 404, or 400 as malformed);
  // served as no filter, the page ignores the filter the client gave.
  if ((name === 'locationId' || name === 'categoryId') && value.trim() === '')
    return { reading: 'no-place', why: `no place has the ${name} ${JSON.stringify(value)} (spec §5, §7)` };
  // An empty status, activeOnly or limit is judged below as any value: none of the enum, no
  // boolean, no integer (spec §4.1, §4.2, §7). An empty cursor, salesChannel or q stays open:
  // their values are opaque, not shown, or any string (an empty search matches every name).
  if (value === '' && !enumerated(endpoint, name) && name !== 'q')
    return { reading: 'open', why: `an empty ${name} may read as no ${name}` };
  if (name === 'status') {
    if (info.statuses.includes(value)) return { reading: 'valid', why: 'a status of the endpoint' };
    return { reading: 'invalid', why: `status is one of ${info.statuses.join(', ')}, as written (spec §4)` };
  }
  if (name === 'activeOnly' && enumerated(endpoint, name)) {
    if (value === 'true' || value === 'false') return { reading: 'valid', why: 'a boolean' };
    if (BOOLEAN_SPELLINGS.has(value.toLowerCase()))
      return {
        reading: 'open',
        why: `the spec shows no spelling of a boolean; ${JSON.stringify(value)} is one some read`,
      };
    return { reading: 'invalid', why: 'activeOnly is a boolean (spec §4.2); no reading makes this one' };
  }
  // q is any string (a search); ids and cursors are opaque: whether one exists is the server's to say.
  return { reading: 'refusable', why: `${name} takes any string, which a server may refuse with a 4xx` };
}

/**
 * A parameter given more than once. One value invalid on its own makes the whole invalid: serving
 * it means that value went unread, the request silently altered (spec §4.3 rule 6). Otherwise two
 * values are open (the spec does not say which counts) and one value twice is refusable.
 */
function readRepeated(endpoint: Endpoint, name: string, sent: readonly (string | null)[]): ParameterReading {
  const bad = sent.find(
    (value) =>
      value !== null && enumerated(endpoint, name) && readValue(endpoint, name, value).reading === 'invalid',
  );
  if (bad !== undefined && bad !== null)
    return {
      name,
      reading: 'invalid',
      why: `${name} given twice, and ${JSON.stringify(bad)} is invalid on its own: serving the request leaves it unread (spec §4.3 rule 6)`,
    };
  const nowhere = sent.find(
    (value) => value !== null && readValue(endpoint, name, value).reading === 'no-place',
  );
  if (nowhere !== undefined && nowhere !== null)
    return {
      name,
      reading: 'no-place',
      why: `${name} given twice, and no place has ${JSON.stringify(nowhere)}: serving the request leaves it unread (spec §5, §7)`,
    };
  return sent.every((each) => each === sent[0])
    ? { name, reading: 'refusable', why: `${name} given twice with one value` }
    : { name, reading: 'open', why: `${name} given twice: the spec does not say which value counts` };
}

const TRUE_WORDS: ReadonlySet<string> = new Set(['true', '1', 'yes', 'on', 't', 'y']);

/**
 * The value spelled by `value` when it is another spelling of one the spec names: a boolean word
 * in any case (TRUE, 1, yes: true), a status in another case (open: OPEN), a decimal limit
 * written with leading zeros or a plus (010: 10, never 8). A server may refuse such a spelling (400) or take it as that value; taking
 * it as anything else is a bug. Null for a value that is its own spelling, or spells none.
 */
export function canonicalSpelling(endpoint: Endpoint, name: string, value: string): string | null {
  const info = ENDPOINT_INFO[endpoint];
  let canonical: string | null = null;
  if (name === 'limit' && readLimit(value).reading === 'open') canonical = String(Number.parseInt(value, 10));
  if (name === 'status')
    canonical = info.statuses.find((status) => status.toLowerCase() === value.toLowerCase()) ?? null;
  if (name === 'activeOnly' && enumerated(endpoint, name) && BOOLEAN_SPELLINGS.has(value.toLowerCase()))
    canonical = TRUE_WORDS.has(value.toLowerCase()) ? 'true' : 'false';
  return canonical === value ? null : canonical;
}

/** Each parameter the call sends, once per name, as the spec reads it. */
export function readParameters(call: ApiCall): ParameterReading[] {
  const values = new Map<string, (string | null)[]>();
  const add = (name: string, value: string | null) => values.set(name, [...(values.get(name) ?? []), value]);
  for (const [name, value] of Object.entries(call.query)) add(name, value);
  for (const { name, encoded } of call.raw ?? []) add(name, decoded(encoded));
  return [...values].map(([name, sent]): ParameterReading => {
    const [value = null] = sent;
    if (sent.length > 1) return readRepeated(call.endpoint, name, sent);
    if (value === null)
      return enumerated(call.endpoint, name)
        ? { name, reading: 'invalid', why: `${name} is not UTF-8 text, so none of its values` }
        : {
            name,
            reading: 'refusable',
            why: `${name} is not UTF-8 text, which a server may refuse with a 4xx`,
          };
    return { name, ...readValue(call.endpoint, name, value) };
  });
}
