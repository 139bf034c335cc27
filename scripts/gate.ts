/**
 * The release gate: `npm start` (against a sandbox it starts) or `npm run gate -- --target FILE`.
 * Parses the flags, runs lib/gate/run.ts, prints the failures and where the report went.
 * Exit codes: 0 pass, 1 something failed, 2 a stage could not be judged (INCONCLUSIVE) or usage error.
 */
import { announceTarget, parseFlags, runCli } from '../lib/cli/cli.ts';
import { GATE_OPTIONS, gateOptions } from '../lib/gate/options.ts';
import { failureLines } from '../lib/gate/console.ts';
import { runGate } from '../lib/gate/run.ts';
import { renderHelp } from '../lib/cli/help.ts';
import { reportLine, verdictLine } from '../lib/cli/run-lines.ts';
import { RETIRED_MARGIN_FLAGS } from '../lib/report/baseline-options.ts';
import { provideSandbox } from '../lib/target/sandbox.ts';
import { SANDBOX } from '../sandbox/start.ts';
import { provideProperties } from '../lib/props/registry.ts';
import { ALL_PROPERTIES } from '../properties/all.ts';
import { provideScenarios } from '../lib/load/registry.ts';
import { SCENARIOS } from '../scenarios/index.ts';

const USAGE = renderHelp({
  usage: ['npm start', 'npm run gate -- [options]'],
  about: `The release gate: the property suites, then every load (smoke profile) as stages of one Artillery
run, against a target file or a sandbox it starts. Writes reports/<run-id>/{summary.json,junit.xml,
report.html} and points reports/latest at it.`,
  options: GATE_OPTIONS,
  examples: [
    'npm start',
    'npm run gate -- --fault page-boundary-duplicate',
    'npm run gate -- --target staging.json --load walk --load depth --baseline main.json',
  ],
  exitCodes:
    '0 every stage judged and nothing failed, 1 something failed, or the harness did (report\nwritten), 2 nothing failed but a stage could not be judged for a reason on your side (verdict\nINCONCLUSIVE, report written: a load generator that fell behind, a premise that never held),\nor a usage or setup error.',
});

const say = (line: string) => console.log(line);

async function main(): Promise<number> {
  const flags = parseFlags(GATE_OPTIONS, USAGE, { retired: RETIRED_MARGIN_FLAGS });
  const { summary, paths } = await runGate(gateOptions(flags, process.env), say, announceTarget);
  for (const line of failureLines(summary)) say(line);
  say(verdictLine(summary));
  say(reportLine(paths.html));
  return summary.exitCode;
}

// lib/ does not import the layers above it: the sandbox and the property suites are handed in here.
provideSandbox(SANDBOX);
provideScenarios(SCENARIOS);
provideProperties(ALL_PROPERTIES);
runCli(main);
