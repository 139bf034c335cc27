/**
 * Two different real keys in one request (spec §5: a request carries an API key, one, in one of
 * two headers): listed in the key header (`K_a, K_b`; in Authorization `Bearer K_a, Bearer K_b`),
 * the key header sent twice (two lines, which a server may join with `, `, RFC 9110 §5.3), or one
 * in each header (`X-...-Api-Key: K_a` and `Authorization: Bearer K_b`). A list is no key: 401
 * (key-rejected). One in each header is a request the spec does not describe: refused, or served as
 * one of its keys alone would be (two-keys-served-alone).
 */
import type { KeyRole } from '../target/schema.ts';

export const TWO_KEY_FORMS = ['listed', 'two-lines', 'both-headers'] as const;

export type TwoKeyForm = (typeof TWO_KEY_FORMS)[number];

/** The second key of a request, by tenant and role (never by value), and how it goes with the first. */
export interface SecondKey {
  tenant: string;
  role: KeyRole;
  form: TwoKeyForm;
}

/** How the two keys go, in words, for a probe's description. */
export const TWO_KEY_WORDS: Record<TwoKeyForm, string> = {
  listed: 'listed after it in the same header',
  'two-lines': 'on a second line of the key header',
  'both-headers': 'in the other key header',
};

/** A request's second key in words, after its first key's: never its value. */
export const secondKeyWords = (second: SecondKey | undefined): string =>
  second === undefined ? '' : ` + the ${second.role} key of ${second.tenant}, ${TWO_KEY_WORDS[second.form]}`;

/** Whether `form` can go via `scheme`: the key header's two lines go via that header only. */
export const formFitsScheme = (form: TwoKeyForm, scheme: string): boolean =>
  form !== 'two-lines' || scheme === 'serviceHeader';

/**
 * The key headers of a request whose first key `first` goes via `scheme` (`bearer`,
 * `bearerLowerCase` or the key header) and whose second key `second` goes the `form` way.
 */
export function twoKeyHeaders(
  keyHeader: string,
  scheme: string,
  [first, second]: readonly [string, string],
  form: TwoKeyForm,
): Record<string, string | string[]> {
  const header = keyHeader.toLowerCase();
  const word = scheme === 'bearerLowerCase' ? 'bearer' : 'Bearer';
  const viaAuthorization = scheme !== 'serviceHeader';
  if (form === 'both-headers')
    return viaAuthorization
      ? { authorization: `${word} ${first}`, [header]: second }
      : { [header]: first, authorization: `Bearer ${second}` };
  if (form === 'two-lines') return { [header]: [first, second] };
  return viaAuthorization
    ? { authorization: `${word} ${first}, ${word} ${second}` }
    : { [header]: `${first}, ${second}` };
}
