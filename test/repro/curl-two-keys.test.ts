/**
 * A step with two keys in a curl reproduction (what auth.two-keys and auth.missing-or-malformed-key
 * write): both keys go as the step sent them, each from its own key variable, none in the script.
 * Against key-headers-split (a revoked key's tenant served on another tenant's key) the served step
 * answers 200 again; against the clean sandbox, 401.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCall } from '../../lib/http/call.ts';
import { curlScript } from '../../lib/repro/curl.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { keyValues, startSmallSandbox } from '../properties-runner/live-target.ts';
import { runCurlScript } from './run-script.ts';

const CALL: ApiCall = {
  endpoint: 'orders',
  query: { limit: '5' },
  credential: {
    tenant: 'tenant-a',
    role: 'revoked',
    scheme: 'serviceHeader',
    second: { tenant: 'tenant-b', role: 'full', form: 'both-headers' },
  },
};

describe('a step with two keys in a curl reproduction', () => {
  let work: string;
  let split: RunningSandbox;
  let clean: RunningSandbox;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'curl-two-keys-'));
    [split, clean] = await Promise.all([
      startSmallSandbox({ faults: ['key-headers-split'], targetPath: path.join(work, 'split.json') }),
      startSmallSandbox({ targetPath: path.join(work, 'clean.json') }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([split.close(), clean.close()]);
    await rm(work, { recursive: true, force: true });
  });

  async function run(sandbox: RunningSandbox) {
    const script = curlScript({
      title: 'Reproduction of property auth.two-keys',
      replay: 'npm run props -- --fault key-headers-split --property auth.two-keys --seed 1 --path 0',
      target: { file: sandbox.targetPath ?? '' },
      apiKeyHeader: sandbox.target.apiKeyHeader,
      steps: [{ call: CALL, status: 200, showsBug: true }],
      failures: [{ check: 'two-keys-served-alone', message: 'served', expected: '401', received: '200' }],
    });
    expect(script).toMatch(
      /-H 'x-sandbox-api-key: '"\$\{KEY_TENANT_A_REVOKED\}" -H 'authorization: Bearer '"\$\{KEY_TENANT_B_FULL\}"/,
    );
    const file = path.join(work, `${path.basename(sandbox.targetPath ?? '', '.json')}.sh`);
    await writeFile(file, script);
    const result = await runCurlScript(file, { LOAD_ROUNDS: '1' });
    for (const key of keyValues(sandbox.target))
      expect(`${script}${result.stdout}${result.stderr}`).not.toContain(key);
    return result;
  }

  it('should send both keys and find the step served again', async () => {
    const { code, stdout, stderr } = await run(split);
    expect(stdout, stderr).toMatch(/^REPRODUCED: two-keys-served-alone: step 0 answered HTTP 200 again/m);
    expect(code).toBe(1);
  }, 60_000);

  it('should not reproduce on the clean sandbox, which refuses the two keys', async () => {
    const { code, stdout, stderr } = await run(clean);
    expect(stdout, stderr).toMatch(/^not reproduced: /m);
    expect(code).toBe(0);
  }, 60_000);
});
