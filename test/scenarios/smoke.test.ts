/**
 * Every profile's smoke variant, and every scenario, passes on the clean sandbox; a target file
 * works as well as a sandbox started for the run, and no key reaches any file the run writes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_NAMES } from '../../lib/load/profiles.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { loadRunner, resultOnDisk, RUN_TIMEOUT_MS } from './run-helpers.ts';

const run = loadRunner();

describe('every profile, squeezed to a smoke run of the walk scenario', () => {
  for (const profile of PROFILE_NAMES) {
    it(`should pass the ${profile} profile on the clean sandbox`, { timeout: RUN_TIMEOUT_MS }, async () => {
      const result = await run({ scenario: 'walk', profile, duration: '2s', rate: 2 });

      expect(result.reason).toMatch(/^all \d+ thresholds held$/);
      expect(result).toMatchObject({ verdict: 'pass', exitCode: 0, k6: { exitCodes: [0] } });
      expect(result.metrics.walks?.values.count).toBeGreaterThan(0);
      expect(result.checks.every((check) => check.fails === 0 && check.passes > 0)).toBe(true);
    });
  }
});

describe('every dedicated scenario, as a smoke run', () => {
  const cases = [
    { scenario: 'fairness', duration: '3s', rate: 2 },
    { scenario: 'isolation', duration: '2s', rate: 6 },
    { scenario: 'depth', duration: '2s', rate: 1 },
    { scenario: 'stress', duration: '3s', rate: 2 },
  ] as const;
  for (const options of cases) {
    it(`should pass ${options.scenario} on the clean sandbox`, { timeout: RUN_TIMEOUT_MS }, async () => {
      const result = await run({ ...options, profile: 'smoke' });

      expect(result.reason).toMatch(/^all \d+ thresholds held$/);
      expect(result.verdict).toBe('pass');
      expect(resultOnDisk(result)).toEqual(result);
    });
  }
});

describe('a run against a target file', () => {
  let sandbox: RunningSandbox;
  let targetPath: string;
  beforeAll(async () => {
    targetPath = path.join(mkdtempSync(path.join(tmpdir(), 'load-target-')), 'target.json');
    sandbox = await startSandbox({ targetPath });
  });
  afterAll(() => sandbox.close());

  it('should write every report and never a key', { timeout: RUN_TIMEOUT_MS }, async () => {
    const result = await run({ target: targetPath, duration: '2s', rate: 3 });

    expect(result.verdict).toBe('pass');
    expect(result.target).toEqual({ name: 'sandbox', baseUrl: sandbox.baseUrl, sandbox: false, faults: [] });
    const files = readdirSync(result.files.dir).sort();
    expect(files).toEqual([
      'bundle',
      'dashboard.html',
      'junit.xml',
      'points.json.gz',
      'result.json',
      'summary.json',
    ]);
    const junit = readFileSync(result.files.junit, 'utf8');
    expect(junit.match(/<testcase /g)).toHaveLength(result.thresholds.length + result.checks.length);
    const written = files
      .filter((file) => file !== 'bundle')
      .map((file) => path.join(result.files.dir, file))
      .map((file) =>
        file.endsWith('.gz') ? gunzipSync(readFileSync(file)).toString() : readFileSync(file, 'utf8'),
      );
    const keys = sandbox.target.tenants.flatMap((tenant) =>
      Object.values(tenant.keys).map((source) => (source && 'value' in source ? source.value : '')),
    );
    for (const key of keys.filter(Boolean))
      for (const text of written) expect(text.includes(key)).toBe(false);
  });

  it(
    'should say so when the generator cannot keep the planned rate (k6 dropped iterations)',
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      // One VU cannot start 200 walks a second: most arrivals are dropped.
      const result = await run({ target: targetPath, duration: '2s', rate: 200, maxVUs: 1 });

      expect(resultOnDisk(result).warnings).toEqual([expect.stringMatching(/^k6 dropped \d+ iteration/)]);
    },
  );

  it(
    'should stop at setup with exit 2 and one line when the target is unreachable',
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      const unreachable = path.join(path.dirname(targetPath), 'unreachable.json');
      writeFileSync(unreachable, JSON.stringify({ ...sandbox.target, baseUrl: 'http://127.0.0.1:9/api/v1' }));

      const result = await run({ target: unreachable, duration: '2s' });

      expect(result).toMatchObject({ verdict: 'error', exitCode: 2, k6: { exitCodes: [107] } });
      expect(result.reason).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:9\/api\/v1 \(.*\); check baseUrl/);
      expect(result.reason).not.toContain('\n');
    },
  );

  it('should refuse a non-loopback target that does not allow load, before sending anything', async () => {
    const remote = path.join(path.dirname(targetPath), 'remote.json');
    const file = {
      ...sandbox.target,
      baseUrl: 'http://203.0.113.7/api/v1',
      load: { allowed: false, maxRps: 10 },
    };
    writeFileSync(remote, JSON.stringify(file));

    await expect(run({ target: remote })).rejects.toThrow(
      /^target sandbox \(203\.0\.113\.7\) is not loopback .*load\.allowed/,
    );
  });
});
