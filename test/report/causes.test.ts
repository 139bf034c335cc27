/**
 * Failed checks by cause (lib/report/causes.ts): the one grouping the console, report.html and
 * junit.xml share. Inputs are built so the expected groups are known, not recomputed.
 */
import { describe, expect, it } from 'vitest';
import type { Failure, RequestRecord } from '../../lib/failure.ts';
import { causesOf, countByKind, replayOf, seenByLine } from '../../lib/report/causes.ts';
import type { CheckResult } from '../../lib/report/model.ts';

const request: RequestRecord = {
  endpoint: 'orders',
  path: '/public/orders?limit=2',
  tenant: 'tenant-a',
  role: 'full',
  scheme: 'bearer',
  status: 200,
};

const leak = (requests: number): Failure => ({
  check: 'tenant-isolation',
  code: 'TENANT_LEAK',
  severity: 'error',
  message: `leak after ${requests} requests`,
  expected: 'own records only',
  received: 'a record of tenant-c',
  requests: Array.from({ length: requests }, () => request),
});

const property = (name: string, requests: number, extra: Partial<CheckResult> = {}): CheckResult => ({
  name,
  kind: 'property',
  verdict: 'failed',
  failures: [leak(requests)],
  ...extra,
});

const threshold: CheckResult = {
  name: 'walk/smoke latency: p99 < 500',
  kind: 'threshold',
  verdict: 'failed',
  failures: [{ ...leak(0), check: 'walk/smoke latency: p99 < 500', received: 'p99=540.0 ms' }],
};

const loadInvariant: CheckResult = {
  name: 'isolation/smoke tenant-isolation',
  kind: 'invariant',
  family: 'load',
  verdict: 'failed',
  failures: [leak(0)],
  replay: 'npm run gate -- --fault shared-cache --load isolation',
};

describe('causesOf', () => {
  it('should group the properties and loads that broke one invariant under it, in run order', () => {
    const checks = [
      property('pagination.terminates', 6),
      threshold,
      property('filters.q', 2),
      { name: 'pagination.shape', kind: 'property', verdict: 'passed' } as const,
      loadInvariant,
    ];
    const causes = causesOf(checks);
    expect(causes.map((cause) => [cause.name, cause.checks.map((check) => check.name)])).toEqual([
      ['tenant-isolation', ['pagination.terminates', 'filters.q', 'isolation/smoke tenant-isolation']],
      ['walk/smoke latency: p99 < 500', ['walk/smoke latency: p99 < 500']],
    ]);
    expect(causes[0]?.first).toBe('leak after 6 requests');
    expect(causes[1]?.first).toBe('p99=540.0 ms');
  });

  it('should let the check with a script and the fewest requests stand for the cause', () => {
    const scripted = { reproduction: ['props/repro.sh'], seed: 1 };
    const causes = causesOf([
      property('a.no-script', 1, { seed: 3 }),
      property('b.long', 9, scripted),
      property('c.short', 2, scripted),
      property('d.also-short', 2, scripted),
    ]);
    expect(causes[0]?.lead.name).toBe('c.short');
  });

  it('should fall back to the check itself when a failed check carries no failure data', () => {
    const old: CheckResult = {
      name: 'stress/stress walk-pages-succeed',
      kind: 'invariant',
      verdict: 'failed',
      reason: 'PAGE_NOT_OK: page 2 of the walk answered 400 (4 time(s))',
    };
    const [cause] = causesOf([old]);
    expect(cause).toMatchObject({ name: old.name, first: old.reason, lead: old });
    expect(cause && seenByLine(cause)).toBe('');
  });
});

describe('seenByLine and countByKind', () => {
  it('should count the checks that saw a cause by kind, in the singular where there is one', () => {
    const [cause] = causesOf([property('p.one', 1), property('p.two', 1), loadInvariant]);
    expect(cause && seenByLine(cause)).toBe(
      'seen by 2 properties and 1 invariant: p.one, p.two, isolation/smoke tenant-isolation',
    );
    expect(countByKind([property('p.one', 1)])).toBe('1 property');
    expect(countByKind([property('p', 1), threshold, loadInvariant])).toBe(
      '1 property, 1 invariant and 1 threshold',
    );
  });
});

describe('replayOf', () => {
  const sandbox = { name: 'sandbox', baseUrl: 'http://127.0.0.1:1/api/v1', kind: 'sandbox' as const };

  it('should give the replay the run recorded', () => {
    expect(replayOf(loadInvariant, sandbox)).toBe(loadInvariant.replay);
  });

  it("should build a property's replay from an older summary's seed and target", () => {
    const check = property('filters.q', 1, { seed: -7, path: '2:0' });
    expect(replayOf(check, { ...sandbox, faults: ['search-leak'] })).toBe(
      'npm run props -- --fault search-leak --property filters.q --seed -7 --path 2:0',
    );
    expect(replayOf(check, { ...sandbox, kind: 'remote' })).toContain('--target TARGET_FILE');
    expect(replayOf(threshold, sandbox)).toBeUndefined();
  });
});
