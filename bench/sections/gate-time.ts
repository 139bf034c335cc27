/**
 * Section 7: how long the default gate (`npm start`) takes, split by the stages it reports in
 * reports/latest/summary.json. --quick does not run the gate: it reads the last gate run's summary
 * when there is one (and says so), since a gate run alone takes longer than the quick bench.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Summary } from '../../lib/report/model.ts';
import { spawnBounded } from '../../lib/process/spawn-bounded.ts';
import { absoluteFigure, ratioFigure, type Figure } from '../report.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GATE_SCRIPT = path.join(ROOT, 'scripts', 'gate.ts');
const LATEST_SUMMARY = path.join(ROOT, 'reports', 'latest', 'summary.json');
const GATE_TIMEOUT_MS = 8 * 60_000;

async function readGateSummary(): Promise<Summary | string> {
  if (!existsSync(LATEST_SUMMARY)) return 'the gate wrote no reports/latest/summary.json';
  const { validateSummary } = await import('../../lib/report/validate.ts');
  const result = validateSummary(JSON.parse(readFileSync(LATEST_SUMMARY, 'utf8')));
  if (!result.ok) return `reports/latest/summary.json does not validate: ${result.problems[0] ?? ''}`;
  if (result.summary.command !== 'gate')
    return `reports/latest/summary.json is from "${result.summary.command}", not the gate`;
  return result.summary;
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
  const run = await spawnBounded({
    cmd: process.execPath,
    args: ['--import', 'tsx', GATE_SCRIPT],
    cwd: ROOT,
    env: process.env,
    timeoutMs: GATE_TIMEOUT_MS,
  });
  if (run.timedOut) throw new Error(`the gate did not finish within ${GATE_TIMEOUT_MS / 60_000} minutes`);
  const summary = await readGateSummary();
  if (typeof summary === 'string') throw new Error(summary);
  const details = { exitCode: run.exitCode, wallMs: run.durationMs, stages: summary.stages };
  return { status: 'ok', figures: figures(summary, run.durationMs, `exit code ${run.exitCode}`), details };
}

async function lastGateRun(): Promise<SectionOutcome> {
  const summary = await readGateSummary();
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
    return context.quick ? lastGateRun() : runGate(context);
  },
};
