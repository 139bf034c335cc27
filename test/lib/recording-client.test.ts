/**
 * The property runs' client (lib/props/transcript.ts) backs off in the one 429 loop with what the
 * walk hands it: the walk's deadline, backoff and response hook, not the client's own alone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF } from '../../lib/backoff.ts';
import { walkList } from '../../lib/paging/walk-list.ts';
import { createRecordingClient } from '../../lib/props/transcript.ts';
import { spec, throttledFirst } from './walk-helpers.ts';

/** A node client behind a rate limiter that answers the first `count` requests with 429. */
function throttledClient(count: number, retryAfter: string) {
  const sender = throttledFirst(count, retryAfter);
  return { sender, client: { ...sender, close: () => Promise.resolve(), backoff: DEFAULT_BACKOFF } };
}

describe('createRecordingClient', () => {
  it("should not wait past the walk's deadline, whatever Retry-After asks", async () => {
    // Arrange: every answer a 429 asking for 10 s; the walk has 300 ms.
    const { sender, client } = throttledClient(Infinity, '10');
    const recording = createRecordingClient(client);
    const started = Date.now();

    // Act: a request still throttled makes the run inconclusive (fast-check's precondition).
    const walked = walkList(recording, spec({ limit: '10' }), { deadlineMs: Date.now() + 300 });

    // Assert
    await expect(walked).rejects.toSatisfy((error) => fc.PreconditionFailure.isFailure(error));
    // Far under one Retry-After (10 s): a loaded machine's pauses cannot fail it.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(sender.sent).toBe(1);
  });

  it("should back off with the walk's policy and report every response to its hook", async () => {
    const { sender, client } = throttledClient(2, '1');
    const recording = createRecordingClient(client);
    const attempts: number[] = [];

    const state = await walkList(recording, spec({ limit: '10' }), {
      deadlineMs: Date.now() + 10_000,
      backoff: { maxRetries: 2, baseMs: 1, capMs: 50 },
      onResponse: (_call, _response, attempt) => attempts.push(attempt),
    });

    expect(state.end).toBe('complete');
    expect(state.retries).toBe(2);
    expect(attempts).toEqual([0, 1, 2, 0, 0]);
    expect(sender.sent).toBe(5);
    expect(recording.transcript().map((exchange) => exchange.status)).toEqual([200, 200, 200]);
  });

  it('should give up at the first 429 when the walk allows no retry', async () => {
    const { sender, client } = throttledClient(Infinity, '1');
    const walked = walkList(createRecordingClient(client), spec({ limit: '10' }), {
      deadlineMs: Date.now() + 10_000,
      backoff: { maxRetries: 0, baseMs: 1, capMs: 1 },
    });
    await expect(walked).rejects.toSatisfy((error) => fc.PreconditionFailure.isFailure(error));
    expect(sender.sent).toBe(1);
  });

  it('should record the sends of another client into the same transcript, begun once for both', async () => {
    const recording = createRecordingClient(throttledClient(0, '0').client);
    const other = recording.over(throttledClient(0, '0').client);
    recording.begin();

    await walkList(recording, spec({ limit: '10' }), { deadlineMs: Date.now() + 10_000, pages: 1 });
    await walkList(other, spec({ limit: '20' }), { deadlineMs: Date.now() + 10_000, pages: 1 });

    const limits = (client: typeof recording) =>
      client.transcript().map((exchange) => exchange.call.query.limit);
    expect(limits(recording)).toEqual(['10', '20']);
    expect(limits(other)).toEqual(['10', '20']);
    other.begin();
    expect(recording.transcript()).toEqual([]);
  });
});
