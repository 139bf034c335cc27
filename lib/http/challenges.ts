/**
 * The WWW-Authenticate grammar of RFC 9110 §11.6.1, read as a recipient reads it:
 *
 *     WWW-Authenticate = #challenge
 *     challenge        = auth-scheme [ 1*SP ( token68 / #auth-param ) ]
 *     auth-param       = token BWS "=" BWS ( token / quoted-string )
 *     token68          = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
 *
 * A list's empty elements (`a, , b`) are allowed (RFC 9110 §5.6.1.2); a field sent on several
 * lines arrives joined with `, `, which is the same list.
 */

/** RFC 9110 §5.6.2. */
const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y;
const TOKEN68 = /[A-Za-z0-9\-._~+/]+=*/y;
/** RFC 9110 §5.6.4: qdtext and quoted-pair, obs-text (%x80-FF) included. */
const QUOTED_STRING = /"(?:[\t \x21\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t \x21-\x7e\x80-\xff])*"/y;
const OWS = /[ \t]*/y;
const SPACES = / +/y;
/** Commas and whitespace between list elements, empty elements included. */
const SEPARATORS = /[ \t]*(?:,[ \t]*)*/y;

/** A cursor over one field value: each read takes its match, or leaves the position as it was. */
class Reader {
  private at = 0;
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  read(pattern: RegExp): string | null {
    pattern.lastIndex = this.at;
    const match = pattern.exec(this.text);
    if (match === null) return null;
    this.at += match[0].length;
    return match[0];
  }

  next(): string | undefined {
    return this.text[this.at];
  }

  done(): boolean {
    return this.at >= this.text.length;
  }

  mark(): number {
    return this.at;
  }

  reset(at: number): void {
    this.at = at;
  }
}

/** Reads one auth-param (`name = value`), or reads nothing and says so. */
function readParam(reader: Reader): boolean {
  const start = reader.mark();
  const name = reader.read(TOKEN);
  reader.read(OWS);
  if (name !== null && reader.next() === '=') {
    reader.read(/=/y);
    reader.read(OWS);
    if ((reader.read(QUOTED_STRING) ?? reader.read(TOKEN)) !== null) return true;
  }
  reader.reset(start);
  return false;
}

/** After a separator: whether the list goes on with an auth-param (`name =`), not a new challenge. */
function paramFollows(reader: Reader): boolean {
  const start = reader.mark();
  const param = reader.read(TOKEN) !== null && reader.read(OWS) !== null && reader.next() === '=';
  reader.reset(start);
  return param;
}

/** Whether the reader stands at the end of a list element: the value's end or a comma. */
function elementEnds(reader: Reader): boolean {
  reader.read(OWS);
  return reader.done() || reader.next() === ',';
}

/** Reads what follows a challenge's scheme and its spaces: a token68, or auth-params. */
function readChallengeBody(reader: Reader): boolean {
  if (readParam(reader)) {
    for (;;) {
      if (!elementEnds(reader)) return false;
      reader.read(SEPARATORS);
      if (reader.done() || !paramFollows(reader)) return true;
      if (!readParam(reader)) return false;
    }
  }
  if (reader.read(TOKEN68) === null) return false;
  if (!elementEnds(reader)) return false;
  reader.read(SEPARATORS);
  return true;
}

/**
 * The auth-schemes of a WWW-Authenticate value in order, or null when it is not the grammar of
 * RFC 9110 §11.6.1 or holds no challenge (RFC 9110 §15.5.2 asks for at least one).
 */
export function challengeSchemes(value: string): string[] | null {
  const reader = new Reader(value);
  const schemes: string[] = [];
  reader.read(SEPARATORS);
  while (!reader.done()) {
    const scheme = reader.read(TOKEN);
    if (scheme === null) return null;
    schemes.push(scheme);
    const spaced = reader.read(SPACES) !== null;
    if (reader.done()) break;
    if (reader.next() === ',') {
      reader.read(SEPARATORS);
      continue;
    }
    if (!spaced || !readChallengeBody(reader)) return null;
  }
  return schemes.length > 0 ? schemes : null;
}
