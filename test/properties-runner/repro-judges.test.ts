/**
 * The reproduction scripts the gate and props write, run with bash as a person would after the run:
 * against a sandbox started again (its keys read from its target file, none in the environment),
 * they judge the answers themselves and say 1 (reproduced), 0 (not) or 2 (cannot judge).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Failure } from '../../lib/failure.ts';
import { selectProperties } from '../../lib/props/registry.ts';
import { reproScript } from '../../lib/props/repro.ts';
import { writeRunArtifacts } from '../../lib/props/report.ts';
import { runProperties, type Failed } from '../../lib/props/runner.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, keyValues, startSmallSandbox, targetOf } from './live-target.ts';
import '../setup/provide-layers.ts';

/** Each fault with a property it fails and the BUG line its script must print. */
const CASES = [
  {
    fault: 'page-boundary-duplicate',
    property: 'pagination.no-duplicates',
    bug: /^BUG: ids returned twice/m,
  },
  {
    fault: 'filter-lost-on-later-pages',
    property: 'filters.status',
    bug: /records that do not satisfy status=/,
  },
  { fault: 'error-shape', property: 'errors.shape', bug: /without the Error shape/ },
  // A repeat coded twice under one gzip: curl --compressed decodes one and finds no JSON.
  {
    fault: 'gzip-twice-on-repeat',
    property: 'http.accept-encoding',
    bug: /^BUG: step \d+ \(Accept-Encoding: [^)]*gzip[^)]*\) answered a body that is not JSON once decoded by Content-Encoding: gzip$/m,
  },
  {
    fault: 'menu-public-cacheable',
    property: 'http.conditional',
    bug: /^BUG: step \d+: HTTP 200, a page of the tenant's data reusable by a shared cache \(spec §5, RFC 9111 §3\.5\): public lets a shared cache store it/m,
  },
  // No answer at all: curl's own error on the step that got none when it failed, and none again.
  {
    fault: 'malformed-key-drops-connection',
    property: 'auth.missing-or-malformed-key',
    bug: /^REPRODUCED: every-request-answered: step \d+ got no HTTP answer again \(curl: \((52|56)\) /m,
  },
  {
    fault: 'post-creates-order',
    property: 'http.other-methods',
    bug: /^BUG: step \d+: a write method answered HTTP 201: the public API is read-only/m,
  },
];

/** Runs a script with bash, the environment holding nothing but PATH and `env`: no key variables. */
function runScript(
  path: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      [path],
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? ((error as { code?: number | null }).code ?? null) : 0;
        resolve({ code: typeof code === 'number' ? code : null, stdout, stderr });
      },
    );
  });
}

describe('reproduction scripts of failed properties, run against a live sandbox', () => {
  let work: string;
  let clean: RunningSandbox;
  const faulty = new Map<string, RunningSandbox>();
  const scripts = new Map<string, string>();

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'repro-judges-'));
    clean = await startSmallSandbox({ targetPath: join(work, 'clean.json') });
    for (const { fault, property } of CASES) {
      const sandbox = await startSmallSandbox({ faults: [fault], targetPath: join(work, `${fault}.json`) });
      faulty.set(fault, sandbox);
      const context = contextOn(sandbox.target);
      const results = await runProperties(selectProperties([property]), context, { seed: 7 });
      await context.close();
      expect(results.map((result) => result.status)).toEqual(['failed']);
      const artifacts = await writeRunArtifacts(
        join(work, fault),
        targetOf(sandbox.target),
        results,
        { seed: 7 },
        { faults: [fault], churn: 20 },
      );
      scripts.set(fault, artifacts.reproductions[property] ?? '');
    }
  });

  afterAll(async () => {
    await Promise.all([clean.close(), ...[...faulty.values()].map((sandbox) => sandbox.close())]);
    await rm(work, { recursive: true, force: true });
  });

  it.each(CASES)(
    'should exit 1 on $fault, 2 on the clean sandbox (another target) and 0 there when told to run anyway ($property)',
    async ({ fault, bug }) => {
      const script = scripts.get(fault) ?? '';
      const onFault = await runScript(script, { TARGET_FILE: join(work, `${fault}.json`) });
      expect(onFault.stdout, onFault.stderr).toMatch(bug);
      expect(onFault.stdout).toMatch(/^REPRODUCED: /m);
      expect(onFault.code).toBe(1);
      const onOther = await runScript(script, { TARGET_FILE: join(work, 'clean.json') });
      expect(onOther.stderr).toMatch(
        new RegExp(
          `^cannot judge: this script was made for the sandbox started with npm run sandbox -- --fault ${fault} --orders 600 --menu-items 120; the target at http://127\\.0\\.0\\.1:\\d+/api/v1 is another \\(faults: \\[\\] \\(made for \\["${fault}"\\]\\)\\): start it with [^\\n]*\\n$`,
        ),
      );
      expect(onOther.stdout).toBe('');
      expect(onOther.code).toBe(2);
      const onClean = await runScript(script, {
        TARGET_FILE: join(work, 'clean.json'),
        ANY_TARGET: '1',
        LOAD_ROUNDS: '1',
      });
      expect(onClean.stdout, onClean.stderr).toMatch(/^not reproduced: .*; nor under load \(/m);
      expect(onClean.stdout).not.toMatch(/BUG/);
      expect(onClean.code).toBe(0);
      const outputs = [onFault, onOther, onClean].flatMap((run) => [run.stdout, run.stderr]).join('\n');
      for (const key of [...keyValues(faulty.get(fault)?.target ?? clean.target), ...keyValues(clean.target)])
        expect(outputs).not.toContain(key);
    },
  );

  it('should say in its header how to start its sandbox again, and hold no key', async () => {
    const text = await readFile(scripts.get('page-boundary-duplicate') ?? '', 'utf8');
    // The sandbox the run met, by its own settings: the run's --churn 20 was not this sandbox's.
    expect(text).toContain(
      '#   npm run sandbox -- --fault page-boundary-duplicate --orders 600 --menu-items 120\n',
    );
    expect(text).toMatch(/^# It writes its base URL and fresh keys to \/.*\.sandbox\/target\.json/m);
    for (const key of keyValues(faulty.get('page-boundary-duplicate')?.target ?? clean.target))
      expect(text).not.toContain(key);
  });

  it('should exit 2, saying how to bring the sandbox back, when it stopped', async () => {
    const stopped = JSON.parse(await readFile(join(work, 'clean.json'), 'utf8')) as { baseUrl: string };
    stopped.baseUrl = 'http://127.0.0.1:9/api/v1';
    await writeFile(join(work, 'stopped.json'), JSON.stringify(stopped));
    const run = await runScript(scripts.get('page-boundary-duplicate') ?? '', {
      TARGET_FILE: join(work, 'stopped.json'),
    });
    expect(run.code).toBe(2);
    // One line, curl's own reason inside it, before any step (asking which sandbox it is).
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^cannot judge: no answer from http:\/\/127\.0\.0\.1:9\/api\/v1 \(curl: \(7\) [^\n]*\): start its sandbox again \(npm run sandbox -- --fault page-boundary-duplicate --orders 600 --menu-items 120, in the harness checkout\) or set TARGET_FILE [^\n]*\n$/,
    );
  });

  it('should exit 2, cannot judge, for a check its rules cannot see (walks compared)', async () => {
    const failure: Failure = {
      check: 'limit-invariance',
      code: 'ID_SETS_DIFFER',
      severity: 'error',
      message: 'walks with limits 3 and 7 disagree',
      expected: 'the same ids',
      received: 'one id fewer',
      requests: [],
    };
    const failed: Pick<Failed, 'name' | 'seed' | 'path' | 'failures' | 'requests'> = {
      name: 'pagination.limit-invariance',
      seed: 1,
      path: '0',
      failures: [failure],
      requests: [
        {
          call: {
            endpoint: 'orders',
            query: { limit: '3' },
            credential: { tenant: 'tenant-a', role: 'full', scheme: 'bearer' },
          },
          status: 200,
        },
      ],
    };
    const path = join(work, 'limit-invariance.sh');
    await writeFile(path, reproScript(failed, targetOf(clean.target), { faults: ['page-boundary-skip'] }));
    const run = await runScript(path, { TARGET_FILE: join(work, 'clean.json') });
    expect(run.stdout).toMatch(
      /^cannot judge: limit-invariance does not show in the status codes or the rules/m,
    );
    expect(run.code).toBe(2);
  });
});
