/** The Node runtime seam: performs the calls the pure core describes, with undici. */
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, errors, type Dispatcher } from 'undici';
import { DEFAULT_BACKOFF, type BackoffPolicy } from '../backoff.ts';
import { HarnessError } from '../errors.ts';
import { requestParts, type ApiCall } from '../http/call.ts';
import { NoAnswer } from '../http/no-answer.ts';
import { lowerCasedResponse, type ApiResponse } from '../http/response.ts';
import type { Target } from '../target/target.ts';

export interface NodeClientOptions {
  /** Per request, headers and body together. @default 10000 */
  timeoutMs?: number;
  /** What withBackoff (lib/paging/walk-list.ts) does on 429 with this client. @default DEFAULT_BACKOFF */
  backoff?: BackoffPolicy;
  /** Connections per origin. @default 16 */
  connections?: number;
  /**
   * Requests sent on one connection before the first is answered (HTTP/1.1 pipelining,
   * RFC 9112 §9.3.2; GET is safe, so a server may answer them in parallel). Above 1, requests sent
   * at once are in flight at the server together even when it answers on one thread. @default 1
   */
  pipelining?: number;
  /**
   * Sends a request once more when its connection closed before any answer came (a kept-alive
   * connection the server closed as the request went out). GET and HEAD are idempotent, so a
   * client may (RFC 9112 §9.3.1); a server that closes on the request itself closes on the second
   * too, and that error stands. Off under load, where a reset is a finding to count. @default false
   */
  resendOnClose?: boolean;
}

/** The connection closed before any answer: the request may not have reached the server. */
const CLOSED_BEFORE_ANSWER = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * Sends one request, once: a 429 comes back as it is. Backing off and retrying is
 * withBackoff's job (lib/paging/walk-list.ts), with the policy the client carries.
 */
export interface NodeClient {
  send(call: ApiCall): Promise<ApiResponse>;
  close(): Promise<void>;
  /** NodeClientOptions.backoff: data for withBackoff, so whoever holds the client backs off as configured. */
  readonly backoff: BackoffPolicy;
  /** The target it sends to: whoever judges its answers searches them for its keys (key-not-disclosed). */
  readonly target?: Target;
}

/**
 * The targets reached in this process (a connection accepted: undici's `connect`, before any
 * answer), by the object the target file or sandbox gave. Every client of one target shares it (the gate's readiness
 * request, then the properties' two clients), so a request that gets no answer once the target was
 * reached is the target's finding, not an unreachable host.
 */
const reachedTargets = new WeakSet<Target>();

const isTimeout = (error: unknown): boolean =>
  error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError;

const errorCode = (error: unknown): string => (error as { code?: string }).code ?? (error as Error).message;

function describeNetworkError(error: unknown, origin: string): string {
  if (isTimeout(error))
    return `${origin} did not answer in time; check the target is healthy or raise --timeout`;
  return `cannot reach ${origin} (${errorCode(error)}); check baseUrl in the target file and that the server is running`;
}

/**
 * What a request that got no answer is: the user's problem (one line, exit 2) while the target was
 * never reached (nothing listens, a wrong port or host: no connection was ever accepted), else the
 * target's (NoAnswer, a finding). The one place every job's requests through this client are
 * classified (properties, probes, survey, readiness, a load's setup, repro).
 */
function noAnswerError(error: unknown, target: Target, call: ApiCall, origin: string): Error {
  if (!reachedTargets.has(target)) return new HarnessError(describeNetworkError(error, origin));
  const code = errorCode(error);
  if (isTimeout(error))
    return new NoAnswer(call, `no answer in time (${code}), though the target was reached`);
  if (code === 'ECONNREFUSED')
    return new NoAnswer(
      call,
      'connection refused (ECONNREFUSED): the target stopped answering after it was reached',
    );
  return new NoAnswer(
    call,
    `the connection ended without a complete HTTP answer (${code}), though the target was reached`,
  );
}

/**
 * The body as UTF-8, a leading byte order mark kept as U+FEFF: undici's `body.text()` skips one,
 * and then a server that sends EF BB BF before its JSON (RFC 8259 §8.1 forbids it) would pass.
 */
function decodeBody(chunks: readonly Buffer[], length: number): string {
  if (length === 0) return '';
  return joined(chunks, length).toString('utf8');
}

const joined = (chunks: readonly Buffer[], length: number): Buffer =>
  chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length);

/**
 * The names of the fields of the answer flatHeaders read last that came on several lines: written
 * and emptied synchronously, one answer at a time, so the usual answer allocates nothing for it.
 */
const REPEATED: string[] = [];

/**
 * Repeated headers joined with `, ` (RFC 9110 §5.3); undici gives the names in lower case, and a
 * field that came on several lines as an array of them, whose name goes into REPEATED.
 */
function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  const names = Object.keys(headers);
  for (let index = 0; index < names.length; index += 1) {
    const name = names[index] as string;
    const value = headers[name];
    if (value === undefined) continue;
    if (typeof value === 'string') flat[name] = value;
    else {
      flat[name] = value.join(', ');
      REPEATED.push(name);
    }
  }
  return flat;
}

export function createNodeClient(target: Target, options: NodeClientOptions = {}): NodeClient {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const pipelining = options.pipelining ?? 1;
  const dispatcher = new Agent({
    connections: options.connections ?? 16,
    pipelining,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: Math.min(timeoutMs, 5000),
  });
  dispatcher.on('connect', () => reachedTargets.add(target));
  // Every request goes to one origin: the URL is split once, not parsed for every request.
  const base = new URL(target.baseUrl);
  const origin = base.origin;
  const basePath = base.pathname;

  // dispatch() with a handler, not request() and body.text(): no body stream and no URL parsed per
  // request. On nginx's canned pages, one Node 22 thread, that path alone took 27.5 µs of CPU a
  // request instead of 36.9 (docs/bench.md, "The speed work of this issue").
  function send(call: ApiCall): Promise<ApiResponse> {
    return attempt(call, performance.now(), options.resendOnClose === true);
  }

  function attempt(call: ApiCall, started: number, mayResend: boolean): Promise<ApiResponse> {
    const { path: callAndQuery, headers } = requestParts(target, call);
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let length = 0;
      let status = 0;
      let received: IncomingHttpHeaders = {};
      // undici calls onRequestStart on the connection, just before it writes the request: till
      // then the request waited for a free one of the client's connections (ApiResponse.waitMs). A
      // resent request's wait runs to its second write (resendOnClose is off under load).
      let written = started;
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart() {
          written = performance.now();
        },
        onResponseStart(_controller, statusCode, responseHeaders) {
          status = statusCode;
          received = responseHeaders;
        },
        onResponseData(_controller, chunk) {
          chunks.push(chunk);
          length += chunk.length;
        },
        onResponseEnd() {
          const body = decodeBody(chunks, length);
          const response = lowerCasedResponse(
            status,
            flatHeaders(received),
            body,
            performance.now() - started,
          );
          response.waitMs = written - started;
          if (REPEATED.length > 0) response.repeatedFields = REPEATED.splice(0);
          // A coded body is judged on its bytes (ApiResponse.bodyBytes); undici decodes nothing here.
          if (response.headers['content-encoding'] !== undefined) response.bodyBytes = joined(chunks, length);
          resolve(response);
        },
        onResponseError(_controller, error) {
          const code = (error as { code?: string }).code ?? '';
          if (mayResend && status === 0 && CLOSED_BEFORE_ANSWER.has(code))
            resolve(attempt(call, started, false));
          else reject(noAnswerError(error, target, call, origin));
        },
      };
      try {
        // The call's path and query follow the base URL's path: no URL is built or parsed.
        const path = basePath + callAndQuery;
        // undici holds a GET's followers back until its headers come (`blocking`) unless told not to.
        // A HEAD's answer has no content: undici reads none and ends it at its headers.
        const method = call.method ?? 'GET';
        dispatcher.dispatch(
          { origin, path, method, headers, body: call.body, blocking: pipelining === 1 },
          handler,
        );
      } catch (error) {
        reject(noAnswerError(error, target, call, origin));
      }
    });
  }

  return { send, close: () => dispatcher.close(), backoff: options.backoff ?? DEFAULT_BACKOFF, target };
}
