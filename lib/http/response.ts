/** A response as plain data, the same whichever runtime fetched it. */
export interface ApiResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  bodyText: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  durationMs: number;
}

export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
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

export const isJsonContentType = (response: ApiResponse): boolean =>
  /^application\/([\w.+-]+\+)?json\b/i.test(response.headers['content-type'] ?? '');

/**
 * A 4xx: the server refused the request as the client sent it. A 429 is one too; a caller that
 * means "refused for what was asked, not for its pace" excludes it itself.
 */
export const isClientError = (status: number): boolean => status >= 400 && status < 500;
