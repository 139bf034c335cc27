/**
 * A key header sent with no key in it: an empty value, blanks only, or Authorization's scheme word
 * alone. Spec §5: a missing key yields 401 (§7's table: "API key missing, malformed, revoked or
 * expired"), so an empty credential is a missing key, never a 400 of a validator that runs before
 * authentication. HTTP strips the blanks around a field value (RFC 9110 §5.5): the server reads
 * blanks alone as an empty value, `Bearer` and blanks as `Bearer`.
 */
export const BLANK_KEYS = [
  'key-header-empty',
  'key-header-spaces',
  'key-header-tab',
  'authorization-empty',
  'authorization-spaces',
  'bearer-alone',
  'bearer-lower-alone',
  'bearer-spaces',
  'both-empty',
] as const;

export type BlankKey = (typeof BLANK_KEYS)[number];

const BLANK_KEY_SET: ReadonlySet<string> = new Set(BLANK_KEYS);

export const isBlankKey = (kind: string): kind is BlankKey => BLANK_KEY_SET.has(kind);

/** The headers a blank key sends, by the target's key header name (in lower case, as undici sends). */
export function blankKeyHeaders(blank: BlankKey, apiKeyHeader: string): Record<string, string> {
  const header = apiKeyHeader.toLowerCase();
  switch (blank) {
    case 'key-header-empty':
      return { [header]: '' };
    case 'key-header-spaces':
      return { [header]: '   ' };
    case 'key-header-tab':
      return { [header]: '\t' };
    case 'authorization-empty':
      return { authorization: '' };
    case 'authorization-spaces':
      return { authorization: '  ' };
    case 'bearer-alone':
      return { authorization: 'Bearer' };
    case 'bearer-lower-alone':
      return { authorization: 'bearer' };
    case 'bearer-spaces':
      return { authorization: 'Bearer   ' };
    case 'both-empty':
      return { authorization: '', [header]: '' };
  }
}

/** The blank key in words, for a probe's description. */
export const BLANK_KEY_WORDS: Record<BlankKey, string> = {
  'key-header-empty': 'the key header sent empty',
  'key-header-spaces': 'the key header sent with spaces only',
  'key-header-tab': 'the key header sent with a tab only',
  'authorization-empty': 'Authorization sent empty',
  'authorization-spaces': 'Authorization sent with spaces only',
  'bearer-alone': "Authorization: 'Bearer' and no key",
  'bearer-lower-alone': "Authorization: 'bearer' and no key",
  'bearer-spaces': "Authorization: 'Bearer' and spaces, no key",
  'both-empty': 'both Authorization and the key header sent empty',
};
