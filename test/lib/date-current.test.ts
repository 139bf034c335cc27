/**
 * date-current on answers built so that the outcome is known: Dates made relative to this machine's
 * clock as the check reads it, with the latency an answer took (durationMs), the lead of the
 * target's clock over this machine's and an Age chosen. That it fires on its sandbox faults and
 * passes the clean sandbox is test/properties-runner/date-current.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { dateCurrent } from '../../lib/checks/date-current.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { toApiResponse } from '../../lib/http/response.ts';
import { everyAnswerFailures } from '../../lib/paging/answer-checks.ts';
import { targetOf } from '../properties-runner/live-target.ts';

const PAGE = '{"data":[],"pagination":{"nextPageToken":null,"hasMore":false}}';
const REFUSAL = '{"statusCode":401,"error":"Unauthorized","message":"API key has been revoked"}';
const HOUR = 3_600_000;

const call = (limit: string): ApiCall => ({
  endpoint: 'orders',
  query: { limit },
  credential: { tenant: 'a', role: 'full', scheme: 'bearer' },
});

/** An IMF-fixdate `offsetMs` from this machine's clock now (truncated to its second, as a server's). */
const dateAt = (offsetMs: number): string => new Date(Date.now() + offsetMs).toUTCString();

interface Answer {
  status?: number;
  /** The Date's offset from this machine's clock now, in ms. */
  dateMs: number;
  /** How long the request took: it was sent this long before now. */
  durationMs?: number;
  headers?: Record<string, string>;
}

const answer = ({ status = 200, dateMs, durationMs = 5, headers = {} }: Answer) =>
  toApiResponse(
    status,
    { 'content-type': 'application/json', date: dateAt(dateMs), ...headers },
    status === 200 ? PAGE : REFUSAL,
    durationMs,
  );

/** A fresh target: the memory is per target object, as a run's is. */
const freshTarget = () =>
  targetOf({
    baseUrl: 'http://127.0.0.1:1/api/v1',
    apiKeyHeader: 'X-Test-Api-Key',
    load: { allowed: false, maxRps: 1 },
    tenants: [{ name: 'a', quiescent: true, keys: { full: { value: 'date-current-test-key-0001' } } }],
  });

/** The codes of everyAnswerFailures on each answer in turn, all to one target. */
function codesOf(answers: readonly Answer[], target = freshTarget()): string[][] {
  return answers.map((each, index) =>
    everyAnswerFailures(call(String(index + 1)), answer(each), target).map((failure) => failure.code),
  );
}

describe('date-current', () => {
  it("should fail an answer whose Date is older than its request by the target's clock, naming the answer that dates it", () => {
    const target = freshTarget();
    expect(everyAnswerFailures(call('1'), answer({ dateMs: 0 }), target)).toEqual([]);
    const stale = answer({ status: 401, dateMs: -10_000 });
    const [failure, ...others] = everyAnswerFailures(call('2'), stale, target);
    expect(others).toEqual([]);
    expect(failure).toMatchObject({ check: 'date-current', code: 'DATE_STALE', severity: 'error' });
    expect(failure?.message).toMatch(
      /^GET \/public\/orders\?limit=2: HTTP 401 came with Date: .* GMT, at least [789] s before the request that got it was sent, by the target's own clock as its answer to GET \/public\/orders\?limit=1 \(HTTP 200, Date: .* GMT\)/,
    );
    expect(failure?.received).toBe(`Date: ${stale.headers.date}`);
    // The answer that dates the clock first, then the stale one.
    expect(failure?.requests.map((request) => request.status)).toEqual([200, 401]);
  });

  it('should fail a Date frozen at the start of a run once the run outlasts it by a few seconds', () => {
    // A 401 template built 5 s before: its Date on the 401s, the clock's on the pages; a Date 2 s
    // behind is within what servers behind one balancer may differ.
    expect(
      codesOf([
        { status: 401, dateMs: -5000 },
        { dateMs: 0 },
        { status: 401, dateMs: -5000 },
        { status: 401, dateMs: -2000 },
      ]),
    ).toEqual([[], [], ['DATE_STALE'], []]);
  });

  it('should pass a stale Date that an Age explains (a cache served a stored answer, RFC 9111 §5.1)', () => {
    expect(
      codesOf([
        { dateMs: 0 },
        { dateMs: -60_000, headers: { age: '60' } },
        { dateMs: -60_000, headers: { age: '61' } },
        { dateMs: -60_000, headers: { age: '50' } },
        { dateMs: -60_000, headers: { age: 'sixty' } },
      ]),
    ).toEqual([[], [], [], ['DATE_STALE'], ['DATE_STALE']]);
  });

  it('should pass a Date anywhere in a slow request, whatever the latency', () => {
    expect(
      codesOf([
        { dateMs: 0, durationMs: 2 },
        // 20 s in flight: made when it arrived, or just before the answer left.
        { dateMs: -19_500, durationMs: 20_000 },
        { dateMs: -10_000, durationMs: 20_000 },
        { dateMs: 0, durationMs: 20_000 },
        { status: 401, dateMs: -29_000, durationMs: 30_000 },
        { dateMs: 0, durationMs: 1 },
      ]),
    ).toEqual([[], [], [], [], [], []]);
  });

  it("should pass a target whose clock is off this machine's by a constant, ahead or behind", () => {
    for (const skewMs of [40_000, -40_000, 14 * 60_000, -14 * 60_000])
      expect(
        codesOf([
          { dateMs: skewMs },
          { status: 401, dateMs: skewMs, durationMs: 300 },
          { dateMs: skewMs - 5000, durationMs: 6000 },
          { dateMs: skewMs - 1000 },
          { status: 429, dateMs: skewMs },
        ]),
        String(skewMs),
      ).toEqual([[], [], [], [], []]);
  });

  it("should fail a Date more than 15 minutes from this machine's clock once a run each way", () => {
    const target = freshTarget();
    const [ahead] = everyAnswerFailures(call('1'), answer({ dateMs: HOUR }), target);
    expect(ahead).toMatchObject({ check: 'date-current', code: 'DATE_OFF_CLOCK' });
    expect(ahead?.message).toMatch(
      /HTTP 200 came with Date: .* GMT, 60 min ahead of this machine's clock: this machine's clock or the target's is wrong/,
    );
    expect(codesOf([{ dateMs: HOUR }, { dateMs: HOUR }], target)).toEqual([[], []]);
    const [behind] = everyAnswerFailures(call('2'), answer({ dateMs: -2 * HOUR }), target);
    expect(behind?.message).toMatch(/120 min behind this machine's clock/);
    expect(codesOf([{ dateMs: -2 * HOUR }, { dateMs: HOUR }], target)).toEqual([[], []]);
  });

  it('should not let a Date far ahead date the clock: the answers after it pass', () => {
    expect(
      codesOf([{ dateMs: 0 }, { dateMs: 10 * HOUR }, { dateMs: 0 }, { status: 401, dateMs: -1500 }]),
    ).toEqual([[], ['DATE_OFF_CLOCK'], [], []]);
  });

  it('should say its finding again when the answer is judged twice for another check', () => {
    // A byte order mark fails no-byte-order-mark: every check then runs a second time on the answer.
    const marked = (dateMs: number) =>
      toApiResponse(200, { 'content-type': 'application/json', date: dateAt(dateMs) }, `\uFEFF${PAGE}`, 5);
    const target = freshTarget();
    const codes = (dateMs: number, limit: string) =>
      everyAnswerFailures(call(limit), marked(dateMs), target).map((failure) => failure.code);
    expect(codes(HOUR, '1')).toEqual(['DATE_OFF_CLOCK', 'BODY_BYTE_ORDER_MARK']);
    expect(codes(0, '2')).toEqual(['BODY_BYTE_ORDER_MARK']);
    expect(codes(-10_000, '3')).toEqual(['DATE_STALE', 'BODY_BYTE_ORDER_MARK']);
  });

  it('should judge nothing without a target, on a 5xx, or without an IMF-fixdate', () => {
    expect(codesOf([{ dateMs: 0 }, { status: 500, dateMs: -10_000 }, { status: 503, dateMs: HOUR }])).toEqual(
      [[], [], []],
    );
    const quiet = { call: call('1'), probe: 'p' };
    expect(dateCurrent.run({ ...quiet, response: answer({ dateMs: HOUR }) })).toBeNull();
    const target = freshTarget();
    const undated = toApiResponse(200, { 'content-type': 'application/json' }, PAGE, 5);
    expect(dateCurrent.run({ ...quiet, response: undated, target })).toBeNull();
    const obsolete = answer({ dateMs: 0, headers: { date: 'Sunday, 06-Nov-94 08:49:37 GMT' } });
    expect(dateCurrent.run({ ...quiet, response: obsolete, target })).toBeNull();
  });

  it("should judge a load's pages too, which it does not search for keys", () => {
    const target = freshTarget();
    expect(everyAnswerFailures(call('1'), answer({ dateMs: 0 }), target, 'not-pages')).toEqual([]);
    const [stale] = everyAnswerFailures(call('2'), answer({ dateMs: -10_000 }), target, 'not-pages');
    expect(stale?.code).toBe('DATE_STALE');
  });
});
