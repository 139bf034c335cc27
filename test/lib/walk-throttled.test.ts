/**
 * The one walk under a rate limiter (spec §7): it backs off as Retry-After says, ends throttled
 * when a 429 outlasts its retries, and reads a cursor refused after the wait as inconclusive.
 */
import { describe, expect, it } from 'vitest';
import type { BackoffPolicy } from '../../lib/backoff.ts';
import { toApiResponse } from '../../lib/http/response.ts';
import { walkList, withBackoff, type Sender } from '../../lib/paging/walk-list.ts';
import { DATE, FAKE_ORDERS, fakeOrders } from './fake-list.ts';
import { soon, spec, throttled, throttledFirst } from './walk-helpers.ts';

describe('walkList under a rate limiter', () => {
  it('should back off on a 429 for as long as Retry-After says, then go on', async () => {
    // Arrange: two 429s asking for 1 s (delay-seconds are whole: RFC 9110 §10.2.3); without
    // Retry-After the policy would wait 10 s each time.
    const sender = throttledFirst(2, '1');
    const backoff: BackoffPolicy = { maxRetries: 3, baseMs: 10_000, capMs: 10_000 };
    const waits: number[] = [];
    const started = Date.now();

    // Act
    const state = await walkList(sender, spec({ limit: '10' }), {
      deadlineMs: soon(),
      backoff,
      random: () => 1,
      onResponse: (_call, response, _attempt, waitedMs) => waits.push(waitedMs),
    });

    // Assert
    expect(state.end).toBe('complete');
    expect(state.ids.size).toBe(FAKE_ORDERS);
    expect(state.retries).toBe(2);
    expect(waits).toEqual([0, 1000, 1000, 0, 0]);
    // Far under one policy wait (10 s), so a loaded machine's pauses cannot fail it.
    expect(Date.now() - started).toBeLessThan(8000);
    expect(state.requests.map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it("should use the sender's own backoff unless the walk names one", async () => {
    const sender = { ...throttledFirst(5, '1'), backoff: { maxRetries: 1, baseMs: 1, capMs: 10 } };
    const state = await walkList(sender, spec({ limit: '10' }), { deadlineMs: soon() });
    expect(state.end).toBe('throttled');
    expect(state.retries).toBe(1);
  });

  it('should end throttled, folding no 429, when a 429 outlasts the retries', async () => {
    const sender = throttledFirst(Infinity, '1');
    const state = await walkList(sender, spec({ limit: '10' }), {
      deadlineMs: soon(),
      backoff: { maxRetries: 2, baseMs: 1, capMs: 50 },
    });
    expect(state.end).toBe('throttled');
    expect(sender.sent).toBe(3);
    expect(state.retries).toBe(2);
    expect(state.requests).toEqual([]);
    expect(state.failures).toEqual([]);
  });

  it('should retry a sender that already backs off in its one loop, not in a second', async () => {
    // Arrange: wrapped twice, then walked: three places that could each loop on the 429s.
    const sender = throttledFirst(Infinity, '1');
    const wrapped = withBackoff(withBackoff({ ...sender, backoff: { maxRetries: 2, baseMs: 1, capMs: 50 } }));

    // Act
    const state = await walkList(wrapped, spec({ limit: '10' }), { deadlineMs: soon() });

    // Assert: one loop's three attempts (a stacked one would send nine).
    expect(withBackoff(wrapped)).toBe(wrapped);
    expect(state.end).toBe('throttled');
    expect(sender.sent).toBe(3);
    expect(state.retries).toBe(2);
  });

  it('should fail, not end throttled, on a 429 whose body is not an Error (spec §7)', async () => {
    const plain: Sender = {
      send: () =>
        Promise.resolve(
          toApiResponse(429, { ...DATE, 'content-type': 'text/plain' }, 'Too Many Requests', 1),
        ),
    };
    const state = await walkList(plain, spec({ limit: '10' }), {
      deadlineMs: soon(),
      backoff: { maxRetries: 1, baseMs: 1, capMs: 5 },
    });
    expect(state.end).toBe('failed');
    expect(state.failures.map((failure) => [failure.check, failure.code])).toEqual([
      ['error-body-shape', 'ERROR_NOT_JSON'],
      ['error-body-shape', 'ERROR_NOT_JSON'],
    ]);
  });

  it.each([
    // The cursor expired while the walk waited: the spec promises no lifetime, so inconclusive.
    [
      400,
      JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'cursor expired' }),
      'cursor-refused',
      [],
    ],
    // A refusal that is not an Error still fails (spec §7), and a 5xx is never a refusal.
    [400, 'expired', 'failed', ['error-body-shape']],
    [
      500,
      JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'x' }),
      'failed',
      ['walk-pages-succeed'],
    ],
  ])(
    'should end a walk whose cursor got %i after 429s as %#: inconclusive only for a 4xx in the Error shape',
    async (status, body, end, checks) => {
      // Arrange: page 1 served, page 2 throttled once, then answered with `status`.
      let sent = 0;
      const sender: Sender = {
        send(call) {
          sent += 1;
          if (sent === 2) return Promise.resolve(throttled('0'));
          if (sent === 3)
            return Promise.resolve(
              toApiResponse(status, { ...DATE, 'content-type': 'application/json' }, body, 1),
            );
          return Promise.resolve(fakeOrders(call));
        },
      };
      // Act
      const state = await walkList(sender, spec({ limit: '10' }), { deadlineMs: soon() });
      // Assert
      expect(state.end).toBe(end);
      expect([...new Set(state.failures.map((failure) => failure.check))]).toEqual(checks);
    },
  );

  it('should report a 429 that broke the Error shape once when the cursor is then refused', async () => {
    // Arrange: page 2 throttled once with a plain-text 429, then its cursor refused in the Error shape.
    let sent = 0;
    const sender: Sender = {
      send(call) {
        sent += 1;
        if (sent === 2)
          return Promise.resolve(
            toApiResponse(429, { ...DATE, 'content-type': 'text/plain', 'retry-after': '0' }, 'slow', 1),
          );
        if (sent === 3)
          return Promise.resolve(
            toApiResponse(
              400,
              { ...DATE, 'content-type': 'application/json' },
              JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'cursor expired' }),
              1,
            ),
          );
        return Promise.resolve(fakeOrders(call));
      },
    };
    // Act
    const state = await walkList(sender, spec({ limit: '10' }), { deadlineMs: soon() });
    // Assert: one 429, one failure.
    expect(state.end).toBe('failed');
    expect(state.failures.map((failure) => [failure.check, failure.code])).toEqual([
      ['error-body-shape', 'ERROR_NOT_JSON'],
    ]);
  });

  it('should fail a cursor refused without a wait: a live cursor must be served', async () => {
    let sent = 0;
    const sender: Sender = {
      send(call) {
        sent += 1;
        return Promise.resolve(
          sent === 2
            ? toApiResponse(
                400,
                { ...DATE, 'content-type': 'application/json' },
                JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'x' }),
                1,
              )
            : fakeOrders(call),
        );
      },
    };
    const state = await walkList(sender, spec({ limit: '10' }), { deadlineMs: soon() });
    expect(state.end).toBe('failed');
    expect(state.failures.map((failure) => failure.check)).toContain('walk-pages-succeed');
  });

  it('should not wait out a Retry-After that reaches past the deadline', async () => {
    const sender = throttledFirst(Infinity, '30');
    const started = Date.now();
    const state = await walkList(sender, spec({ limit: '10' }), { deadlineMs: soon(200) });
    expect(state.end).toBe('throttled');
    expect(sender.sent).toBe(1);
    // Waiting out Retry-After would take 30 s.
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
