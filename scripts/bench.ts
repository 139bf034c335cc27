/**
 * `npm run bench`: the harness's speed and honesty in numbers. Every figure is a ratio measured
 * side by side in the same run; absolute numbers are reported, never asserted. Writes
 * reports/bench/<time>.json (and latest.json) and prints a table. See docs/bench.md.
 */
import path from 'node:path';
import { benchOptions, BENCH_OPTIONS } from '../bench/options.ts';
import { runBench } from '../bench/run.ts';
import { writeReport } from '../bench/report-file.ts';
import { renderMarkdownTable, renderTextTable } from '../bench/table.ts';
import { makeFolder } from '../lib/adapters/node-run-dir.ts';
import { EXIT, parseFlags, runCli } from '../lib/cli/cli.ts';
import { reportLine } from '../lib/cli/run-lines.ts';
import { renderHelp } from '../lib/cli/help.ts';
import { provideSandbox } from '../lib/target/sandbox.ts';
import { SANDBOX } from '../sandbox/start.ts';
import { provideProperties } from '../lib/props/registry.ts';
import { ALL_PROPERTIES } from '../properties/all.ts';
import { provideScenarios } from '../lib/load/registry.ts';
import { SCENARIOS } from '../scenarios/index.ts';

/** Its files went straight into DIR; now, as every command's, into a folder of the reports dir. */
const RETIRED = { out: '--reports-dir DIR: the report goes to DIR/bench/ (default reports/bench/)' };

const USAGE = renderHelp({
  usage: ['npm run bench -- [options]'],
  about: `The harness's speed and honesty in numbers: every figure is a ratio measured side by side in the
same run, never asserted. Writes reports/bench/<time>.json (and latest.json) and prints a table.`,
  options: BENCH_OPTIONS,
  environment: 'Each section names the tools it needs and is skipped, with the reason, without them.',
  examples: ['npm run bench -- --quick', 'npm run bench -- --only generator --markdown'],
  exitCodes: '0 every section ran or was skipped with a reason, 1 a section failed, 2 usage or setup error.',
});

async function main(): Promise<number> {
  const flags = parseFlags(BENCH_OPTIONS, USAGE, { retired: RETIRED });
  const { sections, reportsDir } = benchOptions(flags, process.env);
  const command = [
    'npm run bench',
    ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : []),
  ].join(' ');
  const log = (line: string) => console.error(`bench: ${line}`);
  // Before the minutes of measuring: a file where the report's folder must be is said now.
  const outDir = path.resolve(reportsDir, 'bench');
  await makeFolder(outDir);
  const report = await runBench({ sections, quick: flags.quick ?? false, reportsDir, command, log });
  const file = writeReport(report, outDir);
  console.log(flags.markdown ? renderMarkdownTable(report) : renderTextTable(report));
  console.log(`\n${reportLine(file)}`);
  return report.sections.some((section) => section.status === 'failed') ? EXIT.checksFailed : EXIT.pass;
}

// lib/ does not import the layers above it: the sandbox and the property suites are handed in here.
provideSandbox(SANDBOX);
provideScenarios(SCENARIOS);
provideProperties(ALL_PROPERTIES);
runCli(main);
