import { mkdtemp, readFile, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { judgedVerdict } from '../../lib/report/build.ts';
import type { Summary } from '../../lib/report/model.ts';
import { readSummaryFile } from '../../lib/report/read.ts';
import { listRuns, runLines } from '../../lib/report/runs-index.ts';
import { writeReportFiles, writeRunReport } from '../../lib/report/write.ts';
import { sampleSummary } from './sample-summary.ts';

const identity = (text: string) => text;
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function reportsDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'runs-index-'));
  dirs.push(dir);
  return dir;
}

/** A passing load run of the clean sandbox, started `minute` minutes past ten. */
function loadRun(minute: number): Summary {
  const summary = sampleSummary();
  const startedAt = `2026-06-14T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const rest: Summary = { ...summary };
  delete rest.baseline;
  const run: Summary = {
    ...rest,
    runId: `20260614T10${String(minute).padStart(2, '0')}00Z-load-x${minute}`,
    command: 'load',
    startedAt,
    finishedAt: new Date(Date.parse(startedAt) + 12_500).toISOString(),
    target: { ...summary.target, faults: [] },
    checks: summary.checks.filter((check) => check.verdict !== 'failed'),
    stages: summary.stages.map((stage) => ({ ...stage, verdict: 'pass' as const })),
  };
  return { ...run, ...judgedVerdict(run) };
}

describe('the runs index', () => {
  it('should list every run newest first, with command, target, faults, verdict and duration', async () => {
    const dir = await reportsDir();
    const gate = sampleSummary();
    await writeRunReport(loadRun(1), { reportsDir: dir, redact: identity });
    const written = await writeRunReport(gate, { reportsDir: dir, redact: identity });
    await writeRunReport(loadRun(59), { reportsDir: dir, redact: identity });

    const runs = await listRuns(dir);
    expect(runs.map((run) => run.runId)).toEqual(
      [loadRun(59).runId, loadRun(1).runId, gate.runId].sort().reverse(),
    );
    const listed = runs.find((run) => run.runId === gate.runId);
    expect(listed).toMatchObject({
      command: 'gate',
      verdict: 'fail',
      exitCode: 1,
      faults: ['page-boundary-duplicate'],
    });
    expect(runs.find((run) => run.runId === loadRun(1).runId)).toMatchObject({
      durationMs: 12_500,
      verdict: 'pass',
    });

    const html = await readFile(written.index ?? '', 'utf8');
    expect(written.index).toBe(path.join(dir, 'index.html'));
    for (const run of runs) expect(html).toContain(`href="${run.runId}/report.html"`);
    expect(html).toContain('page-boundary-duplicate');
    const lines = runLines(runs, dir);
    expect(lines[0]).toMatch(
      /^2026-06-14 10:59:00 +load +PASS \(exit 0\) +12\.5 s +sandbox, clean +\S+20260614T105900Z-load-x59$/,
    );
    expect(lines.find((line) => line.includes(gate.runId))).toMatch(
      /gate .* FAIL \(exit 1, \d+ of \d+ failed\)/,
    );
  });

  it('should keep latest per command beside the latest of all', async () => {
    const dir = await reportsDir();
    await writeRunReport(sampleSummary(), { reportsDir: dir, redact: identity });
    await writeRunReport(loadRun(2), { reportsDir: dir, redact: identity });

    expect(await readlink(path.join(dir, 'latest'))).toBe(loadRun(2).runId);
    expect(await readlink(path.join(dir, 'latest-load'))).toBe(loadRun(2).runId);
    expect(await readlink(path.join(dir, 'latest-gate'))).toBe(sampleSummary().runId);
  });

  it('should list a folder written before the index from its summary.json, and drop a folder that is gone', async () => {
    const dir = await reportsDir();
    // Written without the index, as an older harness did.
    await writeReportFiles(loadRun(3), path.join(dir, loadRun(3).runId), identity);
    await writeRunReport(loadRun(4), { reportsDir: dir, redact: identity });
    // Recorded on the way, so the next runs need not read its summary.json again.
    expect(await readFile(path.join(dir, 'runs.jsonl'), 'utf8')).toContain(`"runId":"${loadRun(3).runId}"`);
    await writeRunReport(loadRun(5), { reportsDir: dir, redact: identity });
    await rm(path.join(dir, loadRun(4).runId), { recursive: true });

    expect((await listRuns(dir)).map((run) => run.runId)).toEqual([loadRun(5).runId, loadRun(3).runId]);
    expect(await listRuns(path.join(dir, 'nowhere'))).toEqual([]);
    expect(runLines([], 'reports')).toEqual(['no runs under reports']);
  });

  it('should leave a run folder outside the reports folder out of its index', async () => {
    const dir = await reportsDir();
    const elsewhere = await reportsDir();
    const written = await writeRunReport(loadRun(6), {
      reportsDir: dir,
      runDir: path.join(elsewhere, 'mine'),
      redact: identity,
    });
    expect(written.index).toBeUndefined();
    expect(await listRuns(dir)).toEqual([]);
  });

  it('should read a run folder as its summary.json (--from, --baseline)', async () => {
    const dir = await reportsDir();
    const written = await writeRunReport(loadRun(7), { reportsDir: dir, redact: identity });
    expect((await readSummaryFile(written.runDir, 'summary')).runId).toBe(loadRun(7).runId);
    expect((await readSummaryFile(path.join(dir, 'latest-load'), 'summary')).runId).toBe(loadRun(7).runId);
  });
});
