/**
 * A real key's header in another spelling HTTP makes the same credential (Bearer and two or three
 * spaces, a space and a tab around either header's value): served as the plain header. The
 * coverage phase alone (no random run) sends every spelling on each endpoint's first page and
 * cursor page, passes the clean sandbox (which serves every spelling), and catches
 * bearer-one-space-only; its curl script reproduces it by status, and no key appears in what the
 * run reports.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../lib/contract/endpoints.ts';
import { KEY_SPELLINGS } from '../../lib/http/key-spelling.ts';
import { writeRunArtifacts } from '../../lib/props/report.ts';
import { runProperties } from '../../lib/props/runner.ts';
import { isSkip, type PropertyDefinition } from '../../lib/props/types.ts';
import { AUTH } from '../../properties/auth.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import {
  contextOn,
  coverageOnly,
  keyValues,
  runScript,
  scriptEnv,
  startSmallSandbox,
  targetOf,
} from './live-target.ts';
import '../setup/provide-layers.ts';

const SPELLINGS = AUTH.find((each) => each.name === 'auth.key-spellings') as PropertyDefinition;

describe('auth.key-spellings on the clean sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSmallSandbox();
  }, 60_000);
  afterAll(() => sandbox.close());

  it('should send every spelling on each endpoint, first page and cursor page, in the coverage phase', async () => {
    const context = contextOn(sandbox.target);
    try {
      const ready = await SPELLINGS.prepare(context);
      if (isSkip(ready)) throw new Error(ready.skip);
      const examples = (ready.coverage?.examples ?? []) as {
        spelling: string;
        request: { endpoint: string; cursor: boolean };
      }[];
      const sent = new Set(
        examples.map(({ spelling, request }) => `${spelling} ${request.endpoint} ${request.cursor}`),
      );
      for (const spelling of KEY_SPELLINGS)
        for (const endpoint of ENDPOINTS)
          for (const cursor of [false, true]) expect(sent).toContain(`${spelling} ${endpoint} ${cursor}`);
    } finally {
      await context.close();
    }
  });

  it('should pass, coverage phase and random runs, and report every spelling reached', async () => {
    const context = contextOn(sandbox.target);
    try {
      const [result] = await runProperties([SPELLINGS], context, { seed: 1, runs: 20 });
      expect(result?.status).toBe('passed');
      const reached = result?.coverage?.reached.map((entry) => entry.label);
      expect(reached).toEqual([...KEY_SPELLINGS]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('the fault bearer-one-space-only', () => {
  it('should be caught before any random run, for every seed, and reproduced by its curl script, no key written', async () => {
    const fault = 'bearer-one-space-only';
    const sandbox = await startSmallSandbox({ faults: [fault] });
    const directory = await mkdtemp(join(tmpdir(), 'key-spellings-'));
    try {
      const results = [];
      for (const seed of [1, 2]) {
        const result = await coverageOnly(sandbox, SPELLINGS, seed);
        expect(result?.status).toBe('failed');
        expect(JSON.stringify(result)).toContain('KEY_SPELLING_CHANGED_STATUS');
        expect(result?.failures?.[0]?.check).toBe('key-spelling-served');
        results.push(result);
      }
      const [first] = results;
      if (first === undefined) throw new Error('no result');
      const { scripts } = await writeRunArtifacts(
        directory,
        targetOf(sandbox.target),
        [first],
        { seed: 1 },
        {
          faults: [fault],
        },
      );
      const [script] = scripts;
      if (script === undefined) throw new Error('no reproduction written');
      const run = await runScript(script, scriptEnv(sandbox.target));
      expect(run.stdout).toContain('REPRODUCED: key-spelling-served');
      expect(run.code).toBe(1);
      const written = await Promise.all(
        (await readdir(directory)).map((name) => readFile(join(directory, name), 'utf8')),
      );
      for (const text of [...written, JSON.stringify(results)])
        for (const key of keyValues(sandbox.target)) expect(text).not.toContain(key);
    } finally {
      await Promise.all([sandbox.close(), rm(directory, { recursive: true, force: true })]);
    }
  }, 90_000);
});
