/**
 * The gate matrix: every fault of the sandbox catalogue through the full default gate, every
 * stage, as `npm start` runs it (`npm run gate -- --fault NAME`), and the clean sandbox once. A
 * fault counts as caught when the gate exits 1 and writes its three reports; the table names the
 * checks that failed, so a fault caught only by an unrelated check shows. The faults run two at a
 * time, so their seconds are those of a shared machine. --quick runs one fault of each kind (page
 * content, status, error body, load only), as `npm test` does.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Summary } from '../../lib/report/model.ts';
import { spawnBounded } from '../../lib/process/spawn-bounded.ts';
import { PROJECT_ROOT } from '../../lib/project-root.ts';
import { readSummaryFile } from '../../lib/report/read.ts';
import { FAULTS } from '../../sandbox/faults/catalogue.ts';
import { absoluteFigure, ratioFigure, type SectionTable } from '../report.ts';
import type { BenchContext, BenchSection } from '../section.ts';

const GATE_SCRIPT = path.join(PROJECT_ROOT, 'scripts', 'gate.ts');
const GATE_TIMEOUT_MS = 5 * 60_000;
const REPORTS = ['summary.json', 'junit.xml', 'report.html'] as const;

/** One fault of each kind the gate must never lose; also what `npm test` runs. */
export const GATE_MATRIX_QUICK = [
  'page-boundary-duplicate',
  'status-filter-500',
  'error-shape',
  'shared-cache',
] as const;

export interface GateMatrixRow {
  /** The fault, or `clean` for the sandbox without one. */
  fault: string;
  exitCode: number | null;
  /** All three reports written under reports/latest of the run. */
  reports: boolean;
  /** The checks that failed, the invariant inside a property's failure first. */
  caughtBy: string[];
  seconds: number;
  /** What a user would read: exit 1 with reports for a fault, exit 0 for the clean sandbox. */
  held: boolean;
}

/** The checks a failed summary blames: the invariant inside each failure, or the check itself. */
export function blamed(summary: Summary): string[] {
  const names = summary.checks
    .filter((check) => check.verdict === 'failed')
    .flatMap((check) => {
      const inner = (check.failures ?? []).map((failure) => failure.check);
      return inner.length > 0 ? inner : [check.name.replace(/^\S+\/\S+ /, '')];
    });
  return [...new Set(names)];
}

/** One gate on `fault` (or `clean`), with `flags` besides (`--load none`), its reports in the work dir. */
export async function gateWith(
  context: BenchContext,
  fault: string,
  flags: readonly string[] = [],
): Promise<GateMatrixRow> {
  const reportsDir = path.join(context.workDir, `gate-${fault}${flags.join('').replace(/\W+/g, '-')}`);
  const args = [...(fault === 'clean' ? [] : ['--fault', fault]), ...flags];
  context.log(`gate: npm run gate -- ${args.join(' ')}`);
  const run = await spawnBounded({
    cmd: process.execPath,
    args: ['--import', 'tsx', GATE_SCRIPT, ...args, '--reports-dir', reportsDir],
    cwd: PROJECT_ROOT,
    env: process.env,
    timeoutMs: GATE_TIMEOUT_MS,
  });
  const latest = path.join(reportsDir, 'latest');
  const reports = REPORTS.every((file) => existsSync(path.join(latest, file)));
  const summaryFile = path.join(latest, 'summary.json');
  const summary = existsSync(summaryFile)
    ? await readSummaryFile(summaryFile, 'the gate summary')
    : undefined;
  const exitCode = run.timedOut ? null : run.exitCode;
  const held = fault === 'clean' ? exitCode === 0 : exitCode === 1 && reports;
  return {
    fault,
    exitCode,
    reports,
    caughtBy: summary ? blamed(summary) : [],
    seconds: run.durationMs / 1000,
    held,
  };
}

function table(rows: readonly GateMatrixRow[]): SectionTable {
  return {
    title: 'Each fault through the full default gate',
    header: ['fault', 'exit code', 'reports', 'checks that failed', 'seconds', 'held'],
    rows: rows.map((row) => [
      row.fault,
      row.exitCode === null ? 'timed out' : String(row.exitCode),
      row.reports ? 'all three' : 'missing',
      row.caughtBy.join(', ') || '-',
      row.seconds.toFixed(0),
      row.held ? 'yes' : 'NO',
    ]),
    notes: [
      'held: a fault exits 1 with summary.json, junit.xml and report.html; the clean sandbox exits 0.',
      'checks that failed: the invariant inside each failed property or load check, once each.',
    ],
  };
}

export const gateMatrix: BenchSection = {
  name: 'gate-matrix',
  title: 'Every catalogue fault through the full gate',
  budgetMs: (quick) => (quick ? 8 * 60_000 : ((FAULTS.length + 2) / 2) * GATE_TIMEOUT_MS),
  async run(context) {
    const faults = context.quick ? [...GATE_MATRIX_QUICK] : FAULTS.map((fault) => fault.name);
    // The clean sandbox alone first; then two gates at a time (a gate idles most of its minute).
    const rows: GateMatrixRow[] = [await gateWith(context, 'clean')];
    const queue = [...faults];
    const lane = async () => {
      for (let fault = queue.shift(); fault !== undefined; fault = queue.shift()) {
        context.signal.throwIfAborted();
        rows.push(await gateWith(context, fault));
      }
    };
    await Promise.all([lane(), lane()]);
    rows.sort((a, b) => ['clean', ...faults].indexOf(a.fault) - ['clean', ...faults].indexOf(b.fault));
    const caught = rows.filter((row) => row.fault !== 'clean' && row.held).length;
    return {
      status: 'ok',
      figures: [
        ratioFigure(
          'faults caught with exit 1 and reports',
          caught,
          faults.length,
          'faults held / faults run',
          {
            goal: { text: '= 1', met: caught === faults.length },
          },
        ),
        absoluteFigure('clean sandbox exit code', rows[0]?.exitCode, 'exit code', {
          goal: { text: '= 0', met: rows[0]?.held ?? false },
        }),
      ],
      tables: [table(rows)],
      details: { rows },
    };
  },
};
