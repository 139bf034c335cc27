import { startsWithByteOrderMark } from '../http/response.ts';
import type { ProbeCheck } from './types.ts';

/**
 * RFC 8259 §8.1: implementations MUST NOT add a byte order mark to the beginning of a
 * networked-transmitted JSON text; every body of this API is JSON (spec §4, §7). The client keeps
 * the body's first bytes as sent (lib/adapters/node-http.ts), so a BOM that a lenient decoder
 * would hide is seen here, on every answer any job receives (lib/paging/answer-checks.ts).
 */
export const noByteOrderMark: ProbeCheck = {
  name: 'no-byte-order-mark',
  description:
    'No body (a page, an error, a 429) starts with a UTF-8 byte order mark EF BB BF (RFC 8259 §8.1).',
  catches: ['error-bom'],
  run({ response, probe }) {
    if (!startsWithByteOrderMark(response)) return null;
    return {
      code: 'BODY_BYTE_ORDER_MARK',
      message: `${probe}: HTTP ${response.status} body starts with a byte order mark (EF BB BF)`,
      expected: 'a JSON text without a byte order mark (RFC 8259 §8.1)',
      received: `EF BB BF ${response.bodyText.slice(1, 120)}`,
    };
  },
};
