/**
 * `npm run capacity -- [--target FILE] [--start RPS --step RPS --max RPS --step-duration 10s]`:
 * steps the arrival rate until the objective is missed for good or the ceiling; prints each step as
 * it is measured, then the capacity, the headroom, what to run next, the step table, the knee and
 * the 429 onset per tenant and key, and where the reports went.
 * Exit codes: 0 measured, 1 a page check failed under load, 2 usage or setup error.
 */
import { reportLine, stageErrorLines, verdictLine } from '../lib/cli/run-lines.ts';
import { publishedLine } from '../lib/load/publish.ts';
import { resolveArtillery } from '../lib/process/artillery.ts';
import { kneeLine, onsetLines, stepTable, verdictText } from '../lib/capacity/table.ts';
import { judgeStep, type Objective } from '../lib/capacity/objective.ts';
import type { StepStats } from '../lib/capacity/step-stats.ts';
import { announceTarget, parseFlags, runCli } from '../lib/cli/cli.ts';
import {
  CAPACITY_OPTIONS,
  CAPACITY_RETIRED_FLAGS,
  CAPACITY_USAGE,
  capacityOptions,
} from '../lib/capacity/options.ts';
import { runCapacity } from '../lib/capacity/run.ts';
import { provideSandbox } from '../lib/target/sandbox.ts';
import { SANDBOX } from '../sandbox/start.ts';
import { provideScenarios } from '../lib/load/registry.ts';
import { SCENARIOS } from '../scenarios/index.ts';

const progress = (objective: Objective) => (stats: StepStats) =>
  console.log(
    `step ${stats.index + 1}: ${stats.offeredRps} rps offered, ${stats.achievedRps.toFixed(1)} achieved, p95 ${stats.p95.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms, 429 ${(stats.rate429 * 100).toFixed(1)}%, errors ${(stats.errorRate * 100).toFixed(1)}%; generator: ${stats.generatorRps.toFixed(1)} rps started, ${stats.dropped} dropped, late p95 ${stats.latenessP95.toFixed(1)} ms; objective ${verdictText(judgeStep(stats, objective), stats)}`,
  );

async function main(): Promise<number> {
  const options = capacityOptions(
    parseFlags(CAPACITY_OPTIONS, CAPACITY_USAGE, { retired: CAPACITY_RETIRED_FLAGS }),
    process.env,
  );
  console.log(`artillery ${resolveArtillery().version}`);
  const result = await runCapacity(
    options,
    { step: progress(options.objective), progress: (line) => console.log(`  ${line}`) },
    announceTarget,
  );
  console.log(
    `\nceiling ${result.plan.ceilingRps} rps; stopped by ${result.stoppedBy} after ${result.steps.length} step(s)\n`,
  );
  console.log(result.lines.capacity);
  if (result.lines.headroom) console.log(result.lines.headroom);
  for (const line of result.next) console.log(`next: ${line}`);
  console.log(`\n${stepTable(result.steps, result.verdicts, result.capacity, result.knee)}`);
  console.log(`\n${kneeLine(result.knee, result.steps.at(-1)?.offeredRps)}`);
  for (const line of onsetLines(result.onsets)) console.log(line);
  for (const warning of result.warnings) console.log(`warning: ${warning}`);
  for (const check of result.summary.checks.filter((entry) => entry.verdict === 'failed'))
    console.log(`FAILED ${check.name}: ${check.failures?.[0]?.message ?? check.reason ?? ''}`);
  if (options.publish) console.log(publishedLine(options.publish, result.summary.runId, result.warnings));
  for (const line of stageErrorLines(result.summary)) console.log(line);
  console.log(verdictLine(result.summary));
  console.log(reportLine(result.paths.html));
  return result.summary.exitCode;
}

// lib/ does not import the layers above it: the sandbox is handed in here.
provideSandbox(SANDBOX);
provideScenarios(SCENARIOS);
runCli(main);
