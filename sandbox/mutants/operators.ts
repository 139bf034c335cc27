/**
 * Mutation operators: one way a response can break one rule of the spec (or, for the equivalent
 * ones, change in a way the spec allows). Each rewrites the response in place; what it needs of
 * its site (records, a token, a filter, a cursor) is declared so the generator can say where a
 * cell cannot apply.
 */
import { FRAMING_EQUIVALENT, FRAMING_KILLING } from './framing.ts';
import { pagination, queryOf, records, type Response } from './response.ts';
import type { Operator } from './types.ts';

const TEXT = 'text/plain; charset=utf-8';
/** The prefix of a re-encoded cursor; the sandbox's preHandler unwraps it (hook.ts). */
export const REENCODED = 're.';

const forRecords = (response: Response, change: (record: Record<string, unknown>) => void) => {
  for (const record of records(response.body)) change(record);
};

/** Another value of the record's status enum than `status` (a menu item's, or an order's). */
const otherStatus = (status: unknown, menu: boolean): string =>
  menu ? (status === 'ACTIVE' ? 'STOP_LIST' : 'ACTIVE') : status === 'PAID' ? 'OPEN' : 'PAID';

/** A record moved out of what the filter selects: another status of its enum, place or name. */
function violateFilter(response: Response): void {
  const query = queryOf(response);
  const first = records(response.body)[0];
  if (first === undefined) return;
  const other = (id: unknown) => `${JSON.stringify(id)}-other`;
  if (query.status !== undefined) first.status = otherStatus(query.status, 'name' in first);
  else if (query.activeOnly === 'true') first.status = 'PAID';
  else if (query.categoryId !== undefined) first.categoryId = other(query.categoryId);
  else if (query.locationId !== undefined) first.locationId = other(query.locationId);
  else if (query.q !== undefined) Object.assign(first, { name: 'Zyxw', sku: null });
}

/** Changes that break a sentence of the spec. */
const KILLING: Operator[] = [
  {
    name: 'status-field-lowercase',
    description: "every record's status in lower case, outside its enum",
    needs: ['page', 'records'],
    apply: (response) =>
      forRecords(response, (record) => {
        record.status = String(record.status).toLowerCase();
      }),
  },
  {
    name: 'id-number',
    description: "every record's id sent as a number, not a string",
    needs: ['page', 'records'],
    apply: (response) =>
      forRecords(response, (record) => {
        record.id = Number.parseInt(String(record.id).replace(/\D/g, '') || '0', 10);
      }),
  },
  {
    name: 'name-missing',
    description: "every menu item's required name left out",
    needs: ['page', 'records', 'menu'],
    apply: (response) =>
      forRecords(response, (record) => {
        delete record.name;
      }),
  },
  {
    name: 'token-missing',
    description: 'pagination.nextPageToken left out',
    needs: ['page'],
    apply: (response) => {
      delete pagination(response.body)?.nextPageToken;
    },
  },
  {
    name: 'has-more-string',
    description: 'pagination.hasMore sent as the string "true" or "false"',
    needs: ['page'],
    apply: (response) => {
      const page = pagination(response.body);
      if (page) page.hasMore = String(page.hasMore);
    },
  },
  {
    name: 'pagination-extra',
    description: 'pagination carries an extra total field',
    needs: ['page'],
    apply: (response) => {
      const page = pagination(response.body);
      if (page) page.total = records(response.body).length;
    },
  },
  {
    name: 'has-more-flipped',
    description: 'hasMore says the opposite of nextPageToken',
    needs: ['page'],
    apply: (response) => {
      const page = pagination(response.body);
      if (page) page.hasMore = page.hasMore !== true;
    },
  },
  {
    name: 'token-garbage',
    description: 'nextPageToken replaced by a token the server refuses',
    needs: ['page', 'token'],
    apply: (response) => {
      const page = pagination(response.body);
      if (typeof page?.nextPageToken === 'string') page.nextPageToken = 'garbage';
    },
  },
  {
    name: 'boundary-skip',
    description: 'a page reached by a cursor loses its first record',
    needs: ['page', 'records', 'cursor'],
    apply: (response) => {
      records(response.body).shift();
    },
  },
  {
    name: 'record-dropped',
    description: "a page's last record left out",
    needs: ['page', 'records'],
    apply: (response) => {
      records(response.body).pop();
    },
  },
  {
    name: 'filter-violated',
    description: 'one record that does not match the filter asked for',
    needs: ['page', 'records', 'filter'],
    apply: violateFilter,
  },
  {
    name: 'repeat-differs',
    description: 'the same request sent again answers without its last record',
    needs: ['page', 'records'],
    apply: (response) => {
      if (response.repeated) records(response.body).pop();
    },
  },
  {
    name: 'content-type-text',
    description: 'the body is sent as text/plain',
    // A 405's body is no answer spec §4 or §7 describes: http.other-methods judges its status and Allow.
    needs: ['get'],
    apply: (response) => {
      response.reply.type(TEXT);
    },
  },
  {
    name: 'status-500',
    description: 'answered 500 (an Error body with statusCode 500) instead',
    needs: [],
    apply: (response) => {
      response.reply.code(500);
      response.body = { statusCode: 500, error: 'Internal Server Error', message: 'mutant' };
    },
  },
  {
    name: 'error-status-code-string',
    description: "the Error's statusCode sent as a string",
    needs: ['error'],
    apply: (response) => {
      if (response.body) response.body.statusCode = String(response.body.statusCode);
    },
  },
  {
    name: 'error-message-missing',
    description: "the Error's message left out",
    needs: ['error'],
    apply: (response) => {
      delete response.body?.message;
    },
  },
  {
    name: 'error-status-code-mismatch',
    description: "the Error's statusCode differs from the HTTP status",
    needs: ['error'],
    apply: (response) => {
      if (response.body) response.body.statusCode = 418;
    },
  },
];

/** Answers the extra-top-field operator has numbered: each answer's request id is new. */
let answered = 0;

/** Changes the spec allows: the gate must pass every one (0 false positives). */
const EQUIVALENT: Operator[] = [
  {
    name: 'extra-record-field',
    description: 'every record carries an extra field (spec §2: objects may carry more)',
    needs: ['page', 'records'],
    equivalent: true,
    apply: (response) => forRecords(response, (record) => Object.assign(record, { extraField: 'extra' })),
  },
  {
    name: 'extra-top-field',
    description: 'the page or Error carries an extra top-level field, new in every answer (a request id)',
    needs: [],
    equivalent: true,
    apply: (response) => {
      answered += 1;
      if (response.body) response.body.meta = { mutant: true, requestId: answered };
    },
  },
  {
    name: 'records-reversed',
    description: "a page's records in reverse order (spec §2: order not shown)",
    needs: ['page', 'records'],
    equivalent: true,
    apply: (response) => {
      records(response.body).reverse();
    },
  },
  {
    name: 'token-reencoded',
    description: 'nextPageToken re-encoded to other text that still works (the cursor is opaque)',
    needs: ['page', 'token'],
    equivalent: true,
    apply: (response) => {
      const page = pagination(response.body);
      if (typeof page?.nextPageToken === 'string')
        page.nextPageToken = REENCODED + Buffer.from(page.nextPageToken).toString('base64url');
    },
  },
  {
    name: 'extra-headers',
    description: 'extra response headers, one with an upper-case name',
    needs: [],
    equivalent: true,
    apply: (response) => {
      response.reply.header('X-Mutant-Extra', 'yes');
      response.reply.raw.setHeader('X-UPPER-CASE', 'yes');
    },
  },
];

export const OPERATORS: readonly Operator[] = [
  ...KILLING,
  ...FRAMING_KILLING,
  ...EQUIVALENT,
  ...FRAMING_EQUIVALENT,
];
