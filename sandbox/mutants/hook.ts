/**
 * Switches one generated mutant on in a sandbox: an onSend hook parses each JSON answer, and
 * when the mutant's site selects it, lets the operator rewrite it before its headers go out.
 */
import type { FastifyInstance } from 'fastify';
import { REENCODED } from './operators.ts';
import { mutantNamed } from './matrix.ts';
import { records, type Body, type Response } from './response.ts';

/** The headers that carry a key: a repeated request is the same URL with the same key. */
const KEY_HEADER = /^(authorization|x-.*-api-key)$/;

function parse(payload: unknown): Body | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(payload);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : undefined;
  } catch {
    return undefined;
  }
}

/** Installs the mutant named `name` (`m:operator@site`) on `app`; nothing when undefined. */
export function installMutant(app: FastifyInstance, name: string | undefined): void {
  if (name === undefined) return;
  const mutant = mutantNamed(name);
  let inFlight = 0;
  const answered = new Set<string>();
  let seenRecord: Record<string, unknown> | undefined;
  app.addHook('onRequest', (_request, _reply, done) => {
    inFlight += 1;
    done();
  });
  app.addHook('onResponse', (_request, _reply, done) => {
    inFlight -= 1;
    done();
  });
  // The re-encoded cursor of the token-reencoded mutant still works: unwrap it before the route.
  app.addHook('preHandler', (request, _reply, done) => {
    const query = request.query as Record<string, unknown>;
    if (typeof query.cursor === 'string' && query.cursor.startsWith(REENCODED))
      query.cursor = Buffer.from(query.cursor.slice(REENCODED.length), 'base64url').toString();
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const key = [
      request.url,
      ...Object.entries(request.headers).filter(([header]) => KEY_HEADER.test(header)),
    ].join('|');
    const response: Response = {
      request,
      reply,
      body: parse(payload),
      inFlight,
      repeated: answered.has(key),
      prefix: '',
      seenRecord,
    };
    answered.add(key);
    const first = records(response.body)[0];
    // A copy taken before any operator runs: the record as the page served it.
    if (response.reply.statusCode === 200 && first !== undefined) seenRecord = { ...first };
    if (!mutant.site.matches(response)) return payload;
    mutant.operator.apply(response);
    // Fastify sets Content-Length after onSend, from the payload returned here.
    const json = response.body === undefined ? payload : JSON.stringify(response.body);
    return typeof json === 'string' ? response.prefix + json : json;
  });
}
