/** Cache-Control and Expires as a cache reads them (RFC 9111 §5.2, §4.2.1), for the checks that judge storing. */
import type { ApiResponse } from '../http/response.ts';
import { isImfFixdate } from './date-header-sent.ts';

/** The directives of a Cache-Control value, names in lower case, values unquoted. */
export function directives(value: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of value.split(',')) {
    const [name = '', ...rest] = part.split('=');
    if (name.trim() !== '') found.set(name.trim().toLowerCase(), rest.join('=').trim().replace(/^"|"$/g, ''));
  }
  return found;
}

/**
 * Explicit freshness a cache reads (RFC 9111 §4.2.1): max-age above 0, else an Expires after Date.
 * An Expires that is no IMF-fixdate (`0`, `-1`, `9999`) is read as already expired (RFC 9111 §5.3),
 * as the curl reproduction's jq reads it (lib/repro/curl-cache.ts).
 */
export function freshness(response: ApiResponse, control: Map<string, string>): string | null {
  const maxAge = control.get('max-age');
  if (maxAge !== undefined) return Number(maxAge) > 0 ? `max-age=${maxAge}` : null;
  const expires = response.headers.expires;
  if (expires === undefined || !isImfFixdate(expires.trim())) return null;
  const date = Date.parse(response.headers.date ?? '');
  const at = Date.parse(expires);
  const now = Number.isNaN(date) ? Date.now() : date;
  return at > now ? `Expires: ${expires}` : null;
}

/** The fields `names` (Cache-Control, Expires, ...) as received, for a finding: `expires: (none)` when absent. */
export const receivedFields = (response: ApiResponse, names: readonly string[]): string =>
  names.map((name) => `${name}: ${response.headers[name] ?? '(none)'}`).join('; ');
