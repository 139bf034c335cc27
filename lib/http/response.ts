import { parseMediaType } from './media-type.ts';

/** A response as plain data, the same whichever runtime fetched it. */
export interface ApiResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body as sent, decoded as UTF-8: a leading byte order mark is kept (U+FEFF), never hidden. */
  bodyText: string;
  /**
   * The parsed JSON body, or undefined when the body is not JSON. Parsed past a leading byte order
   * mark (RFC 8259 §8.1 lets a parser ignore one), so the mark is one finding (no-byte-order-mark),
   * not a failure of every check that reads the body.
   */
  body: unknown;
  durationMs: number;
  /**
   * Of durationMs, the time from the send to the request written on a connection (the Node
   * client's: undici's onRequestStart); the rest is the target's and the network's, and the time
   * the answer sat unread. Absent from a runtime that does not measure it.
   */
  waitMs?: number;
  /**
   * The body's bytes as sent, kept only when the answer names a Content-Encoding: then `bodyText`
   * is the coded bytes read as UTF-8, and the content-coding check (lib/checks/content-coding-
   * decoded.ts) decodes these itself. Absent on every other answer (no copy per request).
   */
  bodyBytes?: Uint8Array;
  /**
   * The names (lower case) of the header fields that came on more than one field line, which
   * `headers` holds joined with `, ` (RFC 9110 §5.3): single-valued-fields judges them. Absent when
   * every field came once, as on almost every answer.
   */
  repeatedFields?: readonly string[];
  /**
   * On a status-0 response a load records for a request the target left without an HTTP answer
   * once it was reached (lib/http/no-answer.ts): what came instead, for every-request-answered.
   * Absent on every answer, and on a status 0 whose target was never reached from this process.
   */
  noAnswer?: string;
}

const BYTE_ORDER_MARK = 0xfeff;

/** Whether the body began with the bytes EF BB BF: one character read, nothing decoded again. */
export const startsWithByteOrderMark = (response: ApiResponse): boolean =>
  response.bodyText.charCodeAt(0) === BYTE_ORDER_MARK;

export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text) as unknown;
  } catch {
    return undefined;
  }
}

export function toApiResponse(
  status: number,
  headers: Record<string, string>,
  bodyText: string,
  durationMs: number,
): ApiResponse {
  return lowerCasedResponse(status, lowerCaseHeaders(headers), bodyText, durationMs);
}

/** toApiResponse for headers already named in lower case (undici's): they are not copied again. */
export function lowerCasedResponse(
  status: number,
  headers: Record<string, string>,
  bodyText: string,
  durationMs: number,
): ApiResponse {
  return { status, headers, bodyText, body: parseBody(bodyText), durationMs };
}

function lowerCaseHeaders(headers: Record<string, string>): Record<string, string> {
  const lower: Record<string, string> = {};
  // keys() and an index loop: see queryString (lib/http/call.ts) for why, on every response.
  const names = Object.keys(headers);
  for (let index = 0; index < names.length; index += 1) {
    const name = names[index] as string;
    lower[name.toLowerCase()] = headers[name] as string;
  }
  return lower;
}

/**
 * Whether a Content-Type is the one media type application/json (spec §4: "return application/json"),
 * in any case, with any parameters (RFC 9110 §8.3.1). Another type with a `+json` suffix
 * (`application/problem+json`) is not it: a client that dispatches on the type does not read it.
 * Nor is a list that starts with it (`application/json, text/html`: two Content-Type lines joined),
 * which a Fetch client reads as its last type.
 */
export function isJsonMediaType(contentType: string): boolean {
  const media = parseMediaType(contentType);
  return media?.type === 'application' && media.subtype === 'json';
}

export const isJsonContentType = (response: ApiResponse): boolean =>
  isJsonMediaType(response.headers['content-type'] ?? '');

/**
 * A 4xx: the server refused the request as the client sent it. A 429 is one too; a caller that
 * means "refused for what was asked, not for its pace" excludes it itself.
 */
export const isClientError = (status: number): boolean => status >= 400 && status < 500;
