/**
 * A page's validators (RFC 9110 §8.8) and the conditional GET they allow (RFC 9110 §13.1.2). The clean
 * sandbox sends a strong ETag hashed from the key's tenant and the body: one representation has one
 * tag, which no other tenant's page shares, so If-None-Match naming it (or `*`) is answered 304
 * without content (RFC 9110 §15.4.5) exactly when the client's copy is the current page. The
 * etag-ignores-tenant and last-modified-stale faults are servers' mistakes with the same headers.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FaultSet } from '../faults/catalogue.ts';

/** Sets a page's validators on `reply`; true when the request's condition makes the answer a 304. */
export type PageValidators = (
  request: FastifyRequest,
  reply: FastifyReply,
  tenant: string,
  body: string,
) => boolean;

const digest = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, 27);

/** The entity tags an If-None-Match lists, weak ones as their opaque tag (weak comparison, RFC 9110 §13.1.2). */
const listedTags = (header: string): string[] =>
  header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));

const matches = (header: string | undefined, tag: string): boolean =>
  header !== undefined && (header.trim() === '*' || listedTags(header).includes(tag.replace(/^W\//, '')));

/** When the server started, to the second an HTTP date can say (RFC 9110 §5.6.7). */
const startSecond = (): number => Math.floor(Date.now() / 1000) * 1000;

/** How long the not-modified-unasked fault takes a tenant's request to be the same one again. */
const REPEAT_WINDOW_MS = 5000;
/** Requests it remembers at most: it forgets them all past this. */
const REMEMBERED = 10_000;

/**
 * The not-modified-unasked fault: a cache in front of the pages that answers 304 to a tenant's
 * request of a URL it answered within the last 5 seconds, whether or not the client asked.
 */
function unaskedRepeats(faults: FaultSet): (tenant: string, url: string) => boolean {
  if (!faults.has('not-modified-unasked')) return () => false;
  const answered = new Map<string, number>();
  return (tenant, url) => {
    const key = `${tenant} ${url}`;
    const now = Date.now();
    const last = answered.get(key);
    if (answered.size >= REMEMBERED) answered.clear();
    answered.set(key, now);
    return last !== undefined && now - last < REPEAT_WINDOW_MS;
  };
}

/**
 * The validators of one sandbox instance. etag-ignores-tenant: a weak tag of the request target
 * only, the same for every key and every state of the data. last-modified-stale: Last-Modified is
 * the server's start, and If-Modified-Since at or after it is 304 whatever changed since.
 */
export function pageValidators(faults: FaultSet): PageValidators {
  const started = startSecond();
  const repeated = unaskedRepeats(faults);
  return (request, reply, tenant, body) => {
    if (repeated(tenant, request.url)) return true;
    const tag = faults.has('etag-ignores-tenant')
      ? `W/"${digest(request.url)}"`
      : `"${digest(`${tenant}\n${body}`)}"`;
    reply.header('etag', tag);
    if (matches(request.headers['if-none-match'], tag)) return true;
    if (!faults.has('last-modified-stale')) return false;
    reply.header('last-modified', new Date(started).toUTCString());
    const since = Date.parse(request.headers['if-modified-since'] ?? '');
    return request.headers['if-none-match'] === undefined && since >= started;
  };
}
