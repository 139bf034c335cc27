import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { reproOptions } from '../../scripts/lib/repro-options.ts';
import { runRepro, type ReproResult } from '../../scripts/lib/repro-run.ts';
import { K6_EXIT, reproEnv, runCurlScript, runK6Script } from './run-script.ts';

describe('repro --under-load of a response cache keyed without the tenant (shared-cache)', () => {
  let work: string;
  let faulty: RunningSandbox;
  let result: ReproResult;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'repro-load-'));
    faulty = await startSandbox({ faults: ['shared-cache'], targetPath: path.join(work, 'faulty.json') });
    const options = reproOptions(
      {
        endpoint: 'orders',
        params: 'limit=7',
        target: faulty.targetPath,
        'under-load': true,
        walkers: '2',
        times: '5',
        'time-budget': '20s',
        'shrink-budget': '10s',
        seed: '5',
        'reports-dir': path.join(work, 'reports'),
      },
      {},
    );
    result = await runRepro(options);
  });

  afterAll(async () => {
    await faulty.close();
    await rm(work, { recursive: true, force: true });
  });

  it('should find the leak while neighbours ask the same page', () => {
    expect(result.verdict).toBe('reproduced');
    expect(result.outcome.shrunk?.replay.failures.map((failure) => failure.check)).toContain(
      'tenant-isolation',
    );
    expect(result.outcome.shrunk?.replay.leakedFrom).toMatch(/^tenant-/);
  });

  it('should write reproductions that show the leak without load: the neighbour asks first', async () => {
    const [curl = '', k6 = ''] = result.outcome.reproduction.map((file) =>
      path.join(result.paths.runDir, file),
    );
    const env = reproEnv(faulty);
    const curlRun = await runCurlScript(curl, env);
    expect(curlRun.code).toBe(1);
    expect(curlRun.stdout).toMatch(/records served to more than one tenant's key/);
    expect(await runK6Script(k6, env)).toBe(K6_EXIT.thresholdsFailed);
  });

  it('should have reproductions that pass on the clean sandbox', async () => {
    const clean = await startSandbox();
    try {
      const [curl = '', k6 = ''] = result.outcome.reproduction.map((file) =>
        path.join(result.paths.runDir, file),
      );
      expect((await runCurlScript(curl, reproEnv(clean))).code).toBe(0);
      expect(await runK6Script(k6, reproEnv(clean))).toBe(K6_EXIT.ok);
    } finally {
      await clean.close();
    }
  });
});
