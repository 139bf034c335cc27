/**
 * WWW-Authenticate across a curl reproduction's 401s (what challenge-on-every-401's failures
 * write): on a sandbox with challenge-dropped-revoked-expired, a script holding a keyless 401 and a
 * revoked key's finds the bug again; one whose 401s all carry it finds nothing, and, as a script of
 * one 401 cannot show the rule, says it cannot judge rather than "not reproduced".
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCall, CredentialRole } from '../../lib/http/call.ts';
import { curlScript } from '../../lib/repro/curl.ts';
import type { ReproStep } from '../../lib/repro/step-walks.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { startSmallSandbox } from '../properties-runner/live-target.ts';
import { runCurlScript } from './run-script.ts';

const refused = (role: CredentialRole): ReproStep => {
  const call: ApiCall = {
    endpoint: 'orders',
    query: { limit: '5' },
    credential: { tenant: 'tenant-a', role, scheme: 'bearer' },
  };
  return { call, status: 401 };
};

describe('WWW-Authenticate across a curl reproduction', () => {
  let work: string;
  let faulty: RunningSandbox;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'curl-challenge-'));
    faulty = await startSmallSandbox({
      faults: ['challenge-dropped-revoked-expired'],
      targetPath: path.join(work, 'faulty.json'),
    });
  }, 60_000);

  afterAll(async () => {
    await faulty.close();
    await rm(work, { recursive: true, force: true });
  });

  async function run(steps: readonly ReproStep[]) {
    const script = curlScript({
      title: 'Reproduction of property auth.revoked-key',
      replay: 'npm run props -- --fault challenge-dropped-revoked-expired --seed 1',
      target: { file: faulty.targetPath ?? '' },
      apiKeyHeader: faulty.target.apiKeyHeader,
      steps,
      failures: [
        {
          check: 'challenge-on-every-401',
          message: 'HTTP 401 without WWW-Authenticate',
          expected: 'a challenge',
          received: 'none',
        },
      ],
    });
    const file = path.join(work, `${steps.map((step) => step.call.credential.role).join('-')}.sh`);
    await writeFile(file, script);
    return runCurlScript(file, { LOAD_ROUNDS: '1' });
  }

  it("should find the revoked key's 401 without the challenge the keyless 401 carries", async () => {
    const { code, stdout, stderr } = await run([refused('none'), refused('revoked')]);
    expect(stdout, stderr).toMatch(
      /^BUG: step\(s\) 1: HTTP 401 without WWW-Authenticate, though the 401 of step\(s\) 0 carried one/m,
    );
    expect(stdout).toMatch(/^REPRODUCED/m);
    expect(code).toBe(1);
  });

  it('should find nothing where every 401 carries it, and say it cannot judge', async () => {
    const { code, stdout, stderr } = await run([refused('none'), refused('malformed')]);
    expect(stdout, stderr).not.toMatch(/BUG/);
    expect(stdout).toMatch(/^cannot judge: challenge-on-every-401 /m);
    expect(code).toBe(2);
  });
});
