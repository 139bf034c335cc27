import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import type { FailureFields } from '../failure.ts';
import { pageAnswerOf, type PageAnswer } from './repeat-gives-same-page.ts';
import { firstDifference } from './set-difference.ts';
import type { WalkSetCheck } from './types.ts';

/** One answer as the content-coding check reads it: its status, codings and bytes. */
interface CodedBody {
  status: number;
  /** The Content-Encoding header as received ('' when none). */
  contentEncoding: string;
  /** The body's bytes as sent. */
  bytes: Uint8Array;
}

export interface CodedAnswer {
  /** The request in words, which of its two sendings included. */
  request: string;
  /** The Accept-Encoding header sent. */
  acceptEncoding: string;
  /** The same request without Accept-Encoding: its page (or refusal) and its parsed body. */
  plain: PageAnswer & { body: unknown };
  answer: CodedBody;
  /** The data holds still: the decoded page's records must be the plain answer's. */
  quiescent: boolean;
}

type Decoder = (bytes: Uint8Array) => Buffer;

/** RFC 9110 §8.4.1: deflate is the zlib format; a raw deflate stream, a common mistake, is read too. */
const inflateEither: Decoder = (bytes) => {
  try {
    return inflateSync(bytes);
  } catch {
    return inflateRawSync(bytes);
  }
};

/** The codings of the HTTP Content Coding Registry a client meets (RFC 9110 §8.4.1), x-gzip its alias. */
const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateEither,
  br: brotliDecompressSync,
};

const listed = (header: string): string[] =>
  header
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');

/** The codings an Accept-Encoding accepts (RFC 9110 §12.5.3): each named without q=0. */
function accepted(acceptEncoding: string): Set<string> {
  const codings = new Set<string>();
  for (const entry of listed(acceptEncoding)) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim());
    if (!parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter))) codings.add(name);
  }
  if (codings.has('gzip')) codings.add('x-gzip');
  return codings;
}

/**
 * The codings a body may carry for a request with `acceptEncoding`: accepted by it and known to
 * this check, as a reproduction judges them (lib/repro/curl-coding.ts).
 */
export const servableCodings = (acceptEncoding: string): string[] =>
  [...accepted(acceptEncoding)].filter((coding) => DECODERS[coding] !== undefined);

/** A body decoded coding by coding, or where it stopped: at a coding not allowed or not known, or one whose bytes failed. */
type Decoding = { ok: true; content: Buffer } | { ok: false; coding: string; bytes: Buffer; error?: Error };

/** Decodes `bytes` by every coding of `codings`, last applied first; `allowed` may refuse a coding. */
function decodeCodings(
  bytes: Uint8Array,
  codings: readonly string[],
  allowed: (coding: string) => boolean = () => true,
): Decoding {
  let content: Buffer = Buffer.from(bytes);
  for (const coding of [...codings].reverse()) {
    if (coding === 'identity') continue;
    const decoder = DECODERS[coding];
    if (decoder === undefined || !allowed(coding)) return { ok: false, coding, bytes: content };
    try {
      content = decoder(content);
    } catch (error) {
      return { ok: false, coding, bytes: content, error: error as Error };
    }
  }
  return { ok: true, content };
}

/**
 * The content a body holds under `contentEncoding` (every coding listed, last applied first), or
 * undefined when a coding is unknown or the bytes are not what it says: what a client that decodes
 * by Content-Encoding reads. Whether the coding was acceptable is contentCodingDecoded's to judge.
 */
export function decodedContent(bytes: Uint8Array, contentEncoding: string): Buffer | undefined {
  const decoding = decodeCodings(bytes, listed(contentEncoding));
  return decoding.ok ? decoding.content : undefined;
}

const firstBytes = (bytes: Uint8Array): string =>
  [...bytes.subarray(0, 4)].map((byte) => byte.toString(16).padStart(2, '0')).join(' ') || '(none)';

/** The body decoded by every coding its Content-Encoding lists, last applied first; or a failure. */
function decoded(input: CodedAnswer): { text: string } | FailureFields {
  const { request, acceptEncoding, answer } = input;
  const fail = (code: string, message: string, expected: string, received: string) => ({
    code,
    message: `${request} with Accept-Encoding: ${acceptEncoding} ${message}`,
    expected,
    received,
  });
  const acceptable = accepted(acceptEncoding);
  const decoding = decodeCodings(answer.bytes, listed(answer.contentEncoding), (coding) =>
    acceptable.has(coding),
  );
  if (decoding.ok) return { text: decoding.content.toString('utf8') };
  if (decoding.error === undefined)
    return fail(
      'CODING_NOT_ACCEPTED',
      `answered Content-Encoding: ${answer.contentEncoding}, a coding the request did not accept`,
      `no coding, or one of: ${[...acceptable].join(', ') || 'none'} (RFC 9110 §12.5.3)`,
      `Content-Encoding: ${answer.contentEncoding}`,
    );
  return fail(
    'CODING_UNDECODABLE',
    `answered a body that is not ${decoding.coding} (Content-Encoding: ${answer.contentEncoding})`,
    `a body coded as Content-Encoding lists, in order (RFC 9110 §8.4)`,
    `bytes ${firstBytes(decoding.bytes)}…: ${decoding.error.message}`,
  );
}

const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** An error body's fields a repeat of the same request must keep (spec §7's Error shape). */
const errorFields = (body: unknown): string => {
  const { statusCode, error } = (body ?? {}) as { statusCode?: unknown; error?: unknown };
  return JSON.stringify({ statusCode, error });
};

/**
 * RFC 9110 §8.4: Content-Encoding lists every coding applied to the body, in the order applied;
 * RFC 9110 §12.5.3: a server codes the body only as the request's Accept-Encoding accepts. Spec §4:
 * both endpoints return application/json. So a client that decodes a body by its Content-Encoding
 * holds the JSON answer the same request gets without Accept-Encoding (its status; its page's
 * records and hasMore on quiescent data, or its Error's statusCode and error), the first time and
 * when it sends the request again (GET is idempotent, RFC 9110 §9.2.2). Sending no coding is
 * always allowed.
 */
export const contentCodingDecoded: WalkSetCheck<CodedAnswer> = {
  name: 'content-coding-decoded',
  description:
    'A body decoded by its Content-Encoding (each coding listed, one the request accepted) is the JSON answer the request gets without Accept-Encoding, sent once or twice.',
  catches: ['gzip-twice-on-repeat'],
  run(input) {
    const { request, acceptEncoding, plain, answer } = input;
    const fail = (code: string, message: string, expected: string, received: string) => ({
      code,
      message: `${request} with Accept-Encoding: ${acceptEncoding} ${message}`,
      expected,
      received,
    });
    if (answer.status !== plain.status)
      return fail(
        'CODING_OTHER_STATUS',
        `answered ${answer.status}; without Accept-Encoding ${plain.status}`,
        String(plain.status),
        String(answer.status),
      );
    const body = decoded(input);
    if ('code' in body) return body;
    const json = parsed(body.text);
    const coding = answer.contentEncoding || 'no Content-Encoding';
    if (json === undefined)
      return fail(
        'CODING_NOT_JSON',
        `answered a body that is not JSON once decoded by ${coding}`,
        'the JSON answer (spec §4), each coding applied listed in Content-Encoding (RFC 9110 §8.4)',
        `decoded bytes ${firstBytes(Buffer.from(body.text, 'utf8'))}…`,
      );
    if (answer.status !== 200)
      return errorFields(json) === errorFields(plain.body)
        ? null
        : fail(
            'CODING_OTHER_ERROR',
            `answered another Error once decoded by ${coding}`,
            errorFields(plain.body),
            errorFields(json),
          );
    if (!input.quiescent) return null;
    const page = pageAnswerOf(answer.status, json);
    const difference = firstDifference([plain, page]);
    if (difference !== null || page.hasMore !== plain.hasMore)
      return fail(
        'CODING_OTHER_PAGE',
        `answered another page once decoded by ${coding} (${page.ids.size} records, hasMore ${String(page.hasMore)})`,
        `the same ${plain.ids.size} records, hasMore ${String(plain.hasMore)}`,
        `${page.ids.size} records, hasMore ${String(page.hasMore)}`,
      );
    return null;
  },
};
