/**
 * measuredSend: what every load request records, from a fake client, so the values are known: the
 * latency and, beside it, the client wait the client measured.
 */
import { describe, expect, it } from 'vitest';
import type { NodeClient } from '../../lib/adapters/node-http.ts';
import { DEFAULT_BACKOFF } from '../../lib/backoff.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import type { ApiResponse } from '../../lib/http/response.ts';
import { METRIC } from '../../lib/load/metrics.ts';
import type { PointSink } from '../../lib/load/points/write.ts';
import { measuredSend } from '../../lib/load/vu-measure.ts';

interface Point {
  metric: string;
  kind: string;
  value: number;
  tags: Record<string, string>;
}

const call: ApiCall = {
  endpoint: 'orders',
  query: {},
  credential: { tenant: 'a', role: 'full', scheme: 'bearer' },
};
const tags = { endpoint: 'orders', tenant: 'a' };

/** A client that answers `answer`, or fails when it is an Error. */
const fakeClient = (answer: ApiResponse | Error): NodeClient => ({
  send: () => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)),
  close: () => Promise.resolve(),
  backoff: DEFAULT_BACKOFF,
});

function recorded(): { points: Point[]; sink: PointSink } {
  const points: Point[] = [];
  return {
    points,
    sink: { add: (metric, kind, value, pointTags) => points.push({ metric, kind, value, tags: pointTags }) },
  };
}

const answer = (changes: Partial<ApiResponse>): ApiResponse => ({
  status: 200,
  headers: {},
  bodyText: '{}',
  body: {},
  durationMs: 80,
  ...changes,
});

describe('measuredSend', () => {
  it('should record the client wait beside the latency that holds it, untagged: the client is the whole worker', async () => {
    const { points, sink } = recorded();

    await measuredSend(fakeClient(answer({ waitMs: 30 })), null, sink)(call, tags);

    expect(points.filter((point) => point.metric === METRIC.latency)).toEqual([
      { metric: METRIC.latency, kind: 'trend', value: 80, tags: { ...tags, status: '200' } },
    ]);
    expect(points.filter((point) => point.metric === METRIC.clientWait)).toEqual([
      { metric: METRIC.clientWait, kind: 'trend', value: 30, tags: {} },
    ]);
  });

  it('should record no wait for a request that got no answer, nor for a client that measures none', async () => {
    const { points, sink } = recorded();

    await measuredSend(fakeClient(new Error('reset')), null, sink)(call, tags);
    await measuredSend(fakeClient(answer({})), null, sink)(call, tags);

    expect(points.filter((point) => point.metric === METRIC.latency)).toHaveLength(2);
    expect(points.filter((point) => point.metric === METRIC.clientWait)).toEqual([]);
  });
});
