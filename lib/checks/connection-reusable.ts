import type { KeepAliveExchange } from '../http/keep-alive.ts';
import type { WalkSetCheck } from './types.ts';

/** Two requests on a connection of their own (lib/adapters/node-keep-alive-exchange.ts), and what came. */
export interface KeepAliveOnWire {
  /** What the first request asked, in words: `an unknown locationId, orders via bearer`. */
  request: string;
  exchange: KeepAliveExchange;
}

const seconds = (ms: number): string => `${ms / 1000} s`;

/** What came instead of a complete answer to the next request, in words; null when nothing is wrong. */
function instead(exchange: Extract<KeepAliveExchange, { kind: 'answered' }>): string | null {
  const { after, waitMs } = exchange;
  switch (after.kind) {
    case 'silent':
      return `the next request on it got no answer within ${seconds(waitMs)}`;
    case 'unfinished':
      return `the next request on it got ${after.octets} octets of an answer, then ${after.ending === 'closed' ? 'the connection closed' : `nothing more within ${seconds(waitMs)}`}`;
    case 'garbled':
      return `the next request on it got octets that begin no HTTP answer: ${JSON.stringify(after.start)}`;
    default:
      return null;
  }
}

/**
 * RFC 9112 §9.3: an HTTP/1.1 connection persists after an answer unless one side signals
 * `Connection: close`, so a client sends its next request on it; a server that leaves that request
 * unanswered after some kind of answer (a 404 for an unknown place, say) stalls every request a
 * pooled client sends there. Read below any client, on a connection of its own: after a complete
 * answer of any status the next request on it must be answered completely within the wait. An
 * answer that signalled `close`, or a connection the server closed cleanly after the answer, passes
 * (RFC 9112 §9.6: a server may close an idle connection; the client retries elsewhere).
 */
export const connectionReusable: WalkSetCheck<KeepAliveOnWire> = {
  name: 'connection-reusable',
  description:
    'After a complete answer of any status (200, 400, 401, 403, 404, 429) on a kept-alive connection, the next request on it is answered completely within 5 s, unless the answer signalled Connection: close or the server closed the connection (RFC 9112 §9.3, RFC 9112 §9.6).',
  catches: ['connection-dead-after-404'],
  run({ request, exchange }) {
    if (exchange.kind !== 'answered') return null;
    const what = instead(exchange);
    if (what === null) return null;
    return {
      code: exchange.after.kind === 'silent' ? 'CONNECTION_DEAD' : 'NEXT_ANSWER_INCOMPLETE',
      message: `the connection ${exchange.after.kind === 'silent' ? 'went dead' : 'broke'} after a ${exchange.status} for ${request}: ${what}`,
      expected: `the next request's complete answer on the kept-alive connection within ${seconds(exchange.waitMs)}, or Connection: close on the ${exchange.status}, or the connection closed (RFC 9112 §9.3, RFC 9112 §9.6)`,
      received: what,
    };
  },
};

/** Why an exchange tells nothing of the connection's reuse; null when it does. */
export function keepAliveUnjudged(exchange: KeepAliveExchange): string | null {
  return exchange.kind === 'unjudged' ? `the raw exchange was not judged: ${exchange.why}` : null;
}
