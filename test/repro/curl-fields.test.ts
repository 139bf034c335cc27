/**
 * Header fields in a curl reproduction. Single-valued fields (what single-valued-fields' failures
 * write): on one sandbox with error-two-content-types (a 404's second Content-Type line) and the
 * mutant content-type-list at error-400 (one line listing two types), the script finds each again,
 * alone, and lets the page and the 401, which keep one type on one line, pass. WWW-Authenticate
 * across the script's 401s (challenge-on-every-401's failures), with challenge-dropped-revoked-expired
 * on the same sandbox: a keyless 401 and a revoked key's show the bug; 401s that all carry it show
 * nothing, and a script that cannot show the rule says it cannot judge, never "not reproduced". On a
 * sandbox with content-type-unquoted-parameter it finds the page's unquoted URL parameter
 * (RFC 9110 §5.6.6).
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

const full: ApiCall = {
  endpoint: 'orders',
  query: { limit: '5' },
  credential: { tenant: 'tenant-a', role: 'full', scheme: 'bearer' },
};

describe('single-valued fields in a curl reproduction', () => {
  let work: string;
  let faulty: RunningSandbox;
  let unquoted: RunningSandbox;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'curl-fields-'));
    [faulty, unquoted] = await Promise.all([
      startSmallSandbox({
        faults: ['error-two-content-types', 'challenge-dropped-revoked-expired'],
        mutant: 'm:content-type-list@error-400',
        targetPath: path.join(work, 'faulty.json'),
      }),
      startSmallSandbox({
        faults: ['content-type-unquoted-parameter'],
        targetPath: path.join(work, 'unquoted.json'),
      }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([faulty.close(), unquoted.close()]);
    await rm(work, { recursive: true, force: true });
  });

  async function run(steps: readonly ReproStep[], check = 'single-valued-fields', sandbox = faulty) {
    const script = curlScript({
      title: 'Reproduction of property errors.shape',
      replay: 'npm run props -- --fault error-two-content-types --property errors.shape --seed 1 --path 0',
      target: { file: sandbox.targetPath ?? '' },
      apiKeyHeader: sandbox.target.apiKeyHeader,
      steps,
      failures: [
        {
          check,
          message: 'content-type on two lines',
          expected: 'one line',
          received: 'two',
        },
      ],
    });
    const file = path.join(
      work,
      `${check}-${steps.map((step) => step.status).join('-')}-on-${path.basename(sandbox.targetPath ?? '')}.sh`,
    );
    await writeFile(file, script);
    return runCurlScript(file, { LOAD_ROUNDS: '1' });
  }

  it('should find the second Content-Type line of the 404 again, alone', async () => {
    const { code, stdout, stderr } = await run([
      { call: { ...full, query: { locationId: 'loc_none' } }, status: 404 },
    ]);
    expect(stdout, stderr).toMatch(/^BUG: step 0: HTTP 404 sent content-type on more than one field line/m);
    expect(stdout).toMatch(/^REPRODUCED/m);
    expect(code).toBe(1);
  });

  it('should find the Content-Type of the 400 that lists two types on one line, alone', async () => {
    const { code, stdout, stderr } = await run([{ call: { ...full, query: { limit: '500' } }, status: 400 }]);
    expect(stdout, stderr).toMatch(/^BUG: step 0: HTTP 400 sent a Content-Type that is not one media type/m);
    expect(stdout).not.toMatch(/more than one field line/);
    expect(code).toBe(1);
  });

  it('should pass the page and the 401, which keep one type on one line, and say so', async () => {
    const { code, stdout, stderr } = await run([
      { call: full, status: 200 },
      { call: { ...full, credential: { ...full.credential, role: 'none' } }, status: 401 },
    ]);
    expect(stdout, stderr).not.toMatch(/BUG/);
    expect(stdout).toMatch(/^not reproduced: /m);
    expect(code).toBe(0);
  });

  it("should find the page's Content-Type whose URL parameter is not quoted, and pass the 401", async () => {
    const { code, stdout, stderr } = await run(
      [
        { call: full, status: 200 },
        { call: { ...full, credential: { ...full.credential, role: 'none' } }, status: 401 },
      ],
      'single-valued-fields',
      unquoted,
    );
    expect(stdout, stderr).toMatch(/^BUG: step 0: HTTP 200 sent a Content-Type that is not one media type/m);
    expect(stdout).not.toMatch(/step 1/);
    expect(code).toBe(1);
  });

  const refused = (role: CredentialRole): ReproStep => ({
    call: { ...full, credential: { ...full.credential, role } },
    status: 401,
  });

  it("should find the revoked key's 401 without the challenge the keyless 401 carries", async () => {
    const { code, stdout, stderr } = await run(
      [refused('none'), refused('revoked')],
      'challenge-on-every-401',
    );
    expect(stdout, stderr).toMatch(
      /^BUG: step\(s\) 1: HTTP 401 without WWW-Authenticate, though the 401 of step\(s\) 0 carried one/m,
    );
    expect(stdout).toMatch(/^REPRODUCED/m);
    expect(code).toBe(1);
  });

  it('should find nothing where every 401 carries the challenge, and say it cannot judge', async () => {
    const { code, stdout, stderr } = await run(
      [refused('none'), refused('malformed')],
      'challenge-on-every-401',
    );
    expect(stdout, stderr).not.toMatch(/BUG/);
    expect(stdout).toMatch(/^cannot judge: challenge-on-every-401 /m);
    expect(code).toBe(2);
  });
});
