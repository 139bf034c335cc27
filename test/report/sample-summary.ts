/**
 * A gate run as the runners would report it: properties passed, failed (with seed, path and a
 * reproduction) and skipped, thresholds, an advisory, and every kind of metric. `SECRET_KEY`
 * is planted in failure text, a request path and a reproduction, to prove redaction.
 */
import type { Failure } from '../../lib/failure.ts';
import { buildSummary, describeTarget, stageEntry, type Finding } from '../../lib/report/build.ts';
import { thresholdChecks } from '../../lib/report/thresholds.ts';
import type { Summary } from '../../lib/report/model.ts';

export const SECRET_KEY = 'sk_test_9f8e7d6c5b4a<script>';
export const REPRO_PATH = 'repro/no-duplicate-ids.sh';
export const REPRO_SCRIPT = `#!/bin/sh\ncurl -sS -H "Authorization: Bearer ${SECRET_KEY}" 'http://127.0.0.1:4010/api/v1/public/orders?limit=2'\n`;

const duplicate: Failure = {
  check: 'no-duplicate-ids',
  code: 'DUPLICATE_ID',
  severity: 'error',
  message: 'id ord_0042 appears on page 1 and page 2 <img src=x onerror=alert(1)>',
  expected: 'every id at most once per walk',
  received: `ord_0042 twice (key ${SECRET_KEY})`,
  requests: [
    {
      endpoint: 'orders',
      path: '/public/orders?limit=2',
      tenant: 'tenant-a',
      role: 'full',
      scheme: 'bearer',
      status: 200,
    },
    {
      endpoint: 'orders',
      path: `/public/orders?limit=2&cursor=abc&k=${encodeURIComponent(SECRET_KEY)}`,
      tenant: 'tenant-a',
      role: 'full',
      scheme: 'bearer',
      status: 200,
    },
  ],
};

const advisory: Failure = {
  check: 'error-body-shape',
  code: 'ERROR_CONTENT_TYPE',
  severity: 'advisory',
  message: '429 answered with text/plain',
  expected: 'application/json (not shown in the spec)',
  received: 'text/plain',
  requests: [],
};

function sampleMetrics(): Summary['metrics'] {
  const tenants = ['tenant-a', 'tenant-b'];
  return {
    latency: ['menuItems', 'orders'].flatMap((endpoint, e) =>
      tenants.map((tenant, t) => ({
        endpoint,
        tenant,
        p50: 8 + e + t,
        p95: 21 + 3 * e + t,
        p99: 40 + e,
        max: 90,
        count: 1200,
      })),
    ),
    rate429: tenants.flatMap((tenant, t) =>
      Array.from({ length: 12 }, (_, i) => ({
        t: i * 5,
        tenant,
        rate: Math.min(1, Math.max(0, (i - 5 + t) * 0.04)),
      })),
    ),
    loads: [
      { name: 'walk', start: 0, end: 20 },
      { name: 'fairness', start: 20, end: 40, expects: 'throttling of the noisy tenant' },
      { name: 'stress', start: 40, end: 60, expects: 'throttling' },
    ],
    timeline: Array.from({ length: 60 }, (_, t) => ({
      t,
      served: 40,
      arrivals: t < 40 ? 4 : 7,
      planned: t < 40 ? 4 : 8,
      ...(t === 30 ? {} : { p50: 5 + (t % 3), p95: 20 + t / 2 }),
    })),
    depth: Array.from({ length: 10 }, (_, i) => ({
      bucket: i + 1,
      p50: 6 + i,
      p95: 14 + 2.5 * i,
      count: 300 - i * 20,
    })),
    capacity: {
      steps: [50, 100, 200, 400, 800].map((rps, i) => ({
        rps,
        p95: [18, 19, 22, 48, 190][i] ?? 0,
        errorRate: i === 4 ? 0.02 : 0,
        rate429: [0, 0, 0.01, 0.08, 0.3][i] ?? 0,
      })),
      knee: { rps: 400, p95: 48 },
      onset429: [
        { scope: 'tenant', name: 'tenant-a', rps: 200 },
        { scope: 'key', name: 'tenant-b/full', rps: null },
      ],
    },
  };
}

/** The sample gate run; `more`: findings after its own, in that order. */
export function sampleSummary(more: Finding[] = []): Summary {
  return buildSummary(
    {
      command: 'gate',
      target: describeTarget('sandbox', 'http://user:pw@127.0.0.1:4010/api/v1?x=1', {
        sandbox: true,
        faults: ['page-boundary-duplicate'],
      }),
      versions: { harness: '0.1.0', node: 'v20.19.0', artillery: '2.0.34' },
      startedAt: new Date('2026-06-14T10:00:00.000Z'),
      finishedAt: new Date('2026-06-14T10:01:47.500Z'),
      runId: '20260614T100000Z-gate-test',
    },
    [
      {
        stages: [stageEntry('properties', 'fail', 41_000), stageEntry('load', 'pass', 65_000)],
        findings: [
          {
            check: { name: 'walk-terminates', kind: 'property', family: 'pagination', durationMs: 800 },
            outcome: { verdict: 'passed' },
          },
          {
            check: { name: 'no-duplicate-ids', kind: 'property', family: 'pagination', durationMs: 2300 },
            outcome: {
              verdict: 'failed',
              failures: [duplicate, advisory],
              seed: -1203,
              path: '4:1:0',
              reproduction: [REPRO_PATH, 'repro/no-duplicate-ids.artillery.yml'],
            },
          },
          {
            check: { name: 'key-rejected', kind: 'property', family: 'auth' },
            outcome: { verdict: 'skipped', reason: 'the target file declares no revoked or expired key' },
          },
          ...thresholdChecks([
            { metric: 'latency', expression: 'p95 < 500', ok: true, actual: 212.4, time: true },
            { metric: 'latency', expression: 'p99 < 500', ok: false, actual: 540, time: true },
            { metric: 'check_failures', expression: 'count == 0', ok: true, actual: 0 },
          ]),
          ...more,
        ],
        metrics: sampleMetrics(),
      },
    ],
  );
}

/**
 * metrics.capacity as a capacity run writes it now: the answer, the objective, each step's
 * achieved and generator rates and verdict, the knee's reason and each onset's implied limit.
 * sampleSummary() keeps the older shape (steps, knee, onsets only), which must stay readable.
 */
export function capacityWithAnswer(): NonNullable<Summary['metrics']['capacity']> {
  return {
    steps: [
      {
        rps: 100,
        p95: 12,
        p99: 30,
        errorRate: 0,
        rate429: 0,
        achievedRps: 100,
        generatorRps: 100,
        latenessP95: 1,
        verdict: 'met',
      },
      {
        rps: 200,
        p95: 14,
        p99: 31,
        errorRate: 0,
        rate429: 0.002,
        achievedRps: 199.5,
        generatorRps: 200,
        latenessP95: 2,
        verdict: 'met',
      },
      {
        rps: 300,
        p95: 45,
        p99: 90,
        errorRate: 0,
        rate429: 0.04,
        achievedRps: 298,
        generatorRps: 300,
        latenessP95: 3,
        verdict: 'missed',
        misses: ['429'],
      },
      {
        rps: 400,
        p95: 20,
        p99: 40,
        errorRate: 0,
        rate429: 0,
        achievedRps: 250,
        generatorRps: 250,
        latenessP95: 900,
        verdict: 'undriven',
        undriven: 'late',
      },
    ],
    knee: {
      rps: 300,
      p95: 45,
      reasons: ['p95'],
      because: ['p95 45.0 ms is 3.8 x the baseline 12.0 ms (bends above 2 x and 5 ms more)'],
      confirmed: false,
    },
    onset429: [
      { scope: 'tenant', name: 'tenant-a', rps: 200, limit: { atLeast: 50, below: 100 } },
      { scope: 'key', name: 'tenant-b/full', rps: null, limit: { atLeast: 75, below: null } },
    ],
    objective: { p95Ms: 500, p99Ms: 1500, maxErrorRate: 0, max429Rate: 0.01 },
    answer: {
      kind: 'measured',
      rps: 200,
      missedAt: 300,
      line: 'capacity: 200 req/s (p95 14 ms, p99 31 ms, 0 errors, 0.2% 429 at that step; missed from 300 req/s on); objective p95 < 500 ms, p99 < 1500 ms, errors 0, 429 < 1.0%',
      headroom: 'headroom: 1.60 x the expected 125 req/s (capacity 200 req/s)',
    },
    expectedRps: 125,
    next: [
      'add --workers (now 1): the generator started its arrivals late at 400 rps, so 1 step(s) were not counted',
    ],
  };
}
