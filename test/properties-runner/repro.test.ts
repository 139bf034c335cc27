import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectProperties } from '../../lib/props/registry.ts';
import { failureReport, writeRunArtifacts } from '../../lib/props/report.ts';
import { runProperties, runProperty, type Failed, type PropertyResult } from '../../lib/props/runner.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, keyValues, runScript, scriptEnv, startSmallSandbox, targetOf } from './live-target.ts';
import '../setup/provide-layers.ts';

const FAULTS = ['revoked-key-works', 'cross-tenant-cursor', 'page-boundary-duplicate'];
const PROPERTIES = ['auth.revoked-key', 'tenancy.cross-tenant-cursor', 'pagination.no-duplicates'];

describe('failed properties: report, reproduction and replay', () => {
  let faulty: RunningSandbox;
  let clean: RunningSandbox;
  let results: PropertyResult[];
  let directory: string;
  let scripts: string[];

  beforeAll(async () => {
    [faulty, clean] = await Promise.all([startSmallSandbox({ faults: FAULTS }), startSmallSandbox()]);
    const context = contextOn(faulty.target);
    results = await runProperties(selectProperties(PROPERTIES), context, { seed: 11 });
    await context.close();
    directory = await mkdtemp(join(tmpdir(), 'props-repro-'));
    scripts = (
      await writeRunArtifacts(directory, targetOf(faulty.target), results, { seed: 11 }, { faults: FAULTS })
    ).scripts;
  });
  afterAll(async () => {
    await Promise.all([faulty.close(), clean.close(), rm(directory, { recursive: true, force: true })]);
  });

  it('should fail each property on its fault, with seed, path and the shrunk request sequence', () => {
    expect(results.map((result) => [result.name, result.status])).toEqual(
      PROPERTIES.map((name) => [name, 'failed']),
    );
    for (const result of results as Failed[]) {
      expect(result.path).toMatch(/^\d+(:\d+)*$/);
      expect(result.requests.length).toBeGreaterThan(0);
      // The replay names what the run ran against: against a clean sandbox it would pass.
      expect(failureReport(result, { faults: FAULTS })).toContain(
        `npm run props -- ${FAULTS.map((fault) => `--fault ${fault}`).join(' ')} --property ${result.name} --seed ${result.seed} --path ${result.path}`,
      );
    }
  });

  it('should never put a key value in results, reports or reproductions', async () => {
    const written = await Promise.all(
      (await readdir(directory)).map((name) => readFile(join(directory, name), 'utf8')),
    );
    const everything = [
      JSON.stringify(results),
      ...(results as Failed[]).map((result) => failureReport(result, { faults: FAULTS })),
      ...written,
    ].join('\n');
    expect(written.length).toBe(PROPERTIES.length + 1);
    for (const key of keyValues(faulty.target)) expect(everything).not.toContain(key);
  });

  it('should write curl scripts that show the status bugs again on the faulty server', async () => {
    for (const name of ['auth.revoked-key', 'tenancy.cross-tenant-cursor']) {
      const script = scripts.find((path) => path.endsWith(`repro-${name}.sh`)) ?? '';
      const { code, stdout } = await runScript(script, scriptEnv(faulty.target));
      expect(stdout).toContain('REPRODUCED');
      expect(code).toBe(1);
    }
  });

  it('should write curl scripts that refuse another server, and find nothing on a correct one when told to run anyway', async () => {
    const script = scripts.find((path) => path.endsWith('repro-tenancy.cross-tenant-cursor.sh')) ?? '';
    expect((await runScript(script, scriptEnv(clean.target))).code).toBe(2);
    const { code, stdout } = await runScript(script, {
      ...scriptEnv(clean.target),
      ANY_TARGET: '1',
      LOAD_ROUNDS: '1',
    });
    expect(stdout).toMatch(/not reproduced: 0 of 1 .*; nor under load \(/);
    expect(code).toBe(0);
  });

  it('should replay the shrunk counterexample from its seed and path', async () => {
    const failed = results.find((result) => result.name === 'pagination.no-duplicates') as Failed;
    const context = contextOn(faulty.target);
    const [property] = selectProperties([failed.name]);
    const replayed =
      property && (await runProperty(property, context, { seed: failed.seed, path: failed.path }));
    await context.close();
    expect(replayed?.status).toBe('failed');
    expect(replayed?.status === 'failed' && replayed.input).toBe(failed.input);
    expect(replayed?.status === 'failed' && replayed.failures[0]?.check).toBe('no-duplicate-ids');
  });
});
