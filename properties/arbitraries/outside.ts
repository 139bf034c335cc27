/**
 * Values outside a query parameter's domain (spec §4.1, §4.2), one of every kind per draw, so each
 * run of a property sends the whole outside of its parameter. This file holds the value type and
 * the kinds every parameter's outside has (over-long values, control characters, escapes that are
 * not UTF-8, the empty value), and q's outside, which is only those (q is any string). The other
 * parameters' own kinds: outside-typed.ts (status, activeOnly, limit), outside-ids.ts (place ids
 * and cursors no tenant was given), outside-repeated.ts (a parameter given twice). Each value is
 * percent-encoded as it goes on the wire: an invalid escape cannot be a string.
 */
import fc from 'fast-check';
import type { TenantSurvey } from '../../lib/props/survey.ts';
import { searchTerm, searchTerms } from './search.ts';

export interface Outside {
  name: string;
  /** The values sent, each percent-encoded; two when the parameter is given twice. */
  encoded: readonly string[];
  /** What kind of value it is, in words: "a case variant", "an escape that is not UTF-8". */
  kind: string;
  /** An id or cursor no tenant was given: only the server can tell, so only a refusal is right. */
  unknown: boolean;
}

/** One value of parameter `name`, percent-encoded. */
export const oneValue = (name: string, kind: string, value: string, unknown = false): Outside => ({
  name,
  encoded: [encodeURIComponent(value)],
  kind,
  unknown,
});

/**
 * Escapes no UTF-8 decoder accepts: a lone byte, a bad continuation, a cut sequence, an encoded
 * surrogate, an overlong form, a byte past U+10FFFF, and broken escapes.
 */
const BAD_ESCAPES = ['%FF', '%C3%28', '%E2%82', '%ED%A0%80', '%C0%AF', '%F5%80%80%80', '%', '%zz'] as const;

/** Longer than any id or word a server stores, in characters. */
const overLength = fc.integer({ min: 256, max: 2000 });
/**
 * Bytes a value may take once percent-encoded: short enough for a request line under 8 KB (the
 * common server and proxy limit; past it, a 414 or 431 from the HTTP layer says nothing of the API).
 */
const MAX_ENCODED = 6000;

/** `base` repeated to `length` characters, cut where its encoding would pass MAX_ENCODED. */
function overLong(base: string, length: number): string {
  const chars = [...base.repeat(Math.ceil(length / base.length))].slice(0, length);
  let encoded = 0;
  const kept = chars.findIndex((char) => (encoded += encodeURIComponent(char).length) > MAX_ENCODED);
  return (kept === -1 ? chars : chars.slice(0, kept)).join('');
}

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\t', '\n', '\r', '\u001b', '\u007f'] as const;

/** The kinds every parameter's outside has: over-long, a control character, a bad escape, empty. */
export function anyParameter(
  name: string,
  like: fc.Arbitrary<string>,
  unknown = false,
): fc.Arbitrary<Outside[]> {
  return fc
    .record({
      long: fc.tuple(like, overLength).map(([base, length]) => overLong(base, length)),
      control: fc.tuple(like, fc.constantFrom(...CONTROLS), fc.boolean()),
      escape: fc.tuple(like, fc.constantFrom(...BAD_ESCAPES), fc.boolean()),
    })
    .map(({ long, control: [base, char, before], escape: [text, bad, front] }) => [
      oneValue(name, 'an over-long value', long, unknown),
      oneValue(name, 'a control character', before ? char + base : base + char, unknown),
      {
        name,
        encoded: [front ? bad + encodeURIComponent(text) : encodeURIComponent(text) + bad],
        kind: 'an escape that is not UTF-8',
        unknown,
      },
      oneValue(name, 'the empty value', ''),
    ]);
}

/** q is any string (spec §4.1): its odd ones may be refused with a 4xx, never a 5xx. */
export const searchOutside = (tenant: TenantSurvey): fc.Arbitrary<Outside[]> => {
  const items = tenant.lists.menuItems.records;
  return anyParameter('q', searchTerms(items).length > 0 ? searchTerm(items) : fc.constant('a'));
};
