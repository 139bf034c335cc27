/** refusal-discloses-nothing (spec §5, §7): a refusal may carry extra fields, never a record. */
import { describe, expect, it } from 'vitest';
import { refusalDisclosesNothing } from '../../lib/checks/refusal-discloses-nothing.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { toApiResponse } from '../../lib/http/response.ts';

const call: ApiCall = {
  endpoint: 'orders',
  query: {},
  credential: { tenant: 'tenant-a', role: 'noOrdersRead', scheme: 'bearer' },
};
const probe = 'the noOrdersRead key of tenant-a';
const json = { 'content-type': 'application/json; charset=utf-8' };
const error = { statusCode: 403, error: 'Forbidden', message: 'API key lacks scope orders.read' };
const recordOwner = (id: string) => (id === 'ord_1' ? 'tenant-a' : undefined);
const judge = (status: number, body: unknown) =>
  refusalDisclosesNothing.run({
    call,
    response: toApiResponse(status, json, JSON.stringify(body), 1),
    probe,
    recordOwner,
  })?.code ?? null;

describe('refusal-discloses-nothing', () => {
  it('should fail a refusal whose body carries the records it refused, merged with the Error fields', () => {
    const merged = { data: [{ id: 'ord_9', status: 'OPEN' }], pagination: { hasMore: false }, ...error };
    expect(judge(403, merged)).toBe('REFUSAL_CARRIES_RECORDS');
    expect(judge(401, { ...error, statusCode: 401, data: [{ id: 'x' }] })).toBe('REFUSAL_CARRIES_RECORDS');
  });

  it("should fail a refusal naming a known record's id anywhere, its own tenant's too", () => {
    expect(judge(404, { ...error, statusCode: 404, details: { seen: ['ord_1'] } })).toBe(
      'REFUSAL_NAMES_RECORD',
    );
  });

  it('should pass an Error with extra fields, an empty data array, and any answer that is not a refusal', () => {
    expect(judge(403, { ...error, meta: { requestId: 7 }, data: [] })).toBeNull();
    expect(
      judge(200, { data: [{ id: 'ord_1' }], pagination: { nextPageToken: null, hasMore: false } }),
    ).toBeNull();
  });
});
