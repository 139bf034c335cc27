import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeK6Exit, K6_EXIT, k6GcEnv, k6Version, resolveK6, runK6 } from '../../scripts/lib/k6.ts';
import { buildHello } from './hello-bundle.ts';
import { respondWith, startLocalServer, type LocalServer } from './local-server.ts';

interface K6SummaryJson {
  metrics: Record<string, { values: Record<string, number> }>;
}

describe('the hello bundle under the real k6', () => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'k6-run-'));
  let bundle = '';
  let server: LocalServer | undefined;

  beforeAll(async () => {
    bundle = await buildHello(workDir);
  });

  beforeEach(() => {
    // Without k6 each test fails with the one-line install hint; none is skipped.
    resolveK6();
  });

  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('should report the version of the k6 it runs', () => {
    expect(k6Version()).toMatch(/^v\d+\.\d+\.\d+/);
  });

  it('should pass one iteration and write its summary JSON', async () => {
    server = await startLocalServer(respondWith(200));
    const summaryPath = path.join(workDir, 'summary-ok.json');

    const run = await runK6({
      script: bundle,
      env: { BASE_URL: server.url, SUMMARY_PATH: summaryPath },
      timeoutMs: 30_000,
    });

    expect(run.exitCode).toBe(K6_EXIT.ok);
    const summary = JSON.parse(readFileSync(summaryPath, 'utf8')) as K6SummaryJson;
    expect(summary.metrics.iterations?.values.count).toBe(1);
    expect(summary.metrics.checks?.values).toMatchObject({ passes: 1, fails: 0 });
    expect(server.requests).toBe(1);
  });

  it('should exit with 99 when a threshold fails', async () => {
    server = await startLocalServer(respondWith(500));
    const summaryPath = path.join(workDir, 'summary-500.json');

    const run = await runK6({
      script: bundle,
      env: { BASE_URL: server.url, SUMMARY_PATH: summaryPath },
      timeoutMs: 30_000,
    });

    expect(run.exitCode).toBe(K6_EXIT.thresholdsFailed);
    expect(describeK6Exit(run.exitCode)).toBe('thresholds failed');
    const summary = JSON.parse(readFileSync(summaryPath, 'utf8')) as K6SummaryJson;
    expect(summary.metrics.checks?.values).toMatchObject({ passes: 0, fails: 1 });
  });

  it('should exit with 107 when the script throws in its init stage', async () => {
    const run = await runK6({ script: bundle, env: { BASE_URL: '' }, timeoutMs: 30_000 });

    expect(run.exitCode).toBe(K6_EXIT.scriptException);
  });

  it('should stop k6 at its time limit', async () => {
    server = await startLocalServer(() => undefined); // never answers
    const started = Date.now();

    const run = await runK6({ script: bundle, env: { BASE_URL: server.url }, timeoutMs: 1_500 });

    expect(run.timedOut).toBe(true);
    expect(run.exitCode).not.toBe(K6_EXIT.ok);
    // The limit, plus at most the 5 s grace before SIGKILL, plus slack for a busy machine.
    expect(Date.now() - started).toBeLessThan(1_500 + 5_000 + 3_000);
  });
});

describe("the k6 process's garbage collector settings", () => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'k6-gc-'));
  // k6 hands the process environment to the script as __ENV: the script writes what it saw.
  const script = path.join(workDir, 'gc-env.js');
  writeFileSync(
    script,
    `export const options = { iterations: 1 };
export default function () {}
export function handleSummary() {
  return { [__ENV.OUT]: JSON.stringify({ GOGC: __ENV.GOGC, GOMEMLIMIT: __ENV.GOMEMLIMIT }) };
}
`,
  );
  const seen = async (env: Record<string, string>) => {
    const out = path.join(workDir, `seen-${Object.keys(env).length}.json`);
    const run = await runK6({ script, env: { OUT: out, ...env }, timeoutMs: 30_000 });
    expect(run.exitCode).toBe(K6_EXIT.ok);
    return JSON.parse(readFileSync(out, 'utf8')) as Record<string, string>;
  };

  it('should collect at 4x the live heap under a soft limit of half the memory', () => {
    expect(k6GcEnv(8 * 2 ** 30)).toEqual({ GOGC: '400', GOMEMLIMIT: '4096MiB' });
    expect(k6GcEnv(16 * 2 ** 20).GOMEMLIMIT).toBe('64MiB');
  });

  it('should run k6 with them', async () => {
    expect(await seen({})).toEqual(k6GcEnv());
  });

  it("should leave the caller's own settings alone", async () => {
    expect(await seen({ GOGC: '100', GOMEMLIMIT: '1GiB' })).toEqual({ GOGC: '100', GOMEMLIMIT: '1GiB' });
  });
});
