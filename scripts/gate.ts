/**
 * The release gate: `npm start` (against a sandbox it starts) or `npm run gate -- --target FILE`.
 * Parses the flags, runs lib/gate/run.ts, prints the failures and where the report went.
 * Exit codes: 0 pass, 1 a check or threshold failed, 2 usage or setup error.
 */
import { EXIT, parseFlags, runCli, useRedactor } from '../lib/cli/cli.ts';
import { resolveOption, stringOption } from '../lib/config.ts';
import { GATE_LOADS, selectLoads } from '../lib/gate/plan.ts';
import { failureLine, runGate } from '../lib/gate/run.ts';
import { MARGIN_FLAGS, resolveMargins } from '../lib/report/baseline-options.ts';
import { resolveRunOptions } from '../properties/options.ts';

const USAGE = `Usage: npm start | npm run gate -- [options]

  --target FILE        the target file (default: start the embedded sandbox; env HARNESS_TARGET)
  --fault NAME         start the sandbox with this catalogue fault, to see the gate catch it;
                       repeatable; not with --target (npm run sandbox -- --list-faults)
  --load NAME          a load scenario to run: ${GATE_LOADS.map((load) => load.name).join(', ')}, or none;
                       repeatable (default: all of them, smoke profile)
  --runs N             fast-check runs per property (default: each property's own; env HARNESS_RUNS)
  --time-budget MS     time per property (default 10000; env HARNESS_TIME_BUDGET)
  --seed N             fast-check seed (default: random, printed in the report; env HARNESS_SEED)
  --baseline FILE      compare with an earlier summary.json; a regression fails the gate
  --reports-dir DIR    where run folders go (default reports; env HARNESS_REPORTS_DIR)
  --margin-*           baseline margins, see npm run report -- --help

Writes reports/<run-id>/{summary.json,junit.xml,report.html} and points reports/latest at it.
Exit codes: 0 every check and threshold held, 1 something failed, 2 usage or setup error.`;

const FLAGS = {
  target: { type: 'string' },
  fault: { type: 'string', multiple: true },
  load: { type: 'string', multiple: true },
  runs: { type: 'string' },
  'time-budget': { type: 'string' },
  seed: { type: 'string' },
  baseline: { type: 'string' },
  'reports-dir': { type: 'string' },
  ...MARGIN_FLAGS,
} as const;

const say = (line: string) => console.log(line);

async function main(): Promise<number> {
  const flags = parseFlags(FLAGS, USAGE);
  const sources = { env: process.env };
  const baselineFile = flags.baseline;
  const { summary, paths } = await runGate(
    {
      targetFile: resolveOption(stringOption('target', 'the target file', ''), {
        flags: { target: flags.target },
        ...sources,
      }),
      faults: flags.fault ?? [],
      loads: selectLoads(flags.load ?? []),
      properties: resolveRunOptions({
        flags: { runs: flags.runs, seed: flags.seed, 'time-budget': flags['time-budget'] },
        ...sources,
      }),
      reportsDir: resolveOption(stringOption('reports-dir', 'where run folders go', 'reports'), {
        flags: { 'reports-dir': flags['reports-dir'] },
        ...sources,
      }),
      ...(baselineFile
        ? {
            baseline: {
              file: baselineFile,
              margins: resolveMargins({ flags: flags as Record<string, string | undefined>, ...sources }),
            },
          }
        : {}),
    },
    say,
    useRedactor,
  );
  for (const check of summary.checks.filter((entry) => entry.verdict === 'failed'))
    say(`FAILED ${check.kind} ${check.name}: ${failureLine(check)}`);
  for (const regression of summary.baseline?.regressions ?? []) say(`REGRESSION ${regression.message}`);
  say(`${summary.verdict === 'pass' ? 'PASS' : 'FAIL'}: report ${paths.html}`);
  return summary.exitCode === 0 ? EXIT.pass : EXIT.checksFailed;
}

runCli(main);
