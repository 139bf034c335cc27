/**
 * The release gate: `npm start` (against a sandbox it starts) or `npm run gate -- --target FILE`.
 * Runs the property suites, then each load scenario's smoke run, shows progress per stage, writes
 * one report (reports/<run-id>/ and reports/latest), and exits 0 only when every invariant and
 * threshold holds. Exit codes: 0 pass, 1 a check or threshold failed, 2 usage or setup error.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveOption, stringOption } from '../lib/config.ts';
import { HarnessError } from '../lib/errors.ts';
import { createRedactor } from '../lib/redact.ts';
import { compareWithBaseline, withBaseline } from '../lib/report/baseline.ts';
import { MARGIN_FLAGS, resolveMargins } from '../lib/report/baseline-options.ts';
import { addStage, describeTarget, finishSummary, startSummary } from '../lib/report/build.ts';
import type { Summary } from '../lib/report/model.ts';
import { PUBLISH_KINDS, resolvePublish } from '../lib/load/publish.ts';
import { loadRefusal } from '../lib/target/loopback.ts';
import { targetSecrets } from '../lib/target/target.ts';
import { resolveRunOptions } from '../properties/options.ts';
import { EXIT, parseFlags, runCli, useRedactor } from './lib/cli.ts';
import { GATE_LOADS, selectLoads } from './lib/gate-plan.ts';
import { runGateLoads } from './lib/gate-load.ts';
import { runGateProperties } from './lib/gate-props.ts';
import { resolveArtillery } from '../lib/process/artillery.ts';
import { openTarget } from './lib/open-target.ts';
import { readSummaryFile } from './lib/report-read.ts';
import { writeRunReport } from './lib/report-write.ts';

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
  --publish KIND       send the loads' metrics on while they run: ${PUBLISH_KINDS.join(', ')}
                       (env HARNESS_PUBLISH; settings from the environment, see the README)
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
  publish: { type: 'string' },
  ...MARGIN_FLAGS,
} as const;

const say = (line: string) => console.log(line);
/** Data changes per second in the gate's sandbox. */
const GATE_CHURN = 20;
const harnessVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

function failureLine(check: Summary['checks'][number]): string {
  const first = check.failures?.[0];
  if (!first) return check.reason ?? '';
  return check.kind === 'threshold' ? first.received : `${first.check}: ${first.message}`;
}

async function stage(summary: Summary, name: string, run: () => Promise<boolean>): Promise<void> {
  say(`▶ ${name}`);
  const started = Date.now();
  const passed = await run();
  const took = Date.now() - started;
  addStage(summary, name, passed ? 'pass' : 'fail', took);
  say(`${passed ? '✔' : '✘'} ${name} (${(took / 1000).toFixed(1)} s)`);
}

async function main(): Promise<number> {
  const flags = parseFlags(FLAGS, USAGE);
  const started = new Date();
  const faults = flags.fault ?? [];
  const loads = selectLoads(flags.load ?? []);
  const runOptions = resolveRunOptions({
    flags: { runs: flags.runs, seed: flags.seed, 'time-budget': flags['time-budget'] },
    env: process.env,
  });
  const margins = resolveMargins({ flags: flags as Record<string, string | undefined>, env: process.env });
  const baseline = flags.baseline ? await readSummaryFile(flags.baseline, 'baseline') : undefined;
  const artillery = loads.length > 0 ? resolveArtillery() : undefined;
  const publish = resolvePublish(flags.publish ?? (process.env.HARNESS_PUBLISH || undefined), process.env);
  const targetFile = resolveOption(stringOption('target', 'the target file', ''), {
    flags: { target: flags.target },
    env: process.env,
  });
  // Churn on: the sandbox keeps its last tenant quiescent, so walk-comparing properties still run
  // while the churn property gets tenants whose data changes under it.
  const opened = await openTarget(targetFile, faults, { churn: GATE_CHURN });
  const redact = createRedactor(targetSecrets(opened.target));
  useRedactor(redact);
  if (loads.length > 0 && opened.file) {
    const refusal = loadRefusal(opened.target);
    if (refusal) throw new HarnessError(refusal);
  }
  const summary = startSummary({
    command: 'gate',
    target: describeTarget(opened.target.name, opened.target.baseUrl, { sandbox: !opened.file, faults }),
    versions: {
      harness: harnessVersion(),
      node: process.version,
      ...(artillery ? { artillery: artillery.version } : {}),
    },
    startedAt: started,
  });
  const reportsDir = resolveOption(stringOption('reports-dir', 'where run folders go', 'reports'), {
    flags: { 'reports-dir': flags['reports-dir'] },
    env: process.env,
  });
  const runDir = path.join(reportsDir, summary.runId);
  say(
    `gate ${summary.runId} against ${opened.target.name}${faults.length ? ` with fault ${faults.join(', ')}` : ''}${artillery ? ` (artillery ${artillery.version})` : ''}`,
  );
  try {
    await stage(summary, 'properties', async () => {
      const results = await runGateProperties(opened.target, runOptions, { summary, runDir }, say);
      return !results.some((result) => result.status === 'failed');
    });
  } finally {
    await opened.sandbox?.close();
  }
  if (loads.length === 0) say('load stage not run (--load none)');
  else
    await stage(summary, 'load', async () => {
      const results = await runGateLoads(
        loads,
        {
          summary,
          runDir,
          ...(opened.file ? { target: opened.file } : {}),
          faults,
          ...(publish ? { publish: { to: publish, run: summary.runId } } : {}),
        },
        say,
      );
      return results.every((result) => result.verdict === 'pass' || result.verdict === 'inconclusive');
    });
  let finished = finishSummary(summary, new Date());
  if (baseline && flags.baseline)
    finished = finishSummary(
      withBaseline(finished, flags.baseline, compareWithBaseline(finished, baseline, margins)),
      new Date(),
    );
  const paths = await writeRunReport(finished, { redact, reportsDir });
  for (const check of finished.checks.filter((entry) => entry.verdict === 'failed'))
    say(`FAILED ${check.kind} ${check.name}: ${failureLine(check)}`);
  for (const regression of finished.baseline?.regressions ?? []) say(`REGRESSION ${regression.message}`);
  say(`${finished.verdict === 'pass' ? 'PASS' : 'FAIL'}: report ${paths.html}`);
  return finished.exitCode === 0 ? EXIT.pass : EXIT.checksFailed;
}

runCli(main);
