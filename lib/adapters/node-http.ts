/** The Node runtime seam: performs the calls the pure core describes, with undici. */
import { Agent, request, errors } from 'undici';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_BACKOFF, backoffDelayMs, retryAfterMs, type BackoffPolicy } from '../backoff.ts';
import { HarnessError } from '../errors.ts';
import { toHttpRequest, type ApiCall } from '../http/call.ts';
import { toApiResponse, type ApiResponse } from '../http/response.ts';
import type { Target } from '../target/target.ts';

export interface NodeClientOptions {
  /** Per request, headers and body together. @default 10000 */
  timeoutMs?: number;
  backoff?: BackoffPolicy;
  /** Connections per origin. @default 16 */
  connections?: number;
}

interface RetriedResponse {
  response: ApiResponse;
  /** 429s absorbed before this response. */
  retries: number;
}

export interface NodeClient {
  send(call: ApiCall): Promise<ApiResponse>;
  /** Sends, backing off on 429 as the spec asks; returns the last 429 when retries run out. */
  sendWithRetry(call: ApiCall): Promise<RetriedResponse>;
  close(): Promise<void>;
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
  const policy = options.backoff ?? DEFAULT_BACKOFF;
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

  async function sendWithRetry(call: ApiCall): Promise<RetriedResponse> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await send(call);
      if (response.status !== 429 || attempt >= policy.maxRetries) return { response, retries: attempt };
      const hinted = retryAfterMs(response.headers['retry-after'], Date.now());
      await sleep(backoffDelayMs(attempt, hinted, policy, Math.random));
    }
  }

  return { send, sendWithRetry, close: () => dispatcher.close() };
}
