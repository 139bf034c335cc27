/**
 * `npm run repro -- --har FILE` or `--endpoint orders --params 'status=OPEN&limit=7'`: replays the
 * walk a customer reported until the bug shows, shrinks it, writes a curl and an Artillery
 * reproduction.
 * Exit codes: 0 not reproduced, 1 reproduced, 2 usage or setup error.
 */
import path from 'node:path';
import { announceTarget, parseFlags, runCli } from '../lib/cli/cli.ts';
import { reportLine, shownPath, stageErrorLines, verdictLine } from '../lib/cli/run-lines.ts';
import { REPRO_OPTIONS, REPRO_RETIRED_FLAGS, REPRO_USAGE, reproOptions } from '../lib/repro/options.ts';
import { runRepro } from '../lib/repro/run.ts';
import { provideSandbox } from '../lib/target/sandbox.ts';
import { SANDBOX } from '../sandbox/start.ts';

async function main(): Promise<number> {
  const options = reproOptions(
    parseFlags(REPRO_OPTIONS, REPRO_USAGE, { retired: REPRO_RETIRED_FLAGS }),
    process.env,
  );
  console.log(`seed ${options.seed}`);
  const result = await runRepro(options, announceTarget);
  console.log(`replayed with ${result.credential}`);
  if (result.observed !== null)
    console.log(
      result.observed.length === 0
        ? 'the HAR itself shows no failure of the page checks'
        : `the HAR itself shows: ${result.observed.map((failure) => `${failure.check}: ${failure.message}`).join('; ')}`,
    );
  const shrunk = result.outcome.shrunk;
  if (shrunk)
    for (const failure of shrunk.replay.failures)
      console.log(`the shrunk replay shows: ${failure.check} [${failure.code}] ${failure.message}`);
  console.log(`${result.verdict === 'reproduced' ? 'REPRODUCED' : 'NOT REPRODUCED'}: ${result.line}`);
  for (const file of result.outcome.reproduction)
    console.log(`reproduction: ${shownPath(path.join(result.paths.runDir, file))}`);
  for (const line of stageErrorLines(result.summary)) console.log(line);
  console.log(verdictLine(result.summary));
  console.log(reportLine(result.paths.html));
  return result.summary.exitCode;
}

// lib/ does not import the layers above it: the sandbox is handed in here.
provideSandbox(SANDBOX);
runCli(main);
