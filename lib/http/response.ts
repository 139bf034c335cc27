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
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return { status, headers: lower, bodyText, body: parseBody(bodyText), durationMs };
}

export const isJsonContentType = (response: ApiResponse): boolean =>
  /^application\/([\w.+-]+\+)?json\b/i.test(response.headers['content-type'] ?? '');
