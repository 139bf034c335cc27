/**
 * A strict reading of a Content-Type field value (RFC 9110 §8.3.1, RFC 9110 §5.6.6): one media
 * type, its parameters after it. A value that holds a second type (two field lines joined with
 * `, `, as RFC 9110 §5.3 joins them) is none: a Fetch client takes the last type of such a list, a
 * parser like this one refuses it.
 */

/** tchar (RFC 9110 §5.6.2), as a bracket expression's members: the same in a RegExp and a POSIX ERE. */
const TCHAR = "!#$%&'*+.^_`|~0-9A-Za-z-";
/** token = 1*tchar (RFC 9110 §5.6.2). */
const TOKEN = `[${TCHAR}]+`;
/** quoted-string: qdtext or a quoted-pair between double quotes (RFC 9110 §5.6.4), obs-text allowed. */
const QUOTED = '"(?:[\\t !#-\\[\\]-~\\x80-\\xff]|\\\\[\\t -~\\x80-\\xff])*"';
/** parameters = *( OWS ";" OWS [ parameter ] ), parameter = name "=" ( token / quoted-string ). */
const PARAMETERS = `(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*`;
const MEDIA_TYPE = new RegExp(`^[ \\t]*(${TOKEN})/(${TOKEN})${PARAMETERS}[ \\t]*$`);

/**
 * The same reading as a POSIX extended regular expression, for bash's `=~` in a curl reproduction:
 * a parameter's value a token or a quoted string (one with a control character in its quotes
 * passes there, which this module refuses).
 */
export const MEDIA_TYPE_ERE = `^[[:blank:]]*${TOKEN}/${TOKEN}([[:blank:]]*;[[:blank:]]*(${TOKEN}=(${TOKEN}|"([^"\\\\]|\\\\.)*"))?)*[[:blank:]]*$`;

/** The type and subtype of a media type, in lower case (they are case-insensitive, RFC 9110 §8.3.1). */
export interface MediaType {
  type: string;
  subtype: string;
}

/** A server sends one Content-Type again and again: the last one read is not parsed again. */
let last: { value: string; parsed: MediaType } | undefined;

/**
 * `value` read as exactly one media type, or undefined when it is not one: a list, a bare word, a
 * parameter without a value or with blanks around its `=`, a value holding a character no token
 * holds (`/`, `:`, `@`, `,`, `;`, `=`, a space...) outside a quoted string (RFC 9110 §5.6.6), a
 * second type. Parameters may come
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
