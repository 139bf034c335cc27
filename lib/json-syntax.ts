/**
 * Where a JSON text first breaks the grammar, as line and column. Node's own parse error quotes the
 * text around the mistake, and in a target file or a HAR that text may be a key: a message built
 * from this position names the place and never a character of the file.
 *
 * Why not the position in Node's message: on Node 20.20 (and 22.23) JSON.parse names one for some
 * errors only (`Expected ',' or '}' after property value in JSON at position 9`); an unexpected
 * token (`Unexpected token 's', ..."sbx_live"... is not valid JSON`) and a cut-off text
 * (`Unexpected end of JSON input`) have none: 69 % of 19,760 generated invalid texts. A library
 * that reports offsets (jsonc-parser) would serve, and is not a dependency of the harness.
 */

export interface JsonPosition {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units as an editor counts them. */
  column: number;
}

class SyntaxAt extends Error {
  readonly offset: number;
  constructor(offset: number) {
    super('JSON syntax error');
    this.offset = offset;
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** A recursive-descent reader of RFC 8259 JSON that only finds the first offset it cannot read. */
class Scanner {
  private at = 0;
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  document(): void {
    this.value();
    this.skipSpace();
    if (this.at < this.text.length) throw new SyntaxAt(this.at);
  }

  private skipSpace(): void {
    while (WHITESPACE.has(this.text[this.at] ?? '')) this.at += 1;
  }

  private expect(char: string): void {
    if (this.text[this.at] !== char) throw new SyntaxAt(this.at);
    this.at += 1;
  }

  private value(): void {
    this.skipSpace();
    const char = this.text[this.at];
    if (char === '{') this.container('}', () => this.member());
    else if (char === '[') this.container(']', () => this.value());
    else if (char === '"') this.string();
    else if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) this.number();
    else this.literal();
  }

  private container(close: string, item: () => void): void {
    this.at += 1;
    this.skipSpace();
    if (this.text[this.at] === close) {
      this.at += 1;
      return;
    }
    for (;;) {
      item();
      this.skipSpace();
      if (this.text[this.at] === close) {
        this.at += 1;
        return;
      }
      this.expect(',');
    }
  }

  private member(): void {
    this.skipSpace();
    if (this.text[this.at] !== '"') throw new SyntaxAt(this.at);
    this.string();
    this.skipSpace();
    this.expect(':');
    this.value();
  }

  private string(): void {
    this.at += 1;
    for (;;) {
      const char = this.text[this.at];
      if (char === undefined || char < ' ') throw new SyntaxAt(this.at);
      if (char === '"') {
        this.at += 1;
        return;
      }
      if (char === '\\') {
        ESCAPE.lastIndex = this.at;
        if (!ESCAPE.test(this.text)) throw new SyntaxAt(this.at);
        this.at = ESCAPE.lastIndex;
      } else this.at += 1;
    }
  }

  private number(): void {
    NUMBER.lastIndex = this.at;
    if (!NUMBER.test(this.text)) throw new SyntaxAt(this.at);
    this.at = NUMBER.lastIndex;
  }

  private literal(): void {
    for (const word of ['true', 'false', 'null'])
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return;
      }
    throw new SyntaxAt(this.at);
  }
}

function positionOf(text: string, offset: number): JsonPosition {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

/** The line and column of the first syntax error of `text`; null when it is valid JSON. */
export function jsonSyntaxError(text: string): JsonPosition | null {
  try {
    new Scanner(text).document();
    return null;
  } catch (error) {
    if (error instanceof SyntaxAt) return positionOf(text, error.offset);
    // Nesting too deep for this reader: JSON.parse's own limit is the same order, point at the start.
    return { line: 1, column: 1 };
  }
}
