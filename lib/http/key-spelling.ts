/**
 * Other spellings of a real key's header that HTTP's grammar makes the same credential, so a
 * server must serve each exactly as the plain `Authorization: Bearer <key>` or `X-...-Api-Key:
 * <key>`. RFC 6750 §2.1: `credentials = "Bearer" 1*SP b64token`, one or more spaces after the
 * scheme (RFC 9110 §11.4 likewise); RFC 9110 §5.5: a field value's leading and trailing whitespace
 * (OWS: spaces and tabs) is not part of it, on either header. A tab between `Bearer` and the key is
 * not in RFC 6750's grammar (`1*SP`), so it is not sent: a server may refuse it.
 */
export const KEY_SPELLINGS = [
  'bearer-two-spaces',
  'bearer-three-spaces',
  'authorization-leading-ows',
  'authorization-trailing-ows',
  'key-header-leading-ows',
  'key-header-trailing-ows',
] as const;

export type KeySpelling = (typeof KEY_SPELLINGS)[number];

/** The whitespace sent before or after a value: a space and a tab (OWS = *( SP / HTAB )). */
const LEADING_OWS = ' \t';
const TRAILING_OWS = '\t ';

/** The header a spelling goes in: Authorization (its plain form `Bearer <key>`) or the key header. */
export const spellingScheme = (spelling: KeySpelling): 'bearer' | 'serviceHeader' =>
  spelling.startsWith('key-header-') ? 'serviceHeader' : 'bearer';

/** The value of the spelling's header for `key`; undici sends it as it is (no trimming). */
export function spelledValue(spelling: KeySpelling, key: string): string {
  switch (spelling) {
    case 'bearer-two-spaces':
      return `Bearer  ${key}`;
    case 'bearer-three-spaces':
      return `Bearer   ${key}`;
    case 'authorization-leading-ows':
      return `${LEADING_OWS}Bearer ${key}`;
    case 'authorization-trailing-ows':
      return `Bearer ${key}${TRAILING_OWS}`;
    case 'key-header-leading-ows':
      return `${LEADING_OWS}${key}`;
    case 'key-header-trailing-ows':
      return `${key}${TRAILING_OWS}`;
  }
}

/** The spelling in words, for a probe's description; never the key. */
export const KEY_SPELLING_WORDS: Record<KeySpelling, string> = {
  'bearer-two-spaces': "after 'Bearer' and two spaces",
  'bearer-three-spaces': "after 'Bearer' and three spaces",
  'authorization-leading-ows': "in Authorization: 'Bearer <key>' after a space and a tab",
  'authorization-trailing-ows': "in Authorization: 'Bearer <key>' followed by a tab and a space",
  'key-header-leading-ows': 'in the key header after a space and a tab',
  'key-header-trailing-ows': 'in the key header followed by a tab and a space',
};
