/**
 * Under load, a request the reached target leaves without an HTTP answer (the socket closed, half
 * an answer, or none in the request's time) is every-request-answered's failure, naming the request
 * and never its key, whichever of the Vu's sends met it (a walk's page, a refused request, a single
 * request, a request asked alone), and named once: not also a walk-pages-succeed or a refusal
 * check's failure. A target never reached from the Vu's process stays a status-0 point for the
 * server_errors threshold (and walk-pages-succeed's, on a walk). Then the load's setup (lib/load/run/prepare.ts runSetup): a request left
 * without an answer is its finding, never a thrown error; a target never reached is its one line.
 * In this process, against a tiny server (test/lib/unanswering-server.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyRejected } from '../../lib/checks/key-rejected.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { METRIC } from '../../lib/load/metrics.ts';
import { scenarioNamed } from '../../lib/load/registry.ts';
import { runSetup } from '../../lib/load/run/prepare.ts';
import type { LoadSettings } from '../../lib/load/scenario.ts';
import { createVu } from '../../lib/load/vu.ts';
import { resolveInlineTarget, type Target } from '../../lib/target/target.ts';
import { startUnansweringServer, type UnansweringServer } from '../lib/unanswering-server.ts';
import '../setup/provide-layers.ts';

const KEY = 'no-answer-load-test-key-0001';

const targetFor = (baseUrl: string): Target =>
  resolveInlineTarget({
    baseUrl,
    apiKeyHeader: 'X-Test-Api-Key',
    load: { allowed: true, maxRps: 100 },
    tenants: [{ name: 'a', quiescent: true, keys: { full: { value: KEY } } }],
  });

const SETTINGS: LoadSettings = {
  profile: 'smoke',
  rate: 1,
  durationS: 1,
  floodRate: 0,
  requestTimeoutMs: 300,
};

interface Point {
  metric: string;
  value: number;
  tags: Record<string, string>;
}

const callWith = (q: string): ApiCall => ({
  endpoint: 'orders',
  query: { limit: '5', q },
  credential: { tenant: 'a', role: 'full', scheme: 'bearer' },
});

/** What `act` made the Vu of `target` write, as points. */
async function pointsOf(target: Target, act: (vu: ReturnType<typeof createVu>) => Promise<unknown>) {
  const points: Point[] = [];
  const vu = createVu({
    target,
    settings: SETTINGS,
    setup: { floorMs: 0, startedAt: Date.now() },
    points: { add: (metric, _kind, value, tags) => points.push({ metric, value, tags }) },
    recordDrift: false,
    connections: 2,
  });
  try {
    await act(vu);
  } finally {
    await vu.close();
  }
  return points;
}

const failuresOf = (points: readonly Point[]) =>
  points.filter((point) => point.metric === METRIC.checkFailures).map((point) => point.tags);

const WHY = {
  drop: /the connection ended without a complete HTTP answer \((UND_ERR_SOCKET|ECONNRESET)\), though the target was reached$/,
  half: /the connection ended without a complete HTTP answer \(\w+\), though the target was reached$/,
  hang: /no answer in time \(UND_ERR_HEADERS_TIMEOUT\), though the target was reached$/,
} as const;

describe('a request a reached target leaves without an answer, under load (in process)', () => {
  let server: UnansweringServer;
  let target: Target;
  beforeAll(async () => {
    server = await startUnansweringServer();
    target = targetFor(server.baseUrl);
  });
  afterAll(() => server.close());

  it.each(Object.entries(WHY))(
    'should be every-request-answered on a walk page (%s), named once, the request named without its key',
    async (how, why) => {
      const points = await pointsOf(target, (vu) => vu.walk(callWith(how)));

      const failures = failuresOf(points);
      expect(failures).toEqual([
        expect.objectContaining({
          check: 'every-request-answered',
          code: 'NO_HTTP_ANSWER',
          traffic: 'walk',
          tenant: 'a',
          endpoint: 'orders',
        }),
      ]);
      expect(failures[0]?.message).toMatch(
        new RegExp(
          `^no HTTP answer to GET /public/orders\\?limit=5&q=${how} \\(tenant a's full key by bearer\\): `,
        ),
      );
      expect(failures[0]?.message).toMatch(why);
      expect(JSON.stringify(points)).not.toContain(KEY);
      // Still a status-0 point for server_errors.
      expect(points).toContainEqual(expect.objectContaining({ metric: METRIC.serverErrors, value: 1 }));
    },
  );

  it('should be every-request-answered, not the refusal check, on a refused request', async () => {
    const call = {
      ...callWith('drop'),
      credential: { ...callWith('drop').credential, role: 'none' as const },
    };
    const points = await pointsOf(target, (vu) => vu.refuse({ call, check: keyRejected, probe: 'no key' }));

    expect(failuresOf(points).map((failure) => [failure.check, failure.traffic])).toEqual([
      ['every-request-answered', 'refused'],
    ]);
    expect(failuresOf(points)[0]?.message).toMatch(
      /^no HTTP answer to GET \/public\/orders\?limit=5&q=drop \(no key by bearer\): /,
    );
    expect(points.some((point) => point.metric === METRIC.refused)).toBe(false);
  });

  it('should be every-request-answered on a single request and on one asked alone', async () => {
    const points = await pointsOf(target, async (vu) => {
      await vu.send(callWith('drop'), 'capacity');
      await vu.ask(callWith('drop'), 'flood');
    });

    expect(failuresOf(points).map((failure) => [failure.check, failure.traffic])).toEqual([
      ['every-request-answered', 'capacity'],
      ['every-request-answered', 'flood'],
    ]);
  });

  it('should find nothing on the requests it answers', async () => {
    const points = await pointsOf(target, async (vu) => {
      await vu.walk({ ...callWith('x'), query: { limit: '5' } });
      await vu.send({ ...callWith('x'), query: { limit: '5' } }, 'capacity');
    });

    expect(failuresOf(points)).toEqual([]);
    expect(
      points.filter((point) => point.metric === METRIC.serverErrors).map((point) => point.value),
    ).toEqual([0, 0]);
  });
});

describe('a target never reached from the Vu (in process)', () => {
  it('should be a status-0 point for server_errors, not every-request-answered', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const points = await pointsOf(targetFor(`http://127.0.0.1:${port}/api/v1`), (vu) =>
      vu.walk(callWith('x')),
    );

    // The walk's page answered nothing: walk-pages-succeed's "answered 0", as before.
    expect(failuresOf(points).map((failure) => failure.check)).toEqual(['walk-pages-succeed']);
    expect(points).toContainEqual(expect.objectContaining({ metric: METRIC.serverErrors, value: 1 }));
  });
});

describe("a load's setup", () => {
  const opened = (target: Target) => ({
    target,
    fileJson: '{}',
    faults: [],
    sandbox: false,
    close: async () => {},
  });

  it('should make a request left without an answer its finding, the request named', async () => {
    // The first request is answered, the fifth dropped: setup's floor samples meet it.
    const server = await startUnansweringServer((n) => n === 5);
    try {
      const { setup, setupError } = await runSetup(
        scenarioNamed('walk'),
        opened(targetFor(server.baseUrl)),
        SETTINGS,
      );

      expect(setupError).toBeUndefined();
      expect(setup.failures).toEqual([
        expect.objectContaining({
          check: 'every-request-answered',
          code: 'NO_HTTP_ANSWER',
          requests: [expect.objectContaining({ status: 0, tenant: 'a', role: 'full' })],
        }),
      ]);
      expect(setup.failures?.[0]?.message).toMatch(
        /^no HTTP answer to GET \/public\/\S+ \(tenant a's full key by \w+\): /,
      );
      expect(JSON.stringify(setup)).not.toContain(KEY);
      expect(server.seen).toHaveLength(5);
    } finally {
      await server.close();
    }
  });

  it("should make a target never reached the setup's one line, not a finding", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const { setup, setupError } = await runSetup(
      scenarioNamed('walk'),
      opened(targetFor(`http://127.0.0.1:${port}/api/v1`)),
      SETTINGS,
    );

    expect(setup.failures).toBeUndefined();
    expect(setupError).toMatch(new RegExp(`^cannot reach http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`));
  });
});
