/**
 * `npm run load -- --scenario NAME --profile NAME [--target FILE] ...`: one load run on Artillery
 * against a target file or a sandbox started for it; prints the verdict, the generator's figures
 * and where the reports went. Exit codes: 0 every check and threshold held, 1 a check or threshold
 * failed, 2 nothing failed but the run could not be judged (a generator that could not keep its
 * schedule, a premise that never held), or a usage or setup error.
 */
import { announceTarget, EXIT, parseFlags, runCli } from '../lib/cli/cli.ts';
import { readerOf } from '../lib/cli/read.ts';
import { reportLine, targetLine, verdictLine } from '../lib/cli/run-lines.ts';
import { resolveArtillery } from '../lib/process/artillery.ts';
import { HarnessError } from '../lib/errors.ts';
import { PLATFORMS, type Platform } from '../lib/load/artillery/distributed.ts';
import {
  checkOptions,
  LOAD_OPTIONS,
  LOAD_RETIRED_FLAGS,
  LOAD_USAGE,
  optionsFromFlags,
} from '../lib/load/run/options.ts';
import { prepareDistributedLoad } from '../lib/load/run/distributed.ts';
import { judgeReport } from '../lib/load/run/judge-report.ts';
import { runLoad, type LoadRun } from '../lib/load/run/run-load.ts';
import { generatorLine } from '../lib/load/generator-figures.ts';
import { provideSandbox } from '../lib/target/sandbox.ts';
import { SANDBOX } from '../sandbox/start.ts';
import { provideScenarios } from '../lib/load/registry.ts';
import { SCENARIOS } from '../scenarios/index.ts';

const percent = (share: number | null) => (share === null ? 'n/a' : `${Math.round(share * 1000) / 10}%`);

function printResult(result: LoadRun & { accuracy?: string }): void {
  const { generator } = result;
  for (const threshold of result.thresholds.filter((t) => t.ok === false))
    console.log(`  FAILED ${threshold.metric}: ${threshold.expression} (was ${threshold.actual})`);
  for (const failure of result.failures.slice(0, 10))
    console.log(`  ${failure.check} [${failure.code}] ${failure.message} (x${failure.count})`);
  for (const failure of result.setupFailures.slice(0, 10))
    console.log(`  ${failure.check} [${failure.code}] ${failure.message} (setup traffic)`);
  console.log(result.notRun ?? `generator: ${generatorLine(generator)}`);
  const limits = result.rateLimiting;
  if (limits.rate429)
    console.log(
      `429s: ${percent(limits.rate429)} of responses, ${limits.retries} retries; Retry-After present ${percent(limits.retryAfterPresent)}, honest ${percent(limits.retryAfterHonest)} (advisory)`,
    );
  for (const warning of result.warnings) console.log(`warning: ${warning}`);
  if (result.accuracy) console.log(`accuracy: ${result.accuracy}`);
  const unjudged = result.summary.stages.some((stage) => stage.verdict === 'inconclusive');
  console.log(`${unjudged ? 'INCONCLUSIVE' : result.verdict.toUpperCase()}: ${result.reason}`);
  console.log(verdictLine(result.summary));
  console.log(reportLine(result.report.html));
}

const isPlatform = (name: string): name is Platform => (PLATFORMS as readonly string[]).includes(name);

async function dryRun(
  flags: ReturnType<typeof parseFlags<typeof LOAD_OPTIONS>>,
  platform: string,
): Promise<number> {
  if (!isPlatform(platform))
    throw new HarnessError(`--platform: "${platform}" is unknown; choose from ${PLATFORMS.join(', ')}`);
  const options = optionsFromFlags(flags, process.env);
  if (options.publish !== undefined && options.publish !== 'none')
    throw new HarnessError(
      '--publish does not go with --platform yet: the distributed script has no publish-metrics entry',
    );
  const count = readerOf(LOAD_OPTIONS, flags, process.env).value('count');
  const plan = await prepareDistributedLoad(options, platform, count, {
    ...(flags.region ? { region: flags.region } : {}),
  });
  console.log(`wrote ${plan.dir}:`);
  for (const file of plan.files) console.log(`  ${file}`);
  const { arrivals } = plan;
  const left = arrivals.scheduled - arrivals.planned;
  console.log(
    `each of the ${count} instances runs ${arrivals.perInstance} arrivals: ${arrivals.planned} planned${left > 0 ? ` (the schedule's last ${left} do not divide among them)` : ''}`,
  );
  console.log(`needs: ${plan.credentials}`);
  console.log(`then: cp .env.example .env, fill in the keys, and from ${plan.dir} run:`);
  console.log(`  ${plan.command.join(' ')}`);
  return EXIT.pass;
}

async function main(): Promise<number> {
  const flags = parseFlags(LOAD_OPTIONS, LOAD_USAGE, { retired: LOAD_RETIRED_FLAGS });
  if (flags.platform !== undefined) return dryRun(flags, flags.platform);
  const judged = flags['judge-report'];
  if (judged !== undefined) {
    const result = await judgeReport(judged);
    console.log(targetLine(result.summary.target));
    printResult(result);
    return result.summary.exitCode;
  }
  if (flags.count !== undefined || flags.region !== undefined)
    throw new HarnessError('--count and --region only go with --platform');
  const options = optionsFromFlags(flags, process.env);
  const { scenario, profile, workers } = checkOptions(options);
  console.log(
    `artillery ${resolveArtillery().version}: ${scenario} scenario, ${profile} profile${options.duration ? `, ${options.duration}` : ''}${workers > 1 ? `, ${workers} workers` : ''}`,
  );
  const result = await runLoad({
    ...options,
    echo: false,
    progress: (line) => console.log(`  ${line}`),
    onOpened: announceTarget,
  });
  printResult(result);
  return result.summary.exitCode;
}

// lib/ does not import the layers above it: the sandbox is handed in here.
provideSandbox(SANDBOX);
provideScenarios(SCENARIOS);
runCli(main);
