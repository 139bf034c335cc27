import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes } from '../setup/lanes.ts';
import { bundledArgs } from '../setup/command.ts';
import { spawnBounded } from '../../lib/process/spawn-bounded.ts';
import type { Summary } from '../../lib/report/model.ts';
import { validateSummary } from '../../lib/report/validate.ts';
import { rerenderReport } from '../../lib/report/rerender.ts';
import { writeRunReport } from '../../lib/report/write.ts';
import { folderHashes } from './folder-hashes.ts';
import { REPRO_PATH, REPRO_SCRIPT, sampleSummary } from './sample-summary.ts';

/**
 * Three commands at a time: each is a Node process loading the harness before it renders or says
 * its one line, and one after another they left the file's core mostly idle.
 */
const lane = lanes(3);

const report = (...args: string[]) =>
  lane(() =>
    spawnBounded({
      cmd: process.execPath,
      args: bundledArgs('report', args),
      timeoutMs: 50_000,
    }),
  );

/**
 * A gate run with two loads: the whole run's rows and each load's, with different latencies; the
 * last load the fastest, so a comparison that matched rows by endpoint alone would see a rise.
 */
function stagedRun(): Summary {
  const summary = sampleSummary();
  const row = { endpoint: 'orders', p50: 5, p95: 10, p99: 20, max: 30, count: 100 };
  const stress = 'stress/stress walk 5→20/s for 4s';
  const walk = 'walk/smoke walk 5/s for 4s';
  summary.metrics.latency = [
    { ...row, p95: 40, p99: 80, load: `stress: ${stress}; walk: ${walk}` },
    { ...row, stage: 'stress', p95: 90, p99: 150, load: stress },
    { ...row, stage: 'walk', load: walk },
  ];
  return summary;
}

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

  // Side by side, each with a reports folder of its own.
  describe.concurrent('side by side', () => {
    it('should render into a new folder, leave the run as it was, and exit 1 on a regression', async () => {
      const reportsDir = path.join(dir, 'reports-1');
      const before = folderHashes(path.dirname(current));
      const result = await report('--from', current, '--baseline', baseline, '--reports-dir', reportsDir);
      expect(result.stdout).toContain('regression: menuItems tenant-a p99 rose from 40 ms to 80 ms');
      expect(result.exitCode).toBe(1);
      expect(folderHashes(path.dirname(current))).toEqual(before);
      // Last, as every command ends: the verdict, then where the report is.
      const [render] = await readdir(path.join(reportsDir, 'renders'));
      const html = path.join(reportsDir, 'renders', render ?? '', 'report.html');
      expect(result.stdout.trimEnd().split('\n').slice(-2)).toEqual([
        'verdict FAIL, 1 of 6 checks skipped (why: in the report)',
        `report: ${html}`,
      ]);
      expect(await readFile(html, 'utf8')).toContain('Against the baseline');
      const rendered: unknown = JSON.parse(
        await readFile(path.join(path.dirname(html), 'summary.json'), 'utf8'),
      );
      expect(validateSummary(rendered).ok).toBe(true);
    });

    it('should find no regression comparing a run with itself, and change none of its files', async () => {
      const reportsDir = path.join(dir, 'reports-2');
      const runs = path.join(dir, 'self');
      const summary = stagedRun();
      const runDir = path.join(runs, summary.runId);
      await mkdir(path.join(runDir, 'repro'), { recursive: true });
      await writeFile(path.join(runDir, REPRO_PATH), REPRO_SCRIPT);
      await writeRunReport(summary, { reportsDir: runs, redact: (text) => text });
      const before = folderHashes(runs);

      const result = await report('--from', runDir, '--baseline', runDir, '--reports-dir', reportsDir);

      expect(result.stderr).toBe('');
      expect(result.stdout).toContain(`baseline: no regression beyond the margins against ${runDir}`);
      expect(result.stdout).not.toContain('regression:');
      expect(result.exitCode).toBe(0);
      expect(folderHashes(runs)).toEqual(before);
      // The render is whole: its reproduction link resolves beside its report.
      const html = /^report: (.*)$/m.exec(result.stdout)?.[1] ?? '';
      expect(path.dirname(path.dirname(html))).toBe(path.join(reportsDir, 'renders'));
      expect(await readFile(path.join(path.dirname(html), REPRO_PATH), 'utf8')).toBe(REPRO_SCRIPT);
    });

    it('should render the same run twice in one second into two folders, leaving the first as it was', async () => {
      const taken = path.join(dir, 'taken');
      const now = new Date();
      const first = await rerenderReport({ from: current, reportsDir: taken, now });
      const before = folderHashes(first.paths.runDir);
      const second = await rerenderReport({ from: current, reportsDir: taken, now });
      expect(second.paths.runDir).toBe(`${first.paths.runDir}-2`);
      expect(folderHashes(first.paths.runDir)).toEqual(before);
      expect(folderHashes(second.paths.runDir)).toEqual(before);
    });

    it('should exit 0 when the regression is within a wider margin', async () => {
      const reportsDir = path.join(dir, 'reports-4');
      const result = await report(
        '--from',
        current,
        '--baseline',
        baseline,
        '--margin-p99',
        '1.5',
        '--reports-dir',
        reportsDir,
      );
      expect({ stderr: result.stderr, timedOut: result.timedOut }).toEqual({ stderr: '', timedOut: false });
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
      const reportsDir = path.join(dir, 'reports-6');
      const old = await report('--from', current, '--baseline', baseline, '--margin-min-delta-ms', '10');
      expect(old.stderr.trim().split('\n')).toEqual([
        'error: --margin-min-delta-ms is now --margin-min-delta with its unit, e.g. --margin-min-delta 10ms',
      ]);
      expect(old.exitCode).toBe(2);
      const wide = await report(
        ...['--from', current, '--baseline', baseline, '--margin-min-delta', '1m'],
        ...['--reports-dir', reportsDir],
      );
      expect(wide.stdout).toContain('no regression beyond the margins');
      expect(wide.exitCode).toBe(0);
    });

    it('should print the OpenAPI document with --openapi', async () => {
      const result = await report('--openapi');
      expect((JSON.parse(result.stdout) as { openapi: string }).openapi).toBe('3.1.0');
      expect(result.exitCode).toBe(0);
    });
  });

  // After the others: it reads every file of the test's folder, which they write into.
  it("should refuse another command's run as the baseline, in one line, rendering nothing", async () => {
    const reportsDir = path.join(dir, 'reports-refused');
    const loadRun = path.join(dir, 'load-run.json');
    await writeFile(loadRun, JSON.stringify({ ...sampleSummary(), command: 'load' }));
    const before = folderHashes(dir);
    const result = await report('--from', current, '--baseline', loadRun, '--reports-dir', reportsDir);
    expect(result.stderr.trim().split('\n')).toEqual([
      `error: --baseline ${loadRun} is a load run; a gate run compares only with an earlier gate run`,
    ]);
    expect(result.exitCode).toBe(2);
    expect(folderHashes(dir)).toEqual(before);
  });
});
