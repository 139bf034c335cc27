import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { reproOptions } from '../../lib/repro/options.ts';
import { runRepro, type ReproResult } from '../../lib/repro/run.ts';
import { recordHar } from './har-recorder.ts';
import { reproEnv, runArtilleryRepro, runCurlScript } from './run-script.ts';
import '../setup/provide-layers.ts';

const FAULT = 'page-boundary-duplicate';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

const keyOf = (sandbox: RunningSandbox): string => {
  const key = sandbox.target.tenants[0]?.keys.full;
  if (!key || !('value' in key))
    throw new Error('the sandbox target has no inline full key for its first tenant');
  return key.value;
};

// Every case side by side, the clean sandbox's too: each mostly waits on an Artillery reproduction
// starting (some 10 s), and none changes what another meets (each sandbox answers every walk alike).
describe.concurrent(`repro of a HAR recorded against a sandbox with ${FAULT}`, { timeout: 120_000 }, () => {
  let work: string;
  let faulty: RunningSandbox;
  let harFile: string;
  let result: ReproResult;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'repro-test-'));
    faulty = await startSandbox({ faults: [FAULT], targetPath: path.join(work, 'faulty.json') });
    const har = await recordHar({
      baseUrl: faulty.baseUrl,
      path: '/public/orders',
      query: { status: 'OPEN', limit: '7' },
      headers: { accept: 'application/json', authorization: `Bearer ${keyOf(faulty)}` },
      pages: 3,
    });
    harFile = path.join(work, 'customer.har');
    await writeFile(harFile, JSON.stringify(har));
    const options = reproOptions(
      { har: harFile, target: faulty.targetPath, seed: '11', 'reports-dir': path.join(work, 'reports') },
      {},
    );
    result = await runRepro(options);
  });

  afterAll(async () => {
    await faulty.close();
    await rm(work, { recursive: true, force: true });
  });

  it('should reproduce the duplicate and shrink it to two one-record pages without filters', () => {
    expect(result.verdict).toBe('reproduced');
    expect(result.credential).toContain("tenant-a's full key");
    expect(result.observed?.map((failure) => failure.check)).toContain('no-duplicate-ids');
    expect(result.outcome.shrunk?.input).toMatchObject({ limit: 1, pages: 2, keep: [false] });
    expect(result.outcome.shrunk?.replay.steps).toHaveLength(2);
    expect(result.summary.exitCode).toBe(1);
    const failed = result.summary.checks.filter((check) => check.verdict === 'failed');
    // With one record per page, the inclusive cursor also serves the same page twice: a cycle too.
    expect(failed.map((check) => check.name)).toContain('no-duplicate-ids');
    for (const check of failed)
      expect(check.reproduction).toEqual([
        'repro/no-duplicate-ids.sh',
        'repro/no-duplicate-ids.artillery/repro-artillery.sh',
        'repro/no-duplicate-ids.artillery/repro.artillery.yml',
      ]);
    expect(result.summary.versions.artillery).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('should write the key of the HAR nowhere', async () => {
    const key = keyOf(faulty);
    for (const file of await filesUnder(path.join(work, 'reports')))
      expect((await readFile(file, 'utf8')).includes(key), file).toBe(false);
  });

  it('should write a curl script and an Artillery reproduction that show the bug on their own', async () => {
    const env = reproEnv(faulty);
    const [curl = '', runner = ''] = result.outcome.reproduction.map((file) =>
      path.join(result.paths.runDir, file),
    );
    const [curlRun, artilleryRun] = await Promise.all([
      runCurlScript(curl, env),
      runArtilleryRepro(runner, env),
    ]);
    expect(curlRun.code).toBe(1);
    // The verdict and the fact that proves it; no raw answers, no "compare the answers above".
    expect(curlRun.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^BUG: ids returned twice in the walk from step 0: /),
      'REPRODUCED: the answers break the contract (the BUG line above says how)',
    ]);
    expect(artilleryRun.code, artilleryRun.stdout + artilleryRun.stderr).toBe(1);
    expect(artilleryRun.stdout).toMatch(/BUG: no-duplicate-ids: /);
    expect(artilleryRun.stdout).toMatch(/REPRODUCED: no-duplicate-ids failed again/);
  });

  it('should read the base URL and keys from the target file it was written for, when no variable is set', async () => {
    const [curl = '', runner = ''] = result.outcome.reproduction.map((file) =>
      path.join(result.paths.runDir, file),
    );
    const header = await readFile(curl, 'utf8');
    // A sandbox's target file: the script says how to start that sandbox again, writing that file.
    expect(header).toContain(
      `#   npm run sandbox -- --fault ${FAULT} --target-out ${faulty.targetPath ?? ''}\n`,
    );
    const [curlRun, artilleryRun] = await Promise.all([
      runCurlScript(curl, {}),
      runArtilleryRepro(runner, {}),
    ]);
    expect(curlRun.code, curlRun.stdout + curlRun.stderr).toBe(1);
    expect(artilleryRun.code, artilleryRun.stdout + artilleryRun.stderr).toBe(1);
    const key = keyOf(faulty);
    for (const text of [curlRun.stdout, curlRun.stderr, artilleryRun.stdout, artilleryRun.stderr])
      expect(text.includes(key)).toBe(false);
  });

  it('should write an Artillery reproduction that runs on its own: the test script, the engine beside it', async () => {
    const dir = path.join(result.paths.runDir, 'repro/no-duplicate-ids.artillery');
    const files = (await filesUnder(dir)).map((file) => path.relative(dir, file)).sort();
    expect(files).toEqual([
      'engine/artillery-engine-harness-repro/index.js',
      'engine/artillery-engine-harness-repro/package.json',
      'repro-artillery.sh',
      'repro.artillery.yml',
    ]);
    const yml = await readFile(path.join(dir, 'repro.artillery.yml'), 'utf8');
    expect(yml).toMatch(/engines:\n\s+harness-repro: \{\}/);
    expect(yml).toContain('KEY_TENANT_A_FULL');
  });

  it('should exit 2, cannot judge, when a key is neither in its variable nor in the target file', async () => {
    const [curl = '', runner = ''] = result.outcome.reproduction.map((file) =>
      path.join(result.paths.runDir, file),
    );
    const env = { BASE_URL: faulty.baseUrl, TARGET_FILE: path.join(work, 'no-such-target.json') };
    const [curlRun, artilleryRun] = await Promise.all([
      runCurlScript(curl, env),
      runArtilleryRepro(runner, env),
    ]);
    // Exit 1 would read "the bug shows": a CI job that forgot a secret must not read "reproduced".
    expect(curlRun.code).toBe(2);
    expect(curlRun.stderr).toMatch(/^cannot judge: set KEY_TENANT_A_FULL/);
    expect(curlRun.stdout).not.toMatch(/REPRODUCED|BUG/);
    expect(artilleryRun.code).toBe(2);
    expect(artilleryRun.stderr).toMatch(/cannot judge: set KEY_TENANT_A_FULL/);
  });

  describe('against the clean sandbox', () => {
    let clean: RunningSandbox;

    beforeAll(async () => {
      clean = await startSandbox({ targetPath: path.join(work, 'clean.json') });
    });

    afterAll(async () => {
      await clean.close();
    });

    it('should say "not reproduced" after its tries', async () => {
      const options = reproOptions(
        {
          har: harFile,
          target: clean.targetPath,
          times: '3',
          seed: '11',
          // A folder of its own: the faulty run's files are read for its key meanwhile.
          'reports-dir': path.join(work, 'clean-reports'),
        },
        {},
      );
      const cleanResult = await runRepro(options);
      expect(cleanResult.verdict).toBe('not-reproduced');
      expect(cleanResult.line).toMatch(/^not reproduced after 3 of 3 tries/);
      expect(cleanResult.summary.exitCode).toBe(0);
      expect(cleanResult.outcome.reproduction).toEqual([]);
    });

    it('should have reproductions that refuse it (another sandbox), and pass on it when told to run anyway', async () => {
      const [curlScript = ''] = result.outcome.reproduction.map((file) =>
        path.join(result.paths.runDir, file),
      );
      const refused = await runCurlScript(curlScript, reproEnv(clean));
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(
        /^cannot judge: this script was made for the sandbox started with npm run sandbox -- --fault /,
      );
      const env = { ...reproEnv(clean), ANY_TARGET: '1', LOAD_ROUNDS: '1' };
      const [curl = '', runner = ''] = result.outcome.reproduction.map((file) =>
        path.join(result.paths.runDir, file),
      );
      const [curlRun, artilleryRun] = await Promise.all([
        runCurlScript(curl, env),
        runArtilleryRepro(runner, env),
      ]);
      expect(curlRun.code).toBe(0);
      expect(artilleryRun.code, artilleryRun.stdout + artilleryRun.stderr).toBe(0);
      expect(artilleryRun.stdout).toMatch(/not reproduced: every answer passed the harness's page checks/);
    });
  });
});
