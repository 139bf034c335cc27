/**
 * A reproduction's step whose key went where spec §5 does not look for one (lib/http/key-place.ts),
 * rebuilt in the shell from the key's variable, so the script never holds the key: a query
 * parameter curl encodes, a header line, or HTTP Basic credentials the shell computes.
 */
import type { Credential } from '../http/call.ts';
import { KEY_PLACE_RULES } from '../http/key-place.ts';
import { shellWord } from './shell-words.ts';

/** The shell variable holding step `index`'s Basic credentials (base64 of `key:`). */
const basicVariable = (index: number): string => `key_basic_${index}`;

/** The line computing step `index`'s Basic credentials from `variable` (`${KEY_…}`); none otherwise. */
export function keyPlaceLines(credential: Credential, variable: string, index: number): string[] {
  const place = credential.keyPlace === undefined ? undefined : KEY_PLACE_RULES[credential.keyPlace];
  if (place?.basic !== true) return [];
  return [`${basicVariable(index)}="$(printf '%s:' "${variable}" | base64 | tr -d '\\n')"`];
}

/** The header line (`name: value`, the key as a reference) a step's placed key is sent in; null for a query place. */
export function placedHeaderLine(credential: Credential, variable: string, index: number): string | null {
  const place = credential.keyPlace === undefined ? undefined : KEY_PLACE_RULES[credential.keyPlace];
  if (place?.where !== 'header') return null;
  return `${place.name}: ${place.prefix}${place.basic ? `\${${basicVariable(index)}}` : variable}`;
}

/** curl's arguments adding a step's placed key to its query (--data-urlencode encodes it); none otherwise. */
export function placedQueryWords(credential: Credential, variable: string): string[] {
  const place = credential.keyPlace === undefined ? undefined : KEY_PLACE_RULES[credential.keyPlace];
  if (place?.where !== 'query') return [];
  return ['--data-urlencode', shellWord(`${place.name}=${variable}`)];
}

/**
 * What a step's URL gets after its query for a placed key, as bash text (`form` percent-encodes
 * it, curl-load.ts); '' otherwise. `separator` is `?` or `&`.
 */
export function placedUrlSuffix(credential: Credential, variable: string, separator: string): string {
  const place = credential.keyPlace === undefined ? undefined : KEY_PLACE_RULES[credential.keyPlace];
  if (place?.where !== 'query') return '';
  return `${shellWord(`${separator}${place.name}=`)}"$(form "${variable}")"`;
}
