/**
 * The methods the two lists do not serve (spec §4: both endpoints use GET). A method the server
 * knows but the resource refuses is 405 with Allow (RFC 9110 §15.5.6); OPTIONS is served, 204 with
 * Allow (RFC 9110 §9.3.7); a method Node's parser does not know is 501 (RFC 9110 §15.6.2), any
 * other unreadable request 400, both in the Error shape with a Date (Fastify's own answer to a
 * client error has none: RFC 9110 §6.6.1).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../errors.ts';
import type { FaultSet } from '../faults/catalogue.ts';

/** What the lists serve: GET, and HEAD which every GET route answers (RFC 9110 §9.3.2). */
const ALLOW = 'GET, HEAD';

/** Known methods the lists refuse with 405. */
const REFUSED = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Answers the other methods on each of `paths`. */
export function registerOtherMethods(app: FastifyInstance, paths: readonly string[], faults: FaultSet): void {
  for (const url of paths) {
    app.route({
      method: [...REFUSED],
      url,
      handler: (request, reply) => {
        // The bug: a 405 that does not say which methods the resource serves.
        if (!faults.has('method-405-no-allow')) reply.header('allow', ALLOW);
        return sendError(
          reply,
          405,
          `${request.method} is not allowed here: the list is read with GET`,
          faults,
        );
      },
    });
    app.options(url, (_request, reply) => reply.code(204).header('allow', `${ALLOW}, OPTIONS`).send());
  }
}

/** Node's parser code for a method it does not know. */
const UNKNOWN_METHOD = 'HPE_INVALID_METHOD';

/**
 * Fastify's clientErrorHandler: a request the parser could not read is answered in the Error shape
 * with a Date, 501 when only its method was unknown, and the connection closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const statusCode = error.code === UNKNOWN_METHOD ? 501 : 400;
  const text = STATUS_CODES[statusCode] ?? 'Error';
  const message = statusCode === 501 ? 'this method is not implemented' : 'the request could not be read';
  const body = JSON.stringify({ statusCode, error: text, message });
  socket.end(
    `HTTP/1.1 ${statusCode} ${text}\r\nDate: ${new Date().toUTCString()}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\n\r\n${body}`,
  );
}
