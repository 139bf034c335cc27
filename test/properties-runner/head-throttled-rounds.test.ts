/**
 * ratelimit.head-throttled's rounds (properties/rate-limit-head-rounds.ts) on answers scripted so the
 * outcome is known, no server: every HEAD and GET of them judged as a burst's answer, a 503 among
 * them a throttle-is-429 failure with the requests that led to it; a clean round (a HEAD refused
 * 429) passes, a GET served (the window reopened) proves nothing. The raw HEAD's own 503 fails too,
 * when its rounds find nothing. On the sandbox with the head-throttled-503 fault:
 * ./head-throttled.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiCall } from '../../lib/http/call.ts';
import { toApiResponse, type ApiResponse } from '../../lib/http/response.ts';
import type { SuiteContext } from '../../lib/props/context.ts';
import { ContractViolation } from '../../lib/props/transcript.ts';
import { isSkip } from '../../lib/props/types.ts';
import { servedHeadJudged } from '../../properties/rate-limit-head-rounds.ts';
import { headThrottledProperty } from '../../properties/rate-limit-head.ts';
import { contextOn } from './live-target.ts';

const PAGE = '{"data":[],"pagination":{"nextPageToken":null,"hasMore":false}}';
const REFUSAL = '{"statusCode":429,"error":"Too Many Requests","message":"Rate limit exceeded"}';
const UNAVAILABLE = '{"statusCode":503,"error":"Service Unavailable","message":"Try again later"}';

/** An answer as a correct server sends it (Date, JSON, Retry-After on a refusal), a HEAD's bodiless. */
function answer(status: number, method: string, dated = true): ApiResponse {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (dated) headers.date = new Date().toUTCString();
  if (status !== 200) headers['retry-after'] = '1';
  const body = status === 200 ? PAGE : status === 429 ? REFUSAL : UNAVAILABLE;
  return toApiResponse(status, headers, method === 'HEAD' ? '' : body, 1);
}

/**
 * A sender that answers each method's requests with its statuses in the order sent, the last again
 * once they run out; `undated` answers (by their place among all answers) lack a Date.
 */
function scripted(statuses: { GET: number[]; HEAD: number[] }, undated: readonly number[] = []) {
  const sent: string[] = [];
  const send = (call: ApiCall): Promise<ApiResponse> => {
    const method = call.method === 'HEAD' ? 'HEAD' : 'GET';
    const ofMethod = sent.filter((each) => each === method).length;
    const status = statuses[method][ofMethod] ?? statuses[method].at(-1) ?? 0;
    sent.push(method);
    return Promise.resolve(answer(status, method, !undated.includes(sent.length - 1)));
  };
  return { send, sent };
}

const TARGET = {
  baseUrl: 'http://127.0.0.1:1/api/v1',
  apiKeyHeader: 'X-Test-Api-Key',
  load: { allowed: true, maxRps: 100 },
  tenants: [
    {
      name: 'a',
      quiescent: true,
      keys: { lowRateLimit: { value: 'head-rounds-test-key-0001' } },
    },
  ],
};

const request = 'throttled key, orders first page via bearer';
const call: ApiCall = {
  endpoint: 'orders',
  query: {},
  credential: { tenant: 'a', role: 'lowRateLimit', scheme: 'bearer' },
};
const all = (count: number, status: number): number[] => Array.from({ length: count }, () => status);

let context: SuiteContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** servedHeadJudged after a burst served 4 times (rounds of 10 and 11 HEADs), on `statuses`. */
function rounds(statuses: { GET: number[]; HEAD: number[] }, undated: readonly number[] = []) {
  const sender = scripted(statuses, undated);
  context = { ...contextOn(TARGET), raw: sender };
  const burst = { latest: answer(429, 'GET'), served: 4, head: 200 };
  return servedHeadJudged(context, request, call, burst);
}

/** What `judged` threw: its failures' checks and codes, and its transcript. */
async function thrown(judged: Promise<unknown>) {
  const error: unknown = await judged.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  if (!(error instanceof ContractViolation)) throw new Error(`no ContractViolation: ${String(error)}`);
  return {
    failures: error.failures.map((failure) => [failure.check, failure.code]),
    message: error.failures[0]?.message,
    steps: error.transcript.map((step) => `${step.call.method ?? 'GET'} ${step.status}`),
  };
}

describe("ratelimit.head-throttled's rounds, every answer judged", () => {
  it('should pass a clean round: a HEAD refused 429 between GETs refused 429', async () => {
    await expect(rounds({ GET: [429], HEAD: [...all(9, 200), 429] })).resolves.toBeNull();
    await expect(rounds({ GET: [429], HEAD: [...all(10, 200), 429, ...all(10, 200)] })).resolves.toBeNull();
  });

  it('should fail throttle-is-429 on a HEAD of a round answered 503, the requests that led to it its transcript', async () => {
    const failed = await thrown(rounds({ GET: [429], HEAD: [...all(3, 429), 503] }));
    expect(failed.failures).toEqual([['throttle-is-429', 'SERVER_ERROR']]);
    expect(failed.message).toBe(
      `${request}: one of 10 HEADs sent at once right after a GET refused 429, answered 503, expected 200 or 429`,
    );
    expect(failed.steps).toEqual([
      'GET 429',
      'HEAD 200',
      'GET 429',
      'HEAD 429',
      'HEAD 429',
      'HEAD 429',
      'HEAD 503',
    ]);
  });

  it('should fail a 503 of the second round, and a GET answered 503 between rounds', async () => {
    const second = await thrown(rounds({ GET: [429], HEAD: [...all(10, 200), 503] }));
    expect(second.failures).toEqual([['throttle-is-429', 'SERVER_ERROR']]);
    expect(second.steps).toHaveLength(3 + 10 + 1 + 1);
    expect(second.steps.at(-1)).toBe('HEAD 503');
    const get = await thrown(rounds({ GET: [429, 503], HEAD: [200] }));
    expect(get.failures).toEqual([['throttle-is-429', 'SERVER_ERROR']]);
    expect(get.message).toBe(
      `${request}: the GET right after 10 HEADs sent at once, answered 503, expected 200 or 429`,
    );
  });

  it("should fail a HEAD's framing (no Date) before its status", async () => {
    // Answers 0 and 1 are the GET and the first HEAD.
    const failed = await thrown(rounds({ GET: [429], HEAD: [429] }, [1]));
    expect(failed.failures.map(([check]) => check)).toContain('date-header-sent');
    expect(failed.steps).toEqual(['GET 429', 'HEAD 200', 'GET 429', 'HEAD 429']);
  });

  it('should still fail every HEAD served while every GET around them is refused', async () => {
    const failed = await thrown(rounds({ GET: [429], HEAD: [200] }));
    expect(failed.failures).toEqual([['head-throttled-like-get', 'HEAD_NOT_THROTTLED']]);
  });

  it('should say why, never pass, when a GET was served: the window had reopened', async () => {
    await expect(rounds({ GET: [429, 200], HEAD: [200] })).resolves.toBe(
      '10 HEADs at once were answered 200, the GET right after them 200: the window had reopened',
    );
  });
});

describe('ratelimit.head-throttled on a raw HEAD answered 503', () => {
  it('should fail throttle-is-429 on it when its rounds find nothing', async () => {
    const sender = scripted({ GET: [...all(4, 200), 429], HEAD: [429] });
    context = {
      ...contextOn(TARGET),
      raw: sender,
      headOnWire: () =>
        Promise.resolve({
          kind: 'answered',
          status: 503,
          framing: 'Content-Length: 0',
          after: { kind: 'next-answer' },
        }),
    };
    const ready = await headThrottledProperty.prepare(context);
    if (isSkip(ready)) throw new Error(ready.skip);
    const [first] = ready.coverage?.examples ?? [];
    const failed = await thrown(ready.run(first));
    expect(failed.failures).toEqual([['throttle-is-429', 'SERVER_ERROR']]);
    expect(failed.message).toMatch(
      /^throttled key, menuItems first page via bearer: the raw HEAD right after the burst's 429, answered 503, expected 200 or 429$/,
    );
    expect(failed.steps).toEqual(['GET 429', 'HEAD 503']);
    // The rounds ran first, and a HEAD of theirs was refused.
    expect(sender.sent.filter((method) => method === 'HEAD')).toHaveLength(10);
  });
});
