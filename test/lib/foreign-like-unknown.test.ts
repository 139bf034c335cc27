/** foreign-like-unknown alone: which refusals of a foreign and an unknown place it tells apart. */
import { describe, expect, it } from 'vitest';
import { foreignLikeUnknown, type SentPlace } from '../../lib/checks/foreign-like-unknown.ts';
import type { ApiResponse } from '../../lib/http/response.ts';

const answer = (status: number, body: unknown): ApiResponse => ({
  status,
  headers: {},
  bodyText: JSON.stringify(body),
  body,
  durationMs: 1,
});

const refusal = (id: string, message: unknown, extra: object = {}, status = 404): SentPlace => ({
  id,
  response: answer(status, { statusCode: status, error: 'Not Found', message, ...extra }),
});

const OWNERS: Record<string, string> = { loc_b1: 'tenant-b', loc_b2: 'tenant-b', cat_c1: 'tenant-c' };
const judge = (foreign: SentPlace, unknown: SentPlace) =>
  foreignLikeUnknown.run({ parameter: 'locationId', foreign, unknown, foreignOwner: (id) => OWNERS[id] });

describe('foreign-like-unknown', () => {
  it('should pass refusals equal once each sent id is set aside, whatever else they carry', () => {
    expect(
      judge(
        refusal('loc_b1', ['location loc_b1 not found'], { requestId: 'r1' }),
        refusal('loc_b0', ['location loc_b0 not found'], { requestId: 'r2' }),
      ),
    ).toBeNull();
  });

  it('should fail a message that tells the foreign place apart', () => {
    const failure = judge(
      refusal('loc_b1', 'location loc_b1 belongs to tenant-b'),
      refusal('loc_b0', 'location loc_b0 not found'),
    );
    expect(failure?.code).toBe('FOREIGN_TOLD_APART');
    expect(failure?.received).toContain('<sent id> belongs to tenant-b');
  });

  it('should fail another status for the foreign place', () => {
    const failure = judge(refusal('loc_b1', 'nope', {}, 403), refusal('loc_b0', 'nope'));
    expect(failure?.message).toContain('is 403, unknown loc_b0 is 404');
  });

  it("should fail another tenant's id in the refusal, but not the id it sent", () => {
    const failure = judge(
      refusal('loc_b1', 'not found', { near: ['loc_b2', 'cat_c1'] }),
      refusal('loc_b0', 'not found', { near: ['loc_b2', 'cat_c1'] }),
    );
    expect(failure?.code).toBe('FOREIGN_REFUSAL_LEAKS');
    expect(failure?.received).toBe('loc_b2 (tenant-b)');
  });

  it('should leave a served request or a 429 to other checks', () => {
    const served: SentPlace = { id: 'loc_b1', response: answer(200, { data: [] }) };
    expect(judge(served, refusal('loc_b0', 'not found'))).toBeNull();
    expect(judge(refusal('loc_b1', 'slow down', {}, 429), refusal('loc_b0', 'not found'))).toBeNull();
  });
});
