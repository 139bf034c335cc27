/**
 * `npm run load -- --scenario NAME --profile NAME [--target FILE] ...`: one k6 load run against a
 * target file or a sandbox started for it; prints the k6 version, the verdict and where the
 * reports went. Exit codes: 0 every threshold held, 1 a threshold or check failed, 2 usage or
 * setup error. `--help` lists the options.
 */
import { HarnessError } from '../lib/errors.ts';
import { EXIT, parseFlags, runCli } from './lib/cli.ts';
import { resolveK6 } from './lib/k6.ts';
import {
  checkOptions,
  LOAD_FLAGS,
  LOAD_USAGE,
  optionsFromFlags,
  positiveInteger,
} from './lib/load-options.ts';
import { writeOperatorRun } from './lib/load-operator.ts';
import { runLoad, type LoadResult } from './lib/load-run.ts';

function printResult(result: LoadResult): void {
  const { target } = result;
  const faults = target.faults.length > 0 ? ` with ${target.faults.join(', ')}` : '';
  console.log(`target: ${target.name} (${target.baseUrl})${target.sandbox ? `, sandbox${faults}` : ''}`);
  for (const threshold of result.thresholds.filter((t) => t.ok === false))
    console.log(`  FAILED ${threshold.metric}: ${threshold.expression}`);
  for (const failure of result.failures.slice(0, 10))
    console.log(`  ${failure.check} [${failure.code}] ${failure.message} (x${failure.count})`);
  const limits = result.rateLimiting;
  const percent = (share: number | null) => (share === null ? 'n/a' : `${Math.round(share * 1000) / 10}%`);
  if (limits.rate429)
    console.log(
      `429s: ${percent(limits.rate429)} of responses, ${limits.retries} retries; Retry-After present ${percent(limits.retryAfterPresent)}, honest ${percent(limits.retryAfterHonest)} (advisory)`,
    );
  for (const warning of result.warnings) console.log(`warning: ${warning}`);
  console.log(`${result.verdict.toUpperCase()}: ${result.reason}`);
  console.log(`reports: ${result.files.dir}`);
}

async function main(): Promise<number> {
  const flags = parseFlags(LOAD_FLAGS, LOAD_USAGE);
  const options = optionsFromFlags(flags, process.env);
  const { scenario, profile } = checkOptions(options);
  const parallelism = positiveInteger('k6-operator', flags['k6-operator'], 1000);
  if (parallelism !== undefined) {
    const written = await writeOperatorRun({ ...options, parallelism, secretName: flags.secret });
    console.log(
      `wrote ${written.configMapFile} and ${written.testRunFile}; apply with kubectl apply -f ${options.outDir}`,
    );
    return EXIT.pass;
  }
  if (flags.secret !== undefined) throw new HarnessError('--secret only goes with --k6-operator');
  console.log(
    `k6 ${resolveK6().version}: ${scenario} scenario, ${profile} profile${options.duration ? `, ${options.duration}` : ''}`,
  );
  const result = await runLoad({ ...options, echo: false });
  printResult(result);
  return result.exitCode;
}

runCli(main);
