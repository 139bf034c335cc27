import { badRequest } from './errors.ts';
import type { FaultSet } from './faults/catalogue.ts';

/** A parsed query string: Fastify gives a string, or an array when a parameter repeats. */
export type RawQuery = Record<string, string | string[] | undefined>;

const MAX_LIMIT = 100;
const DEFAULT_LIMIT = 50;
const MAX_ID_LENGTH = 200;
const MAX_Q_LENGTH = 200;

const shown = (raw: string): string => JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);

/** One value of a parameter; a repeated parameter is ambiguous and rejected. */
function single(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw badRequest(`query parameter ${name} must be given at most once`);
  return value;
}

/** limit-radix-prefix: C's strtol(s, NULL, 0): `0x10` is hex 16, `010` octal 8, else decimal. */
function strtolBase0(raw: string): number {
  if (/^0[xX][0-9a-fA-F]{1,8}$/.test(raw)) return Number.parseInt(raw.slice(2), 16);
  if (/^0[0-7]{1,10}$/.test(raw)) return Number.parseInt(raw, 8);
  return /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : NaN;
}

/**
 * limit: an integer from 1 to 100, default 50; anything else is 400 and never silently altered
 * (spec §4.3 rule 6, §8). The limit-clamp, bad-limit-accepted, limit-radix-prefix, default-limit-wrong and
 * cursor-page-default-limit faults break exactly these rules; so do the faults of a busy server
 * (`busy`): limit-unchecked-when-busy clamps what it would refuse, default-limit-when-busy falls
 * back to a default of 20.
 */
export function parseLimit(
  query: RawQuery,
  faults: FaultSet,
  cursor = false,
  busy: { unchecked?: boolean; fallback?: boolean } = {},
): number {
  const raw = single(query, 'limit');
  // cursor-page-default-limit: the default is set where page 1 is built, and later pages miss it.
  const wrongDefault =
    faults.has('default-limit-wrong') ||
    (cursor && faults.has('cursor-page-default-limit')) ||
    busy.fallback === true;
  if (raw === undefined) return wrongDefault ? 20 : DEFAULT_LIMIT;
  let limit = /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : NaN;
  if (faults.has('limit-radix-prefix')) limit = strtolBase0(raw);
  if (faults.has('bad-limit-accepted')) {
    const lenient = Number.parseInt(raw, 10);
    limit = lenient >= 1 ? lenient : DEFAULT_LIMIT;
  }
  if (faults.has('limit-clamp') && limit > MAX_LIMIT) limit = MAX_LIMIT;
  if (busy.unchecked === true && !(limit >= 1 && limit <= MAX_LIMIT))
    limit = Number.isNaN(limit) ? DEFAULT_LIMIT : Math.min(MAX_LIMIT, Math.max(1, limit));
  if (!(limit >= 1 && limit <= MAX_LIMIT)) {
    throw badRequest(`limit must be an integer from 1 to ${MAX_LIMIT}, got ${shown(raw)}`);
  }
  return limit;
}

export function parseEnum<T extends string>(
  query: RawQuery,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw badRequest(`${name} must be one of ${allowed.join(', ')}, got ${shown(raw)}`);
  }
  return raw as T;
}

/** activeOnly: exactly "true" or "false". */
export function parseBoolean(query: RawQuery, name: string): boolean | undefined {
  const value = parseEnum(query, name, ['true', 'false']);
  return value === undefined ? undefined : value === 'true';
}

/** An opaque id parameter (locationId, categoryId, cursor): present means non-empty. */
export function parseId(query: RawQuery, name: string, maxLength = MAX_ID_LENGTH): string | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  if (raw.length === 0 || raw.length > maxLength) {
    throw badRequest(`${name} must be a non-empty string of at most ${maxLength} characters`);
  }
  return raw;
}

/** q: free text; empty means no search. */
export function parseSearch(query: RawQuery): string | undefined {
  const raw = single(query, 'q');
  if (raw === undefined || raw.length === 0) return undefined;
  if (raw.length > MAX_Q_LENGTH) throw badRequest(`q must be at most ${MAX_Q_LENGTH} characters`);
  return raw;
}
