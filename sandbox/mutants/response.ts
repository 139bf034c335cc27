/** The response a mutant sees and rewrites: in the sandbox's onSend hook, before headers go out. */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON body as the mutants read it: a page ({ data, pagination }) or an Error. */
export type Body = Record<string, unknown>;

export interface Response {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The parsed JSON body; undefined when the body is not a JSON object. */
  body: Body | undefined;
  /** Requests in flight when this one is answered, itself included. */
  inFlight: number;
  /** The same request (key and URL) was answered before. */
  repeated: boolean;
  /** Text the hook sends before the serialised JSON (a byte order mark, whitespace); '' unless set. */
  prefix: string;
  /** A record an earlier page answered, unchanged: what a refusal mutant discloses. */
  seenRecord: Record<string, unknown> | undefined;
}

/** The page's records, or an empty list when the body is not a page. */
export const records = (body: Body | undefined): Record<string, unknown>[] =>
  Array.isArray(body?.data) ? (body.data as Record<string, unknown>[]) : [];

/** The page's pagination object, when there is one. */
export const pagination = (body: Body | undefined): Record<string, unknown> | undefined =>
  typeof body?.pagination === 'object' && body.pagination !== null
    ? (body.pagination as Record<string, unknown>)
    : undefined;

/** The request's query parameters as Fastify parsed them. */
export const queryOf = (response: Response): Record<string, unknown> =>
  (response.request.query ?? {}) as Record<string, unknown>;
