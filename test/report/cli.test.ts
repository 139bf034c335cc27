import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnBounded } from '../../lib/process/spawn-bounded.ts';
import { validateSummary } from '../../lib/report/validate.ts';
import { sampleSummary } from './sample-summary.ts';

const report = (...args: string[]) =>
  spawnBounded({
    cmd: path.resolve('node_modules/.bin/tsx'),
    args: ['scripts/report.ts', ...args],
    timeoutMs: 30_000,
  });

describe('npm run report', () => {
  let dir = '';
  let current = '';
  let baseline = '';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'report-cli-'));
    const slower = sampleSummary();
    for (const row of slower.metrics.latency) row.p99 *= 2;
    current = path.join(dir, 'run', 'summary.json');
    baseline = path.join(dir, 'baseline.json');
    await mkdir(path.dirname(current));
    await writeFile(current, JSON.stringify(slower));
    await writeFile(baseline, JSON.stringify(sampleSummary()));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('should re-render the reports beside the summary and exit 1 on a regression', async () => {
    const result = await report('--from', current, '--baseline', baseline);
    expect(result.stdout).toContain('regression: menuItems tenant-a p99 rose from 40 ms to 80 ms');
    expect(result.exitCode).toBe(1);
    // Last, as every command ends: where the report is (outside the working directory: absolute).
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(
      `report: ${path.join(dir, 'run', 'report.html')}`,
    );
    const html = await readFile(path.join(dir, 'run', 'report.html'), 'utf8');
    expect(html).toContain('Against the baseline');
    const rewritten: unknown = JSON.parse(await readFile(current, 'utf8'));
    expect(validateSummary(rewritten).ok).toBe(true);
  });

  it('should exit 0 when the regression is within a wider margin', async () => {
    const result = await report('--from', current, '--baseline', baseline, '--margin-p99', '1.5');
    expect(result.stdout).toContain('no regression beyond the margins');
    expect(result.exitCode).toBe(0);
  });

  it('should answer a bad flag or a missing file with one line and exit 2', async () => {
    const unknown = await report('--colour');
    expect(unknown.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^error: Unknown option '--colour'/),
    ]);
    expect(unknown.exitCode).toBe(2);
    const missing = await report('--from', path.join(dir, 'none.json'));
    expect(missing.stderr.trim()).toMatch(/^error: summary .*none\.json cannot be read/);
    expect(missing.exitCode).toBe(2);
  });

  it('should refuse --margin-min-delta-ms, its old name, naming --margin-min-delta with a unit', async () => {
    const old = await report('--from', current, '--baseline', baseline, '--margin-min-delta-ms', '10');
    expect(old.stderr.trim().split('\n')).toEqual([
      'error: --margin-min-delta-ms is now --margin-min-delta with its unit, e.g. --margin-min-delta 10ms',
    ]);
    expect(old.exitCode).toBe(2);
    const wide = await report('--from', current, '--baseline', baseline, '--margin-min-delta', '1m');
    expect(wide.stdout).toContain('no regression beyond the margins');
    expect(wide.exitCode).toBe(0);
  });

  it("should refuse another command's run as the baseline, in one line, rendering nothing", async () => {
    const loadRun = path.join(dir, 'load-run.json');
    await writeFile(loadRun, JSON.stringify({ ...sampleSummary(), command: 'load' }));
    const before = await readFile(path.join(dir, 'run', 'report.html'), 'utf8').catch(() => '');
    const result = await report('--from', current, '--baseline', loadRun);
    expect(result.stderr.trim().split('\n')).toEqual([
      `error: --baseline ${loadRun} is a load run; a gate run compares only with an earlier gate run`,
    ]);
    expect(result.exitCode).toBe(2);
    expect(await readFile(path.join(dir, 'run', 'report.html'), 'utf8').catch(() => '')).toBe(before);
  });

  it('should print the OpenAPI document with --openapi', async () => {
    const result = await report('--openapi');
    expect((JSON.parse(result.stdout) as { openapi: string }).openapi).toBe('3.1.0');
    expect(result.exitCode).toBe(0);
  });
});
