import type { Credential } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import type { Target } from '../target/target.ts';
import type { ProbeCheck } from './types.ts';

/** A key of the target file, by whose and which; its value is only compared, never printed. */
interface BookKey {
  tenant: string;
  role: string;
  value: string;
  /** The shortest piece of it that counts as disclosed: PIECE characters, or all of a shorter key. */
  piece: number;
}

/**
 * A piece of a key this long is enough to use or to find the rest (a key is some 20 to 40
 * characters): 16 characters of base64 are 96 bits. Shorter common runs are chance.
 */
const PIECE = 16;
/**
 * Every CHUNK characters of every key (at every offset) are indexed; a text is looked up only in
 * runs of key characters at least as long as the shortest piece, every STRIDE characters: a common
 * run of `piece` characters holds a whole window at one of those offsets when
 * piece >= STRIDE + CHUNK - 1. A key shorter than CHUNK is not looked for: its pieces would be
 * ordinary words.
 */
const CHUNK = 8;

/** Where a chunk sits in a key. */
interface ChunkAt {
  key: BookKey;
  offset: number;
}

/** Every key of a target, ready to be searched for in any text. */
interface KeyBook {
  /** 1 at the UTF-16 code units keys are made of: a run of them may hold a key. */
  readonly keyUnits: Uint8Array;
  /** The chunks by their hash (chunkHash): a hit is confirmed character by character. */
  readonly chunks: ReadonlyMap<number, readonly ChunkAt[]>;
  /** How far apart the windows of a run are looked up. */
  readonly stride: number;
  /** The shortest piece of any key: a shorter run holds none. */
  readonly shortest: number;
}

const UTF16_UNITS = 0x10000;

const books = new WeakMap<Target, KeyBook | null>();

/** The target's key book, built once per target; null when no key is long enough to look for. */
function keyBookOf(target: Target): KeyBook | null {
  let book = books.get(target);
  if (book === undefined) {
    book = buildBook(target);
    books.set(target, book);
  }
  return book;
}

function buildBook(target: Target): KeyBook | null {
  const chunks = new Map<number, ChunkAt[]>();
  const keyUnits = new Uint8Array(UTF16_UNITS);
  let shortest = PIECE;
  for (const tenant of target.tenants)
    for (const [role, value] of Object.entries(tenant.keys)) {
      if (value === undefined || value.length < CHUNK) continue;
      const key: BookKey = { tenant: tenant.name, role, value, piece: Math.min(PIECE, value.length) };
      shortest = Math.min(shortest, key.piece);
      for (let index = 0; index < value.length; index += 1) keyUnits[value.charCodeAt(index)] = 1;
      for (let offset = 0; offset + CHUNK <= value.length; offset += 1) {
        const hash = chunkHash(value, offset);
        chunks.set(hash, [...(chunks.get(hash) ?? []), { key, offset }]);
      }
    }
  if (chunks.size === 0) return null;
  return {
    keyUnits,
    shortest,
    chunks,
    stride: shortest - CHUNK + 1,
  };
}

/** A hash of the CHUNK code units of `text` from `at`: no string is cut for a lookup. */
function chunkHash(text: string, at: number): number {
  let hash = 0;
  for (let index = at; index < at + CHUNK; index += 1)
    hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  return hash;
}

/**
 * How many characters around `at` in `text` equal the key's around `offset`, as one run: its chunk
 * included, compared too (the lookup was by hash).
 */
function commonLength(text: string, at: number, value: string, offset: number): number {
  let before = 0;
  while (
    before < at &&
    before < offset &&
    text.charCodeAt(at - before - 1) === value.charCodeAt(offset - before - 1)
  )
    before += 1;
  let after = 0;
  while (
    at + after < text.length &&
    offset + after < value.length &&
    text.charCodeAt(at + after) === value.charCodeAt(offset + after)
  )
    after += 1;
  return before + after;
}

/** What of a key an answer holds: whose key, and how many of its characters. */
interface Disclosed {
  tenant: string;
  role: string;
  length: number;
  whole: boolean;
}

/**
 * A piece of a key other than `own` in `text`, or null: one pass over its code units, a window
 * looked up every `stride` units of each run of key characters long enough to hold a piece.
 */
function keyIn(book: KeyBook, text: string, own: (key: BookKey) => boolean): Disclosed | null {
  const { keyUnits, shortest } = book;
  let start = 0;
  for (let index = 0; index <= text.length; index += 1) {
    if (index < text.length && keyUnits[text.charCodeAt(index)] === 1) continue;
    if (index - start >= shortest) {
      const found = keyInRun(book, text, start, index, own);
      if (found !== null) return found;
    }
    start = index + 1;
  }
  return null;
}

/** A piece of a key other than `own` in the run of key characters text[start, end), or null. */
function keyInRun(book: KeyBook, text: string, start: number, end: number, own: (key: BookKey) => boolean) {
  for (let at = start; at + CHUNK <= end; at += book.stride) {
    const found = book.chunks.get(chunkHash(text, at));
    if (found === undefined) continue;
    for (const { key, offset } of found) {
      if (own(key)) continue;
      const length = commonLength(text, at, key.value, offset);
      if (length >= key.piece)
        return { tenant: key.tenant, role: key.role, length, whole: length === key.value.length };
    }
  }
  return null;
}

/**
 * The keys the request sent, by the credential's tenant and role (in another case, or elsewhere,
 * too), and a second key sent with it (lib/http/two-keys.ts).
 */
function ownKey(target: Target, credential: Credential): (key: BookKey) => boolean {
  const { second } = credential;
  const sent = [credential, ...(second === undefined ? [] : [second])].map(({ tenant, role }) =>
    role === 'none' || role === 'malformed'
      ? undefined
      : target.tenants.find((entry) => entry.name === tenant)?.keys[role],
  );
  return (key) => sent.includes(key.value);
}

/**
 * A piece of a key of the target other than the request's own in the answer (its headers, then
 * its body), or null: one pass over the body's code units, a Map lookup every `stride` units of a
 * run of key characters. About what parsing the body costs (some 10 µs a 15-record page), so a
 * load searches every answer but its 2xx pages (KeySearch, lib/paging/answer-checks.ts).
 */
function disclosedKey(target: Target, credential: Credential, response: ApiResponse): Disclosed | null {
  const book = keyBookOf(target);
  if (book === null) return null;
  const own = ownKey(target, credential);
  for (const name in response.headers) {
    const found = keyIn(book, response.headers[name] as string, own);
    if (found !== null) return found;
  }
  return keyIn(book, response.bodyText, own);
}

/**
 * spec §5: the full key is shown at creation and must be stored then; each integration has its own
 * key, bound to one tenant. No answer gives a key away: not another role's key of the tenant (the
 * working key in an expired key's 401), nor another tenant's, nor a piece of one long enough to use.
 * Run on every answer any job receives (lib/paging/answer-checks.ts), pages and refusals; under
 * load, on every answer but a 2xx page. The finding names whose key, never the key.
 */
export const keyNotDisclosed: ProbeCheck = {
  name: 'key-not-disclosed',
  description:
    "No answer (any status, headers or body; under load, every answer but a 2xx page) holds a key of the target file other than the one its request sent, whole or a piece of 16 characters: another role's key of the tenant, another tenant's.",
  catches: ['expired-key-discloses-key'],
  run({ call, response, probe, target, searchKeys }) {
    if (target === undefined || searchKeys === false) return null;
    const found = disclosedKey(target, call.credential, response);
    if (found === null) return null;
    const what = found.whole
      ? `the ${found.role} key of ${found.tenant}`
      : `${found.length} characters of the ${found.role} key of ${found.tenant}`;
    return {
      code: 'KEY_DISCLOSED',
      message: `${probe}: HTTP ${response.status} answer holds ${what}, which its request did not send`,
      expected: 'no key but the one the request sent (spec §5: a key is shown once, at its creation)',
      received: `${what} in the answer (not printed)`,
    };
  },
};
