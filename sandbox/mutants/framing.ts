/**
 * Mutation operators of an answer's framing and of what a refusal carries: its Date header
 * (RFC 9110 §6.6.1), its body's first bytes (RFC 8259 §8.1), its Content-Type on one field line
 * (RFC 9110 §5.3), a 405's Allow (RFC 9110 §15.5.6), a refusal's records (spec §5, §7); and the
 * changes of the same things that the RFCs allow.
 */
import type { Operator } from './types.ts';

/** A UTF-8 byte order mark: the hook sends it before the serialised JSON. */
const BYTE_ORDER_MARK = '\uFEFF';

/** The type the sandbox sends, for an answer that has none yet. */
const JSON_TYPE = 'application/json; charset=utf-8';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** `date` in the obsolete RFC 850 form of RFC 9110 §5.6.7: `Sunday, 06-Nov-94 08:49:37 GMT`. */
function rfc850Date(date: Date): string {
  // toUTCString is the IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT".
  const [, day, month, year, time] = date.toUTCString().split(' ');
  return `${DAYS[date.getUTCDay()]}, ${day}-${month}-${year?.slice(2)} ${time} GMT`;
}

/** Changes that break a rule every answer (or every refusal, every 405) keeps. */
export const FRAMING_KILLING: Operator[] = [
  {
    name: 'date-missing',
    description: 'the answer carries no Date header',
    needs: [],
    apply: (response) => {
      // Node's http writes Date on every answer unless told not to.
      response.reply.raw.sendDate = false;
      response.reply.removeHeader('date');
    },
  },
  {
    name: 'date-not-http-date',
    description: 'Date sent as an ISO 8601 timestamp, not an HTTP-date',
    needs: [],
    apply: (response) => {
      response.reply.header('date', new Date().toISOString());
    },
  },
  {
    name: 'date-obsolete-form',
    description: 'Date in the obsolete RFC 850 form, which a recipient reads but no sender may generate',
    needs: [],
    apply: (response) => {
      response.reply.header('date', rfc850Date(new Date()));
    },
  },
  {
    name: 'body-bom',
    description: 'a UTF-8 byte order mark (EF BB BF) before the JSON body',
    needs: [],
    apply: (response) => {
      response.prefix = BYTE_ORDER_MARK;
    },
  },
  {
    name: 'content-type-repeated',
    description:
      'a second Content-Type line, text/html, after the JSON one: joined, a Fetch client reads text/html',
    needs: [],
    apply: (response) => {
      // An array is written as one field line per entry.
      const sent = response.reply.getHeader('content-type');
      response.reply.header('content-type', [String(sent ?? JSON_TYPE), 'text/html; charset=utf-8']);
    },
  },
  {
    name: 'content-type-list',
    description:
      'Content-Type one line listing two types, application/json then text/html, as a proxy joins two lines',
    needs: [],
    apply: (response) => {
      response.reply.header('content-type', `${JSON_TYPE}, text/html; charset=utf-8`);
    },
  },
  {
    name: 'refusal-carries-record',
    description: 'the refusal carries data: [a record an earlier page answered]',
    needs: ['error'],
    apply: (response) => {
      if (response.body && response.seenRecord) response.body.data = [response.seenRecord];
    },
  },
  {
    name: 'refusal-names-record',
    description: "the refusal's message is a list (spec §2 allows one) whose last entry is a record's id",
    needs: ['error'],
    apply: (response) => {
      const { body, seenRecord } = response;
      if (body && seenRecord) body.message = [...[body.message].flat().map(String), String(seenRecord.id)];
    },
  },
  {
    name: 'allow-missing',
    description: 'the 405 carries no Allow header',
    needs: ['method'],
    apply: (response) => {
      response.reply.removeHeader('allow');
    },
  },
];

/** Changes of the same fields that RFC 9110 and RFC 8259 allow: the gate must pass every one. */
export const FRAMING_EQUIVALENT: Operator[] = [
  {
    name: 'date-other-second',
    description:
      'Date an IMF-fixdate one second earlier, its name sent as DATE (field names are case-insensitive, RFC 9110 §5.1)',
    needs: [],
    equivalent: true,
    apply: (response) => {
      response.reply.raw.setHeader('DATE', new Date(Date.now() - 1000).toUTCString());
    },
  },
  {
    name: 'body-whitespace',
    description: 'whitespace (CR LF, tab, space) before the JSON text, which RFC 8259 §2 allows around it',
    needs: [],
    equivalent: true,
    apply: (response) => {
      response.prefix = '\r\n\t ';
    },
  },
  {
    name: 'content-type-params-varied',
    description:
      'Content-Type in other case, with whitespace around ";" and a quoted charset (RFC 9110 §8.3.1, RFC 9110 §5.6.6)',
    needs: [],
    equivalent: true,
    apply: (response) => {
      response.reply.header('content-type', 'Application/JSON ; Charset="UTF-8"');
    },
  },
  {
    name: 'vary-repeated',
    description: 'Vary, a list field, on two field lines (RFC 9110 §5.3 lets a list field repeat)',
    needs: [],
    equivalent: true,
    apply: (response) => {
      response.reply.header('vary', ['Accept-Encoding', 'Accept']);
    },
  },
  {
    name: 'allow-reordered',
    description: "the 405's Allow lists HEAD before GET, with no space after the comma (RFC 9110 §5.6.1)",
    needs: ['method'],
    equivalent: true,
    apply: (response) => {
      response.reply.header('allow', 'HEAD,GET');
    },
  },
];
