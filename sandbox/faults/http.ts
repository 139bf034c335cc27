/**
 * The faults of HTTP semantics the spec leans on (both endpoints are GET, spec §4), hooked in
 * before the routes: head-skips-auth answers HEAD before any key is read; head-content-length-zero
 * sends a HEAD the Content-Length of an empty body, whatever GET's, and head-etag-of-empty-body its
 * ETag; accept-params-406 compares the Accept header's entries as literal strings, so parameters,
 * weights and case refuse JSON;
 * error-bom, error-no-date, error-two-content-types and content-type-unquoted-parameter spoil the
 * framing of some answers (a body's first bytes, Date, a second Content-Type line, a parameter
 * value that is no token and no quoted string); date-local-time dates every answer by a local clock;
 * gzip-twice-on-repeat codes a repeated request's body twice under one Content-Encoding: gzip;
 * head-error-body writes a HEAD's Error body after its error head, on the raw socket;
 * connection-dead-after-404 never answers another request on a connection after a list's 404.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../errors.ts';
import type { FaultSet } from './catalogue.ts';

const LIST_PATHS: ReadonlySet<string> = new Set(['/api/v1/public/menu/items', '/api/v1/public/orders']);

const onList = (request: FastifyRequest): boolean => LIST_PATHS.has(request.url.split('?')[0] ?? '');

/** The only Accept entries the accept-params-406 fault knows: written exactly so. */
const LITERAL_ACCEPTS: ReadonlySet<string> = new Set(['*/*', 'application/*', 'application/json']);

const literallyAccepted = (accept: string): boolean =>
  accept.split(',').some((entry) => LITERAL_ACCEPTS.has(entry.trim()));

/** A UTF-8 byte order mark, which RFC 8259 §8.1 forbids before a JSON text (error-bom). */
const BYTE_ORDER_MARK = '\uFEFF';

/** The schema a page's Content-Type names under content-type-unquoted-parameter. */
const SCHEMA_URL = 'https://api.example.test/schemas/page-v1';

/** date-local-time's zone: the server's clock reads UTC+1 (Central European Time). */
const LOCAL_OFFSET_MS = 3_600_000;

/** How many requests gzip-twice-on-repeat remembers before it forgets them all: its memory is bounded. */
const REMEMBERED_REQUESTS = 10_000;

const acceptsGzip = (request: FastifyRequest): boolean =>
  /(^|,)\s*gzip\s*(;|,|$)/i.test(request.headers['accept-encoding'] ?? '');

/**
 * gzip-twice-on-repeat: a list answer gzipped when the request accepts gzip, and a request seen
 * before (its URL, key headers and Accept-Encoding) gzipped once more, as a cache that stores the
 * coded body and codes it again on the way out; one Content-Encoding: gzip either way.
 */
function installGzipTwice(app: FastifyInstance): void {
  const seen = new Set<string>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (!onList(request) || !acceptsGzip(request) || typeof payload !== 'string') return payload;
    // The URL and every header: the same request, key and Accept-Encoding included.
    const key = JSON.stringify([request.url, request.headers]);
    const body = seen.has(key) ? gzipSync(gzipSync(payload)) : gzipSync(payload);
    if (seen.size >= REMEMBERED_REQUESTS) seen.clear();
    seen.add(key);
    reply.header('content-encoding', 'gzip');
    return body;
  });
}

/**
 * head-error-body: an error answer to HEAD on a list written as GET's would be, its Error body after
 * the head, as a server that frames errors itself. Node's http writes no body for HEAD, so the body
 * goes to the socket right after the head is handed to it: on the wire before any later answer.
 */
function installHeadErrorBody(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.method !== 'HEAD' ||
      !onList(request) ||
      reply.statusCode < 400 ||
      typeof payload !== 'string'
    )
      return payload;
    const raw = reply.raw;
    const end = raw.end.bind(raw) as (...args: unknown[]) => typeof raw;
    raw.end = ((...args: unknown[]) => {
      const ended = end(...args);
      raw.socket?.write(payload);
      return ended;
    }) as typeof raw.end;
    return payload;
  });
}

/**
 * connection-dead-after-404: a list's 404 (an unknown or foreign locationId or categoryId) leaves
 * its connection's request lock held, as an error path that returns before releasing it: the 404
 * is written whole, the connection stays open and reads on, and every later request on it waits
 * for the lock, unanswered. A client that opens a new connection is served as ever.
 */
function installDeadAfter404(app: FastifyInstance): void {
  const held = new WeakSet<Socket>();
  app.addHook('onRequest', async (request, reply) => {
    // Hijacked: Fastify writes nothing for this request, ever.
    if (held.has(request.raw.socket)) reply.hijack();
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode === 404 && onList(request)) held.add(request.raw.socket);
  });
}

/** Installs the faults of this file that `faults` switches on. */
export function installHttpFaults(app: FastifyInstance, faults: FaultSet): void {
  if (faults.has('gzip-twice-on-repeat')) installGzipTwice(app);
  // Fastify sets Content-Length after onSend, from the payload returned here.
  if (faults.has('error-bom'))
    app.addHook('onSend', async (request, reply, payload) =>
      reply.statusCode === 400 && onList(request) && typeof payload === 'string'
        ? BYTE_ORDER_MARK + payload
        : payload,
    );
  if (faults.has('error-no-date'))
    app.addHook('onSend', async (request, reply) => {
      // Node's http writes Date on every answer unless told not to (RFC 9110 §6.6.1 asks for it).
      if (reply.statusCode >= 400 && reply.statusCode < 500 && onList(request)) reply.raw.sendDate = false;
    });
  if (faults.has('date-local-time'))
    app.addHook('onSend', async (_request, reply, payload) => {
      // The bug: the local time, formatted by a helper that labels whatever it is given GMT.
      reply.header('date', new Date(Date.now() + LOCAL_OFFSET_MS).toUTCString());
      return payload;
    });
  if (faults.has('error-two-content-types'))
    app.addHook('onSend', async (_request, reply, payload) => {
      // An array is written as one field line per entry: a template layer's default type after the JSON's.
      if (reply.statusCode === 404)
        reply.header('content-type', [String(reply.getHeader('content-type')), 'text/html; charset=utf-8']);
      return payload;
    });
  if (faults.has('content-type-unquoted-parameter'))
    app.addHook('onSend', async (request, reply, payload) => {
      // A schema URL as a parameter, written as a token: its ':' and '/' need a quoted string.
      if (reply.statusCode === 200 && onList(request))
        reply.header('content-type', `application/json; charset=utf-8; profile=${SCHEMA_URL}`);
      return payload;
    });
  if (faults.has('head-skips-auth'))
    app.addHook('onRequest', async (request, reply) => {
      if (request.method === 'HEAD' && onList(request))
        return reply.code(200).type('application/json; charset=utf-8').send();
    });
  // A validator computed where the body is, after a HEAD shortcut emptied it: the tag of no content.
  if (faults.has('head-etag-of-empty-body'))
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'HEAD' && onList(request) && reply.hasHeader('etag'))
        reply.header('etag', `"${createHash('sha256').update('').digest('base64url').slice(0, 27)}"`);
      return payload;
    });
  if (faults.has('head-error-body')) installHeadErrorBody(app);
  if (faults.has('connection-dead-after-404')) installDeadAfter404(app);
  // A HEAD shortcut that renders no body: Fastify then counts the empty one (0) for Content-Length.
  if (faults.has('head-content-length-zero'))
    app.addHook('onSend', async (request, _reply, payload) =>
      request.method === 'HEAD' && onList(request) ? '' : payload,
    );
  if (faults.has('accept-params-406'))
    app.addHook('onRequest', async (request, reply) => {
      const accept = request.headers.accept;
      if (accept !== undefined && onList(request) && !literallyAccepted(accept))
        return sendError(reply, 406, 'Not Acceptable: this API answers application/json', faults);
    });
}
