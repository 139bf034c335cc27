/**
 * Retry-After in a curl reproduction (what retry-after-valid's failures write): on a sandbox with
 * retry-after-fractional, the script finds the 429's `Retry-After: 59.874` again, alone; on the
 * clean sandbox the same three requests, the third throttled with whole seconds, pass. The same
 * script finds a 429 marked for caches (throttle-cacheable, throttle-not-storable) again.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCall } from '../../lib/http/call.ts';
import { curlScript } from '../../lib/repro/curl.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { startSmallSandbox } from '../properties-runner/live-target.ts';
import { runCurlScript } from './run-script.ts';

const full: ApiCall = {
  endpoint: 'orders',
  query: { limit: '5' },
  credential: { tenant: 'tenant-a', role: 'full', scheme: 'bearer' },
};

/** Two requests a key a minute: the third of the script's is a 429, and stays one meanwhile. */
const TWO_A_MINUTE = { perKey: 2, perTenant: 1000, windowMs: 60_000 };

describe('Retry-After in a curl reproduction', () => {
  let work: string;
  const sandboxes: RunningSandbox[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'curl-retry-after-'));
  });

  afterAll(async () => {
    await Promise.all(sandboxes.map((sandbox) => sandbox.close()));
    await rm(work, { recursive: true, force: true });
  });

  async function run(faults: string[]) {
    const name = faults.join('-') || 'clean';
    const sandbox = await startSmallSandbox({
      faults,
      rateLimit: TWO_A_MINUTE,
      targetPath: path.join(work, `${name}.json`),
    });
    sandboxes.push(sandbox);
    const script = curlScript({
      title: 'Reproduction of property ratelimit.retry-after-honest',
      replay: 'npm run props -- --property ratelimit.retry-after-honest --seed 1 --path 0',
      target: { file: sandbox.targetPath ?? '' },
      apiKeyHeader: sandbox.target.apiKeyHeader,
      steps: [
        { call: full, status: 200 },
        { call: full, status: 200 },
        { call: full, status: 429 },
      ],
      failures: [
        {
          check: 'retry-after-valid',
          message: 'Retry-After: 1.5',
          expected: 'delay-seconds',
          received: '1.5',
        },
      ],
    });
    const file = path.join(work, `${name}.sh`);
    await writeFile(file, script);
    return runCurlScript(file, { LOAD_ROUNDS: '1' });
  }

  it('should find the 429 whose Retry-After has a fraction again, alone', async () => {
    const { code, stdout, stderr } = await run(['retry-after-fractional']);
    expect(stdout, stderr).toMatch(
      /^BUG: step 2: HTTP 429 sent a Retry-After that is neither delay-seconds nor an HTTP-date \(RFC 9110 §10\.2\.3\): \d+\.\d{3}$/m,
    );
    expect(stdout).toMatch(/^REPRODUCED/m);
    expect(code).toBe(1);
  }, 60_000);

  it('should find the 429 marked public for as long as its Retry-After again, alone (throttle-cacheable)', async () => {
    const { code, stdout, stderr } = await run(['throttle-cacheable']);
    expect(stdout, stderr).toMatch(
      /^BUG: step 2: HTTP 429 a cache may store \(RFC 6585 §4: it MUST NOT be stored\): public lets any cache store it$/m,
    );
    expect(code).toBe(1);
  }, 60_000);

  it('should pass the 429 whose Retry-After is whole seconds, which no cache may store', async () => {
    const { stdout, stderr } = await run([]);
    expect(stdout, stderr).not.toMatch(/Retry-After|cache may store/);
  }, 60_000);
});
