/**
 * The Artillery reproduction's parts without Artillery (fast): the plan of walks made from the
 * shrunk steps, its replay through the one walk and the page checks against sandboxes, and the
 * files written. repro.test.ts and under-load.test.ts run the written directory on Artillery.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { parse } from 'yaml';
import { createNodeClient } from '../../lib/adapters/node-http.ts';
import type { ApiCall, Credential } from '../../lib/http/call.ts';
import { artilleryRepro } from '../../lib/repro/artillery-script.ts';
import type { ReproStep } from '../../lib/repro/step-walks.ts';
import { withNeighbourFirst } from '../../lib/repro/neighbour.ts';
import {
  planTarget,
  reproPlan,
  runReproPlan,
  type ReplayPlan,
  type Verdict,
} from '../../lib/repro/replay-plan.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { reproEnv, runScript } from './run-script.ts';

const A: Credential = { tenant: 'tenant-a', role: 'full', scheme: 'bearer' };
const B: Credential = { tenant: 'tenant-b', role: 'full', scheme: 'serviceHeader' };

const call = (query: Record<string, string>, credential = A): ApiCall => ({
  endpoint: 'orders',
  query,
  credential,
});

/** A walk of `pages` pages as the replays record it: each later page on the cursor of the one before. */
function walkSteps(query: Record<string, string>, pages: number, credential = A): ReproStep[] {
  return Array.from({ length: pages }, (_, page) =>
    page === 0
      ? { call: call(query, credential), status: 200 }
      : { call: call({ ...query, cursor: 'recorded' }, credential), status: 200, cursorFrom: page - 1 },
  );
}

const context = { check: 'no-duplicate-ids', apiKeyHeader: 'X-Sandbox-Api-Key' };

async function replay(
  sandbox: RunningSandbox,
  plan: ReplayPlan,
  env = reproEnv(sandbox),
  lines: string[] = [],
): Promise<Verdict> {
  const resolved = planTarget(plan, 'http://unused.invalid', env);
  if (!resolved.ok) throw new Error(`missing ${resolved.missing.join(', ')}`);
  const client = createNodeClient(resolved.target);
  try {
    return await runReproPlan(client, plan, { log: (line) => lines.push(line) });
  } finally {
    await client.close();
  }
}

describe('the reproduction plan', () => {
  it('should make one walk of a first page and the pages on its cursors, without the recorded cursor', () => {
    const plan = reproPlan(walkSteps({ limit: '1', status: 'OPEN' }, 3), context);
    expect(plan.timeoutS).toBe(60);
    expect(plan.walks).toEqual([
      {
        endpoint: 'orders',
        query: { limit: '1', status: 'OPEN' },
        credential: A,
        pages: 3,
        keyVariable: 'KEY_TENANT_A_FULL',
        firstStatus: 200,
      },
    ]);
  });

  it("should make the neighbour's first pages walks of their own, in order", () => {
    const steps = withNeighbourFirst(walkSteps({ limit: '7' }, 2), B);
    const plan = reproPlan(steps, context);
    expect(plan.walks.map((walk) => [walk.credential.tenant, walk.pages])).toEqual([
      ['tenant-b', 1],
      ['tenant-a', 2],
      ['tenant-b', 1],
      ['tenant-a', 2],
      ['tenant-b', 1],
      ['tenant-a', 2],
    ]);
  });

  it('should refuse steps whose walks interleave: a sequential replay would change their order', () => {
    const [first, second] = walkSteps({ limit: '1' }, 2) as [ReproStep, ReproStep];
    const other: ReproStep = { call: call({ limit: '1' }, B), status: 200 };
    expect(() => reproPlan([first, other, { ...second, cursorFrom: 0 }], context)).toThrow(
      /continues a walk/,
    );
  });

  it('should refuse a HEAD step rather than walk it as GET: its reproduction is the curl script', () => {
    const [first] = walkSteps({ limit: '1' }, 1) as [ReproStep];
    const head: ReproStep = { ...first, call: { ...first.call, method: 'HEAD' }, showsBug: true };
    expect(() => reproPlan([first, head], context)).toThrow(/step 1 is a HEAD/);
  });

  it('should name the key variables an unset environment lacks', () => {
    const plan = reproPlan(withNeighbourFirst(walkSteps({ limit: '7' }, 1), B), context);
    expect(planTarget(plan, 'http://x.invalid', { KEY_TENANT_A_FULL: 'k' })).toEqual({
      ok: false,
      missing: ['KEY_TENANT_B_FULL'],
    });
  });
});

describe('the replay of a plan against sandboxes', () => {
  let duplicate: RunningSandbox;
  let filterLost: RunningSandbox;
  let sharedCache: RunningSandbox;
  let clean: RunningSandbox;

  beforeAll(async () => {
    [duplicate, filterLost, sharedCache, clean] = await Promise.all([
      startSandbox({ faults: ['page-boundary-duplicate'] }),
      startSandbox({ faults: ['filter-lost-on-later-pages'] }),
      startSandbox({ faults: ['shared-cache'] }),
      startSandbox(),
    ]);
  });

  afterAll(async () => {
    await Promise.all([duplicate, filterLost, sharedCache, clean].map((sandbox) => sandbox.close()));
  });

  it('should say the bug shows (1) with the harness check that failed', async () => {
    const verdict = await replay(duplicate, reproPlan(walkSteps({ limit: '1' }, 2), context));
    expect(verdict.code).toBe(1);
    expect(verdict.failures.map((failure) => failure.check)).toContain('no-duplicate-ids');
    expect(verdict.line).toBe('REPRODUCED: no-duplicate-ids failed again');
  });

  it('should catch a filter lost on later pages with filter-respected', async () => {
    const plan = reproPlan(walkSteps({ limit: '1', status: 'OPEN' }, 2), {
      ...context,
      check: 'filter-respected',
    });
    const verdict = await replay(filterLost, plan);
    expect(verdict.code).toBe(1);
    expect(verdict.line).toBe('REPRODUCED: filter-respected failed again');
  });

  it("should catch a leak when the neighbour asks first: its records are foreign to the customer's walk", async () => {
    const plan = reproPlan(withNeighbourFirst(walkSteps({ limit: '7' }, 1), B), {
      ...context,
      check: 'tenant-isolation',
    });
    const verdict = await replay(sharedCache, plan);
    expect(verdict.code).toBe(1);
    expect(verdict.failures.map((failure) => failure.check)).toContain('tenant-isolation');
  });

  it('should say not reproduced (0) on the clean sandbox', async () => {
    const lines: string[] = [];
    const plan = reproPlan(withNeighbourFirst(walkSteps({ limit: '1', status: 'OPEN' }, 3), B), context);
    const verdict = await replay(clean, plan, reproEnv(clean), lines);
    expect(verdict.code).toBe(0);
    expect(lines.filter((line) => line.startsWith('step '))).toHaveLength(12);
    expect(lines.at(-1)).toBe("not reproduced: every answer passed the harness's page checks");
  });

  it('should not judge (2) when a key is refused', async () => {
    const plan = reproPlan(walkSteps({ limit: '1' }, 2), context);
    const lines: string[] = [];
    const env = { ...reproEnv(duplicate), KEY_TENANT_A_FULL: 'not-the-key' };
    const verdict = await replay(duplicate, plan, env, lines);
    expect(verdict.code).toBe(2);
    expect(verdict.line).toMatch(/^cannot judge: the key in KEY_TENANT_A_FULL was refused \(401\)/);
    expect(lines.filter((line) => line.startsWith('step '))).toHaveLength(1);
    expect(lines.some((line) => line.startsWith('BUG'))).toBe(false);
  });

  it('should not judge (2) when the target cannot be reached', async () => {
    const plan = reproPlan(walkSteps({ limit: '1' }, 2), context);
    const verdict = await replay(clean, plan, { ...reproEnv(clean), BASE_URL: 'http://127.0.0.1:9/api/v1' });
    expect(verdict.code).toBe(2);
    expect(verdict.line).toMatch(/^cannot judge: cannot reach http:\/\/127\.0\.0\.1:9/);
  });
});

describe('the files of an Artillery reproduction', () => {
  const files = artilleryRepro({
    title: 'Reproduction of no-duplicate-ids on orders',
    replay: 'npm run repro -- --endpoint orders --seed 1',
    check: 'no-duplicate-ids',
    target: { file: '/srv/harness/staging.json' },
    baseUrl: 'https://staging.example.test/api/v1',
    apiKeyHeader: 'X-Acme-Api-Key',
    steps: withNeighbourFirst(walkSteps({ limit: '1' }, 2), B),
    failures: [
      { check: 'no-duplicate-ids', message: 'id ord_1\nrepeated', expected: 'once', received: 'twice' },
    ],
    artilleryVersion: '2.0.34',
  });

  it('should write one arrival on the reproduction engine, with the plan in config.reproduction', () => {
    const script = parse(files['repro.artillery.yml'] ?? '') as {
      config: { target: string; phases: unknown[]; engines: object; reproduction: ReplayPlan };
      scenarios: { engine: string }[];
    };
    expect(script.config.target).toBe('https://staging.example.test/api/v1');
    expect(script.config.phases).toEqual([{ name: 'reproduction', duration: 1, arrivalCount: 1 }]);
    expect(script.config.engines).toEqual({ 'harness-repro': {} });
    expect(script.scenarios).toEqual([{ name: 'reproduction', engine: 'harness-repro' }]);
    expect(script.config.reproduction.walks).toHaveLength(6);
  });

  it('should keep every comment on one line, and check each key variable before starting Artillery', () => {
    const runner = files['repro-artillery.sh'] ?? '';
    expect(runner).toContain('# no-duplicate-ids: id ord_1 repeated');
    expect(runner).toMatch(/if \[ -z "\$\{KEY_TENANT_A_FULL:-\}" \]; then .*; exit 2; fi/);
    expect(runner).toMatch(/if \[ -z "\$\{KEY_TENANT_B_FULL:-\}" \]; then .*; exit 2; fi/);
    expect(runner).toContain('npx --yes artillery@2.0.34');
    expect(runner.indexOf('KEY_TENANT_B_FULL:-')).toBeLessThan(runner.indexOf(' run --quiet '));
  });

  it('should hand Artillery the base URL and keys it read from the target file', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'artillery-runner-'));
    try {
      const runner = path.join(work, 'repro-artillery.sh');
      await writeFile(runner, files['repro-artillery.sh'] ?? '');
      const keys = { full: { value: 'key_of_a_for_the_runner_test' } };
      await writeFile(
        path.join(work, 'target.json'),
        JSON.stringify({
          baseUrl: 'http://target.example/api/v1',
          tenants: [
            { name: 'tenant-a', keys },
            { name: 'tenant-b', keys: { full: { env: 'B_FULL_FROM_ENV' } } },
          ],
        }),
      );
      // Stands in for Artillery: its verdict is 1 only when it was given what the file holds.
      const stand = path.join(work, 'stand-in.sh');
      await writeFile(
        stand,
        '[ "$BASE_URL" = http://target.example/api/v1 ] && [ "$KEY_TENANT_A_FULL" = key_of_a_for_the_runner_test ] && [ "$KEY_TENANT_B_FULL" = b-from-env ] && echo "1 handed over" >"$HARNESS_REPRO_RESULT"\n',
      );
      const run = await runScript(runner, {
        TARGET_FILE: path.join(work, 'target.json'),
        B_FULL_FROM_ENV: 'b-from-env',
        ARTILLERY: `bash ${stand}`,
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(1);
      expect(run.stdout).not.toContain('key_of_a_for_the_runner_test');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
