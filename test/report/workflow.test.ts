import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { resolveTarget } from '../../lib/target/target.ts';
import { ensureActionlint } from '../../lib/process/actionlint.ts';
import { spawnBounded } from '../../lib/process/spawn-bounded.ts';

const WORKFLOW = '.github/workflows/gate.yml';
const STAGING_TARGET = 'targets/staging.example.json';

interface Step {
  name?: string;
  env?: Record<string, string>;
  run?: string;
}

describe('the CI example', () => {
  it('should pass actionlint', async () => {
    const actionlint = await ensureActionlint(240_000);
    const lint = await spawnBounded({ cmd: actionlint, args: ['-no-color', WORKFLOW], timeoutMs: 30_000 });
    expect(lint.stdout + lint.stderr).toBe('');
    expect(lint.exitCode).toBe(0);
  }, 300_000);

  it('should have a valid staging target whose every key comes from a secret of the gate step', async () => {
    const target: unknown = JSON.parse(await readFile(STAGING_TARGET, 'utf8'));
    const workflow = parse(await readFile(WORKFLOW, 'utf8')) as { jobs: { gate: { steps: Step[] } } };
    const gateStep = workflow.jobs.gate.steps.find((step) => step.name === 'Run the gate');
    const envNames = [...JSON.stringify(target).matchAll(/"env":"([A-Z0-9_]+)"/g)].map(
      (match) => match[1] ?? '',
    );

    expect(envNames.length).toBeGreaterThan(0);
    for (const name of envNames) expect(gateStep?.env?.[name], name).toBe(`\${{ secrets.${name} }}`);
    const env = Object.fromEntries(envNames.map((name) => [name, `key-of-${name}`]));
    expect(resolveTarget(target, env).ok).toBe(true);
    expect(gateStep?.run).toContain(`--target ${STAGING_TARGET}`);
  });
});
