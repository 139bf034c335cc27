/**
 * A strict reading of a Content-Type field value (RFC 9110 §8.3.1, RFC 9110 §5.6.6): one media
 * type, its parameters after it. A value that holds a second type (two field lines joined with
 * `, `, as RFC 9110 §5.3 joins them) is none: a Fetch client takes the last type of such a list, a
 * parser like this one refuses it.
 */

/** token = 1*tchar (RFC 9110 §5.6.2). */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** quoted-string: qdtext or a quoted-pair between double quotes (RFC 9110 §5.6.4), obs-text allowed. */
const QUOTED = '"(?:[\\t !#-\\[\\]-~\\x80-\\xff]|\\\\[\\t -~\\x80-\\xff])*"';
/** parameters = *( OWS ";" OWS [ parameter ] ), parameter = name "=" ( token / quoted-string ). */
const PARAMETERS = `(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*`;
const MEDIA_TYPE = new RegExp(`^[ \\t]*(${TOKEN})/(${TOKEN})${PARAMETERS}[ \\t]*$`);

/** The type and subtype of a media type, in lower case (they are case-insensitive, RFC 9110 §8.3.1). */
export interface MediaType {
  type: string;
  subtype: string;
}

/** A server sends one Content-Type again and again: the last one read is not parsed again. */
let last: { value: string; parsed: MediaType } | undefined;

/**
 * `value` read as exactly one media type, or undefined when it is not one: a list, a bare word, a
 * parameter without a value, a comma or a second type outside a quoted string. Parameters may come
 * in any case and order, with whitespace around `;`; the caller judges them if it needs to.
 */
export function parseMediaType(value: string): MediaType | undefined {
  if (last?.value === value) return last.parsed;
  const match = MEDIA_TYPE.exec(value);
  if (match === null) return undefined;
  const parsed = { type: (match[1] as string).toLowerCase(), subtype: (match[2] as string).toLowerCase() };
  last = { value, parsed };
  return parsed;
}
