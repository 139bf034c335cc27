import type { HeadExchange } from '../http/head-framing.ts';
import type { WalkSetCheck } from './types.ts';

/** A HEAD sent on a connection of its own (lib/adapters/node-head-exchange.ts), and what followed its answer. */
export interface HeadOnWire {
  /** The request in words: the key, the list, the page. */
  request: string;
  exchange: HeadExchange;
}

/**
 * RFC 9110 §9.3.2: the server MUST NOT send content in a response to HEAD; RFC 9112 §6.3: that
 * response ends at the end of its header section, whatever its status, Content-Length or
 * Transfer-Encoding. Octets after it are read by a kept-alive connection's client as the start of
 * the next answer, which then fails or is misframed. An HTTP client hides them (undici drops the
 * connection), so the raw exchange sends a second request on the same connection and the next
 * bytes must be its status line; a server that closes after the head passes. An exchange that
 * could not be judged (no connection, nothing in time) is no pass: the property says so.
 */
export const headEndsAtHeader: WalkSetCheck<HeadOnWire> = {
  name: 'head-ends-at-header',
  description:
    "A HEAD's answer, of any status (200, 400, 401, 403, 404, 429), ends at its header section: on its kept-alive connection the next bytes are the next answer's status line (RFC 9110 §9.3.2, RFC 9112 §6.3).",
  catches: ['head-error-body'],
  run({ request, exchange }) {
    if (exchange.kind !== 'answered' || exchange.after.kind !== 'stray') return null;
    const { status, framing, after } = exchange;
    return {
      code: 'HEAD_CONTENT_SENT',
      message: `${request}: HEAD's ${status} (${framing}) was followed by ${after.octets} octets before the next answer on its connection`,
      expected: "the next answer's status line right after the header section (RFC 9112 §6.3)",
      received: `${after.octets} octets: ${JSON.stringify(after.start)}`,
    };
  },
};

/** Why an exchange tells nothing of where the HEAD ended; null when it does. */
export function headExchangeUnjudged(exchange: HeadExchange): string | null {
  if (exchange.kind === 'unjudged') return `the raw HEAD was not judged: ${exchange.why}`;
  if (exchange.after.kind === 'silent')
    return 'the raw HEAD was not judged: a second request on its connection got nothing in time';
  return null;
}
