import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { reportFileName, reportProblems, writeReport } from '../../bench/report-file.ts';
import { absoluteFigure, ratioFigure, safeRatio, type BenchReport } from '../../bench/report.ts';
import { runBench } from '../../bench/run.ts';
import type { BenchSection } from '../../bench/section.ts';

/** The fake sections read no earlier run: a folder that is never made. */
const NO_RUNS = path.join(tmpdir(), 'bench-report-test-no-runs');

const quiet = () => {};

const fakeSections: BenchSection[] = [
  {
    name: 'measured',
    title: 'A section that measures',
    budgetMs: () => 5000,
    run: () =>
      Promise.resolve({
        status: 'ok',
        figures: [ratioFigure('a / b', 3, 4, 'a over b'), absoluteFigure('a', 3, 'req/s')],
        details: { a: 3, b: 4 },
      }),
  },
  {
    name: 'absent',
    title: 'A section whose tool is missing',
    budgetMs: () => 5000,
    run: () => Promise.resolve({ status: 'skipped', reason: 'wrk is not installed' }),
  },
  {
    name: 'broken',
    title: 'A section that throws',
    budgetMs: () => 5000,
    run: () => Promise.reject(new Error('nginx exited at start: bind() failed\nsecond line')),
  },
  {
    name: 'slow',
    title: 'A section over its budget',
    budgetMs: () => 50,
    run: ({ signal }) =>
      new Promise((resolve) =>
        signal.addEventListener('abort', () => resolve({ status: 'skipped', reason: 'late' })),
      ),
  },
];

describe('safeRatio', () => {
  it('should divide, and give null rather than a made-up number when a side is missing', () => {
    expect(safeRatio(3, 4)).toBe(0.75);
    expect(safeRatio(null, 4)).toBeNull();
    expect(safeRatio(3, undefined)).toBeNull();
    expect(safeRatio(3, 0)).toBeNull();
  });
});

describe('runBench', () => {
  it('should record each section as ok, skipped or failed, with a one-line reason', async () => {
    const report = await runBench({
      sections: fakeSections,
      quick: true,
      reportsDir: NO_RUNS,
      command: 'test',
      log: quiet,
    });

    expect(report.sections.map((s) => [s.name, s.status, s.reason])).toEqual([
      ['measured', 'ok', undefined],
      ['absent', 'skipped', 'wrk is not installed'],
      ['broken', 'failed', 'nginx exited at start: bind() failed'],
      ['slow', 'failed', 'exceeded its time budget of 0 s'],
    ]);
    expect(report.sections[0]?.figures[0]?.value).toBe(0.75);
  });

  it('should produce a report that matches the schema', async () => {
    const report = await runBench({
      sections: fakeSections,
      quick: false,
      reportsDir: NO_RUNS,
      command: 'test',
      log: quiet,
    });

    expect(reportProblems(report)).toEqual([]);
    expect(report.schemaVersion).toBe(1);
    expect(typeof report.machine.cpus).toBe('number');
  });
});

describe('writeReport', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should write the run file named by its start time and latest.json, both valid', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bench-report-test-'));
    const report = await runBench({
      sections: fakeSections.slice(0, 2),
      quick: true,
      reportsDir: NO_RUNS,
      command: 'test',
      log: quiet,
    });

    const file = writeReport(report, dir);

    expect(path.basename(file)).toBe(reportFileName(report.startedAt));
    expect(readdirSync(dir).sort()).toEqual([path.basename(file), 'latest.json'].sort());
    const written = JSON.parse(readFileSync(path.join(dir, 'latest.json'), 'utf8')) as BenchReport;
    expect(reportProblems(written)).toEqual([]);
  });

  it('should refuse a report that does not match the schema', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bench-report-test-'));
    const broken = { schemaVersion: 1, sections: [{ name: 'x' }] } as unknown as BenchReport;

    expect(() => writeReport(broken, dir)).toThrow(/does not match its schema/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('should name files so that they sort by time and contain no colon', () => {
    expect(reportFileName('2026-05-20T10:11:12.345Z')).toBe('2026-05-20T10-11-12Z.json');
  });
});
