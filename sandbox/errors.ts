import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isClientError } from '../lib/http/response.ts';
import type { FaultSet } from './faults/catalogue.ts';

/** An error answered with the Error shape of spec §2 and §7: { statusCode, error, message }. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export const badRequest = (message: string): ApiError => new ApiError(400, message);
/**
 * RFC 6750 §3.1's error codes of a Bearer challenge: none for a request without a key, invalid_request
 * for one the server cannot read, invalid_token for a key it does not accept.
 */
export type ChallengeError = 'none' | 'invalid_request' | 'invalid_token';

/** The sandbox's realm, named in every 401's challenge. */
const REALM = 'public-read-api';

/**
 * A 401 with its challenge (RFC 9110 §15.5.2: a 401 MUST send WWW-Authenticate; spec §5's Bearer
 * scheme, RFC 6750 §3); `challenge` false leaves it out (the challenge-dropped-revoked-expired fault).
 */
export function unauthorized(message: string, error: ChallengeError, challenge = true): ApiError {
  const code = error === 'none' ? '' : `, error="${error}"`;
  return new ApiError(
    401,
    message,
    challenge ? { 'www-authenticate': `Bearer realm="${REALM}"${code}` } : {},
  );
}
export const forbidden = (message: string): ApiError => new ApiError(403, message);
export const notFound = (message: string): ApiError => new ApiError(404, message);

/** Thrown to close the request's connection with no answer at all (malformed-key-drops-connection). */
export class DropConnection extends Error {}

/** Thrown to answer a throttled request 200 with an empty last page, not 429 (throttle-serves-empty-page). */
export class ThrottledAsEmptyPage extends Error {}

/** spec §4.3 rule 7's empty result: what a soft throttle answers, as if the list were complete. */
const EMPTY_PAGE = JSON.stringify({ data: [], pagination: { nextPageToken: null, hasMore: false } });

function errorBody(statusCode: number, message: string, faults: FaultSet): string {
  const error = STATUS_CODES[statusCode] ?? 'Error';
  if (faults.has('error-shape')) {
    // The bug: a different error framework's envelope, without statusCode or message.
    return JSON.stringify({ error: { code: error.toUpperCase().replaceAll(' ', '_'), detail: message } });
  }
  return JSON.stringify({ statusCode, error, message });
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  faults: FaultSet,
): FastifyReply {
  // The bug: a rate limiter in front of the application answers with its own plain-text body.
  if (statusCode === 429 && faults.has('throttle-text-body'))
    return reply.code(429).type('text/plain; charset=utf-8').send('Too Many Requests');
  const type = faults.has('error-content-type')
    ? 'text/plain; charset=utf-8'
    : // The bug: refusals of scope sent as RFC 9457 problem details, a type the spec does not name.
      statusCode === 403 && faults.has('problem-json-403')
      ? 'application/problem+json; charset=utf-8'
      : 'application/json; charset=utf-8';
  return reply
    .code(statusCode)
    .type(type)
    .send(errorBody(statusCode, message, faults));
}

/** Status and message for anything thrown: our ApiErrors, Fastify's own 4xx errors, or a crash. */
function describe(error: unknown): { statusCode: number; message: string; headers: Record<string, string> } {
  if (error instanceof ApiError)
    return { statusCode: error.statusCode, message: error.message, headers: error.headers };
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && isClientError(status)) {
    return { statusCode: status, message: (error as Error).message, headers: {} };
  }
  // Internal details never reach the client.
  return { statusCode: 500, message: 'Internal Server Error', headers: {} };
}

/** Every error, including unknown routes and Fastify's own, leaves in the Error shape. */
export function installErrorHandlers(app: FastifyInstance, faults: FaultSet): void {
  app.setErrorHandler((error, _request, reply) => {
    // The bug: no HTTP answer, the socket destroyed, as a server that throws in its socket layer.
    if (error instanceof DropConnection) {
      reply.hijack();
      reply.raw.destroy();
      return reply;
    }
    if (error instanceof ThrottledAsEmptyPage)
      return reply.code(200).type('application/json; charset=utf-8').send(EMPTY_PAGE);
    const { statusCode, message, headers } = describe(error);
    reply.headers(headers);
    return sendError(reply, statusCode, message, faults);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      404,
      `Route ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)} not found`,
      faults,
    ),
  );
}
