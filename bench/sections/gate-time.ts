/**
 * Section 7: how long the default gate (`npm start`) takes, split by the stages its summary.json
 * reports. The gate it runs writes into the bench's work folder, nowhere else. --quick does not run
 * the gate: it reads the last gate run of the reports folder the bench was given
 * (`<reports-dir>/latest-gate`) when there is one (and says so), since a gate run alone takes
 * longer than the quick bench.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Summary } from '../../lib/report/model.ts';
import { readSummaryFile } from '../../lib/report/read.ts';
import { spawnBounded } from '../../lib/process/spawn-bounded.ts';
import { PROJECT_ROOT } from '../../lib/project-root.ts';
import { absoluteFigure, ratioFigure, type Figure } from '../report.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';

const GATE_SCRIPT = path.join(PROJECT_ROOT, 'scripts', 'gate.ts');
const GATE_TIMEOUT_MS = 8 * 60_000;

/** The gate run in `folder` (its summary.json), or why there is none. */
async function readGateSummary(folder: string): Promise<Summary | string> {
  const file = path.join(folder, 'summary.json');
  if (!existsSync(file)) return `there is no ${file}`;
  try {
    const summary = await readSummaryFile(file, 'the last gate run');
    return summary.command === 'gate' ? summary : `${file} is from "${summary.command}", not the gate`;
  } catch (error) {
    return (error as Error).message;
  }
}

function figures(summary: Summary, wallMs: number, provenance: string): Figure[] {
  const outsideMs = wallMs - summary.stages.reduce((sum, stage) => sum + stage.durationMs, 0);
  return [
    absoluteFigure('gate wall time', wallMs / 1000, 's', {
      note: `${provenance}; verdict ${summary.verdict}`,
    }),
    ...summary.stages.flatMap((stage) => [
      ratioFigure(`${stage.name} share`, stage.durationMs, wallMs, 'stage time over gate wall time'),
      absoluteFigure(`${stage.name}`, stage.durationMs / 1000, 's', { note: stage.verdict }),
    ]),
    ratioFigure(
      'outside the stages share',
      outsideMs,
      wallMs,
      'start-up, sandbox, reports over gate wall time',
    ),
  ];
}

async function runGate(context: BenchContext): Promise<SectionOutcome> {
  context.log('gate: running the default gate (npm start)');
  const reportsDir = path.join(context.workDir, 'gate-reports');
  const run = await spawnBounded({
    cmd: process.execPath,
    args: ['--import', 'tsx', GATE_SCRIPT, '--reports-dir', reportsDir],
    cwd: PROJECT_ROOT,
    env: process.env,
    timeoutMs: GATE_TIMEOUT_MS,
  });
  if (run.timedOut) throw new Error(`the gate did not finish within ${GATE_TIMEOUT_MS / 60_000} minutes`);
  const summary = await readGateSummary(path.join(reportsDir, 'latest'));
  if (typeof summary === 'string') throw new Error(summary);
  const details = { exitCode: run.exitCode, wallMs: run.durationMs, stages: summary.stages };
  return { status: 'ok', figures: figures(summary, run.durationMs, `exit code ${run.exitCode}`), details };
}

async function lastGateRun(context: BenchContext): Promise<SectionOutcome> {
  const summary = await readGateSummary(path.join(context.reportsDir, 'latest-gate'));
  if (typeof summary === 'string')
    return {
      status: 'skipped',
      reason: `--quick does not run the gate and ${summary}; run: npm run bench -- --only gate`,
    };
  const wallMs = Date.parse(summary.finishedAt) - Date.parse(summary.startedAt);
  const when = summary.startedAt;
  const details = { wallMs, stages: summary.stages, from: when };
  return {
    status: 'ok',
    figures: figures(summary, wallMs, `from the last gate run (${when}), not re-run`),
    details,
  };
}

export const gateTime: BenchSection = {
  name: 'gate',
  title: 'Gate wall time by stage',
  budgetMs: (quick) => (quick ? 10_000 : GATE_TIMEOUT_MS + 30_000),
  async run(context) {
    if (!existsSync(GATE_SCRIPT)) return { status: 'skipped', reason: 'scripts/gate.ts has not landed yet' };
    return context.quick ? lastGateRun(context) : runGate(context);
  },
};
