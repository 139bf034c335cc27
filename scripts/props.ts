/**
 * `npm run props`: the property suites against a target file or a sandbox it starts (with --fault
 * to switch a catalogue fault on), or the mutation matrix. Parses the flags, runs lib/props/run.ts,
 * prints one line per property and where the report went.
 * Exit codes: 0 every property passed or was skipped, 1 a property failed, 2 usage or setup error.
 */
import { readFile } from 'node:fs/promises';
import { EXIT, parseFlags, runCli, useRedactor } from '../lib/cli/cli.ts';
import { integerOption, REPORTS_DIR_OPTION, resolveOption, stringOption } from '../lib/config.ts';
import { renderHelp } from '../lib/cli/help.ts';
import { reportLine, shownPath } from '../lib/cli/run-lines.ts';
import { runMatrixReport, runProps } from '../lib/props/run.ts';
import { propertiesMarkdown } from '../properties/listing.ts';
import { resolveRunOptions } from '../properties/options.ts';
import { resultLine } from '../lib/props/report.ts';
import { provideSandbox } from '../lib/target/sandbox.ts';
import { SANDBOX } from '../sandbox/start.ts';
import { provideProperties, selectProperties } from '../lib/props/registry.ts';
import { ALL_PROPERTIES } from '../properties/all.ts';

const USAGE = renderHelp({
  usage: ['npm run props -- [options]'],
  about: `Runs the property suites (fast-check) against a target file, or a sandbox it starts. Prints one
line per property; writes reports/<run-id>/{summary.json,junit.xml,report.html,props.json} and a\ncurl reproduction per failure, and points reports/latest at it.`,
  options: [
    ['--target FILE', 'target file (default: start a sandbox)'],
    ['--property NAME', 'a property or a family; repeatable (default: all)'],
    ['--seed N', 'fast-check seed (default: random, printed)'],
    ['--path P', 'fast-check path of a failure; needs --seed and one --property'],
    ['--runs N', "runs per property (default: each property's own)"],
    ['--time-budget D', 'time per property, shrinking included, e.g. 10s (default 10s)'],
    ['--fault NAME', 'start the sandbox with this catalogue fault; repeatable; not with --target'],
    ['--churn N', 'sandbox only: data changes per second while the properties run (default 0)'],
    ['--json', 'print props.json instead of one line per property'],
    ['--list', 'print the properties (what each needs, which faults it catches) as markdown'],
    ['--matrix', 'run the mutation matrix; writes reports/matrix.md and docs/matrix.md'],
    ['--full', 'with --matrix: every property against every fault (slower)'],
    ['--reports-dir DIR', 'where run folders go (default reports)'],
  ],
  environment: `--target, --seed, --path, --runs, --time-budget, --churn and --reports-dir also read
HARNESS_<NAME> (e.g. HARNESS_SEED=42, HARNESS_TIME_BUDGET=30s); a flag wins over its variable.`,
  examples: [
    'npm run props -- --property pagination',
    'npm run props -- --fault page-boundary-duplicate',
    'npm run props -- --property pagination.no-duplicates --seed 42 --path 3:0',
  ],
  exitCodes: '0 passed (skips are not failures), 1 a property failed, 2 usage or setup error.',
});

const FLAGS = {
  target: { type: 'string' },
  property: { type: 'string', multiple: true },
  seed: { type: 'string' },
  path: { type: 'string' },
  runs: { type: 'string' },
  'time-budget': { type: 'string' },
  fault: { type: 'string', multiple: true },
  churn: { type: 'string' },
  json: { type: 'boolean' },
  list: { type: 'boolean' },
  matrix: { type: 'boolean' },
  full: { type: 'boolean' },
  'reports-dir': { type: 'string' },
} as const;

async function main(): Promise<number> {
  const flags = parseFlags(FLAGS, USAGE);
  const { runs, seed, path } = flags;
  const options = resolveRunOptions({
    flags: { runs, seed, path, 'time-budget': flags['time-budget'] },
    env: process.env,
  });
  if (flags.matrix) {
    const { markdown, holds } = await runMatrixReport(options, flags.full === true, (row) =>
      console.log(
        `${row.verdict.toUpperCase().padEnd(6)} ${row.fault}${row.caughtBy ? ` by ${row.caughtBy.property}` : ''}`,
      ),
    );
    console.log(`\n${markdown}`);
    return holds ? EXIT.pass : EXIT.checksFailed;
  }
  const properties = selectProperties(flags.property ?? []);
  if (flags.list) {
    console.log(propertiesMarkdown(properties));
    return EXIT.pass;
  }
  const targetFile = resolveOption(stringOption('target', 'target file', ''), {
    flags: { target: flags.target },
    env: process.env,
  });
  const { artifacts, report, failed } = await runProps(
    {
      targetFile,
      faults: flags.fault ?? [],
      churn: resolveOption(integerOption('churn', 'sandbox data changes per second', 0, 0, 10_000), {
        flags: { churn: flags.churn },
        env: process.env,
      }),
      properties,
      options,
      reportsDir: resolveOption(REPORTS_DIR_OPTION, {
        flags: { 'reports-dir': flags['reports-dir'] },
        env: process.env,
      }),
    },
    (result) => {
      if (!flags.json) console.log(resultLine(result));
    },
    useRedactor,
  );
  if (flags.json) console.log(await readFile(artifacts.json, 'utf8'));
  else {
    for (const script of artifacts.scripts) console.log(`reproduction: ${shownPath(script)}`);
    console.log(`results: ${shownPath(artifacts.json)}`);
    console.log(reportLine(report.html));
  }
  return failed ? EXIT.checksFailed : EXIT.pass;
}

// lib/ does not import the layers above it: the sandbox and the property suites are handed in here.
provideSandbox(SANDBOX);
provideProperties(ALL_PROPERTIES);
runCli(main);
