/**
 * A gate run as the runners would report it: properties passed, failed (with seed, path and a
 * reproduction) and skipped, thresholds, an advisory, and every kind of metric. `SECRET_KEY`
 * is planted in failure text, a request path and a reproduction, to prove redaction.
 */
import type { Failure } from '../../lib/failure.ts';
import { addCheck, addStage, describeTarget, finishSummary, startSummary } from '../../lib/report/build.ts';
import { addThresholds } from '../../lib/report/thresholds.ts';
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

function addMetrics(summary: Summary): void {
  const tenants = ['tenant-a', 'tenant-b'];
  summary.metrics.latency = ['menuItems', 'orders'].flatMap((endpoint, e) =>
    tenants.map((tenant, t) => ({
      endpoint,
      tenant,
      p50: 8 + e + t,
      p95: 21 + 3 * e + t,
      p99: 40 + e,
      max: 90,
      count: 1200,
    })),
  );
  summary.metrics.rate429 = tenants.flatMap((tenant, t) =>
    Array.from({ length: 12 }, (_, i) => ({
      t: i * 5,
      tenant,
      rate: Math.min(1, Math.max(0, (i - 5 + t) * 0.04)),
    })),
  );
  summary.metrics.loads = [
    { name: 'walk', start: 0, end: 20 },
    { name: 'fairness', start: 20, end: 40, expects: 'throttling of the noisy tenant' },
    { name: 'stress', start: 40, end: 60, expects: 'throttling' },
  ];
  summary.metrics.timeline = Array.from({ length: 60 }, (_, t) => ({
    t,
    served: 40,
    arrivals: t < 40 ? 4 : 7,
    planned: t < 40 ? 4 : 8,
    ...(t === 30 ? {} : { p50: 5 + (t % 3), p95: 20 + t / 2 }),
  }));
  summary.metrics.depth = Array.from({ length: 10 }, (_, i) => ({
    bucket: i + 1,
    p50: 6 + i,
    p95: 14 + 2.5 * i,
    count: 300 - i * 20,
  }));
  summary.metrics.capacity = {
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
  };
}

export function sampleSummary(): Summary {
  const summary = startSummary({
    command: 'gate',
    target: describeTarget('sandbox', 'http://user:pw@127.0.0.1:4010/api/v1?x=1', {
      sandbox: true,
      faults: ['page-boundary-duplicate'],
    }),
    versions: { harness: '0.1.0', node: 'v20.19.0', artillery: '2.0.34' },
    startedAt: new Date('2026-06-14T10:00:00.000Z'),
    runId: '20260614T100000Z-gate-test',
  });
  addStage(summary, 'properties', 'fail', 41_000);
  addStage(summary, 'load', 'pass', 65_000);
  addCheck(
    summary,
    { name: 'walk-terminates', kind: 'property', family: 'pagination', durationMs: 800 },
    { verdict: 'passed' },
  );
  addCheck(
    summary,
    { name: 'no-duplicate-ids', kind: 'property', family: 'pagination', durationMs: 2300 },
    {
      verdict: 'failed',
      failures: [duplicate, advisory],
      seed: -1203,
      path: '4:1:0',
      reproduction: [REPRO_PATH, 'repro/no-duplicate-ids.artillery.yml'],
    },
  );
  addCheck(
    summary,
    { name: 'key-rejected', kind: 'property', family: 'auth' },
    { verdict: 'skipped', reason: 'the target file declares no revoked or expired key' },
  );
  addThresholds(summary, [
    { metric: 'latency', expression: 'p95 < 500', ok: true, actual: 212.4, time: true },
    { metric: 'latency', expression: 'p99 < 500', ok: false, actual: 540, time: true },
    { metric: 'check_failures', expression: 'count == 0', ok: true, actual: 0 },
  ]);
  addMetrics(summary);
  return finishSummary(summary, new Date('2026-06-14T10:01:47.500Z'));
}
