/**
 * `npm run props`: the property suites against a target file or a sandbox it starts (with --fault
 * to switch a catalogue fault on), or the mutation matrix. Parses the flags, runs lib/props/run.ts,
 * prints one line per property and where the report went.
 * Exit codes: 0 every property passed or was skipped, 1 a property failed, 2 the target stopped
 * answering part-way (INCONCLUSIVE, what ran is reported) or usage or setup error.
 */
import { readFile } from 'node:fs/promises';
import { announceTarget, EXIT, parseFlags, runCli, useRedactor, type OnOpened } from '../lib/cli/cli.ts';
import { PROPS_OPTIONS, propsOptions } from '../lib/props/options.ts';
import { renderHelp } from '../lib/cli/help.ts';
import { reportLine, shownPath, stageErrorLines, targetLine, verdictLine } from '../lib/cli/run-lines.ts';
import { runMatrixReport, runProps } from '../lib/props/run.ts';
import { propertiesMarkdown } from '../properties/listing.ts';
import { noteLines, resultLines } from '../lib/props/report.ts';
import { provideSandbox } from '../lib/target/sandbox.ts';
import { SANDBOX } from '../sandbox/start.ts';
import { provideProperties, selectProperties } from '../lib/props/registry.ts';
import { ALL_PROPERTIES } from '../properties/all.ts';

const USAGE = renderHelp({
  usage: ['npm run props -- [options]'],
  about: `Runs the property suites (fast-check) against a target file, or a sandbox it starts. Prints one
line per property; writes reports/<run-id>/{summary.json,junit.xml,report.html,props.json} and a\ncurl reproduction per failure, and points reports/latest at it.`,
  options: PROPS_OPTIONS,
  examples: [
    'npm run props -- --property pagination',
    'npm run props -- --fault page-boundary-duplicate',
    'npm run props -- --property pagination.no-duplicates --seed 42 --path 3:0',
  ],
  exitCodes:
    '0 passed (skips are not failures), 1 a property failed, 2 nothing failed but the target stopped\nanswering part-way (INCONCLUSIVE, report written) or usage or setup error.',
});

async function main(): Promise<number> {
  const flags = parseFlags(PROPS_OPTIONS, USAGE);
  const { options, ...run } = propsOptions(flags, process.env);
  if (flags.matrix) {
    const { markdown, holds, file } = await runMatrixReport(
      options,
      { full: flags.full === true, reportsDir: run.reportsDir },
      (row) =>
        console.log(
          `${row.verdict.toUpperCase().padEnd(6)} ${row.fault}${row.caughtBy ? ` by ${row.caughtBy.property}` : ''}`,
        ),
    );
    console.log(`\n${markdown}`);
    console.log(`matrix: ${shownPath(file)} (to refresh the docs: cp ${shownPath(file)} docs/matrix.md)`);
    return holds ? EXIT.pass : EXIT.checksFailed;
  }
  const properties = selectProperties(flags.property ?? []);
  if (flags.list) {
    console.log(propertiesMarkdown(properties));
    return EXIT.pass;
  }
  // With --json, stdout is the JSON alone: the target line goes to stderr.
  const onOpened: OnOpened = flags.json
    ? (redact, target) => {
        useRedactor(redact);
        console.error(targetLine(target));
      }
    : announceTarget;
  const { artifacts, report, summary, results } = await runProps(
    { ...run, properties, options },
    (result) => {
      if (!flags.json) console.log(resultLines(result));
    },
    onOpened,
  );
  if (flags.json) console.log(await readFile(artifacts.json, 'utf8'));
  else {
    for (const line of noteLines(results)) console.log(line);
    for (const script of artifacts.scripts) console.log(`reproduction: ${shownPath(script)}`);
    console.log(`results: ${shownPath(artifacts.json)}`);
    for (const line of stageErrorLines(summary)) console.log(line);
    console.log(verdictLine(summary));
    console.log(reportLine(report.html));
  }
  return summary.exitCode;
}

// lib/ does not import the layers above it: the sandbox and the property suites are handed in here.
provideSandbox(SANDBOX);
provideProperties(ALL_PROPERTIES);
runCli(main);
