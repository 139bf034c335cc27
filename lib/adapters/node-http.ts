/** The Node runtime seam: performs the calls the pure core describes, with undici. */
import { Agent, request, errors } from 'undici';
import { DEFAULT_BACKOFF, type BackoffPolicy } from '../backoff.ts';
import { HarnessError } from '../errors.ts';
import { toHttpRequest, type ApiCall } from '../http/call.ts';
import { toApiResponse, type ApiResponse } from '../http/response.ts';
import type { Target } from '../target/target.ts';

export interface NodeClientOptions {
  /** Per request, headers and body together. @default 10000 */
  timeoutMs?: number;
  /** What withBackoff (lib/paging/walk-list.ts) does on 429 with this client. @default DEFAULT_BACKOFF */
  backoff?: BackoffPolicy;
  /** Connections per origin. @default 16 */
  connections?: number;
}

/**
 * Sends one request, once: a 429 comes back as it is. Backing off and retrying is
 * withBackoff's job (lib/paging/walk-list.ts), with the policy the client carries.
 */
export interface NodeClient {
  send(call: ApiCall): Promise<ApiResponse>;
  close(): Promise<void>;
  /** NodeClientOptions.backoff: data for withBackoff, so whoever holds the client backs off as configured. */
  readonly backoff: BackoffPolicy;
}

function describeNetworkError(error: unknown, url: string): string {
  const origin = new URL(url).origin;
  if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError)
    return `${origin} did not answer in time; check the target is healthy or raise --timeout`;
  const code = (error as { code?: string }).code ?? (error as Error).message;
  return `cannot reach ${origin} (${code}); check baseUrl in the target file and that the server is running`;
}

export function createNodeClient(target: Target, options: NodeClientOptions = {}): NodeClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const dispatcher = new Agent({
    connections: options.connections ?? 16,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: Math.min(timeoutMs, 5000),
  });

  async function send(call: ApiCall): Promise<ApiResponse> {
    const { url, headers } = toHttpRequest(target, call);
    const started = performance.now();
    try {
      const response = await request(url, { method: 'GET', headers, dispatcher });
      const bodyText = await response.body.text();
      const flat: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers))
        if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
      return toApiResponse(response.statusCode, flat, bodyText, performance.now() - started);
    } catch (error) {
      throw new HarnessError(describeNetworkError(error, url));
    }
  }

  return { send, close: () => dispatcher.close(), backoff: options.backoff ?? DEFAULT_BACKOFF };
}
