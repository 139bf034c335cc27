/**
 * Re-renders a run's report.html and junit.xml from its summary.json (reports never re-run
 * checks), optionally compares the run with a baseline, or prints the OpenAPI document.
 */
import { openApiDocument } from '../lib/contract/openapi.ts';
import { RETIRED_MARGIN_FLAGS } from '../lib/report/baseline-options.ts';
import { rerenderReport } from '../lib/report/rerender.ts';
import { listRuns, runLines } from '../lib/report/runs-index.ts';
import { EXIT, parseFlags, runCli } from '../lib/cli/cli.ts';
import { renderHelp } from '../lib/cli/help.ts';
import { REPORT_OPTIONS, reportOptions } from '../lib/report/options.ts';
import { reportLine, shownPath, verdictLine } from '../lib/cli/run-lines.ts';

const USAGE = renderHelp({
  usage: [
    'npm run report -- [--from RUN] [--baseline RUN] [margins]',
    'npm run report -- --list [--reports-dir DIR]',
    'npm run report -- --openapi',
  ],
  about: `Renders report.html and junit.xml from any run's summary.json (gate, load, capacity, repro) into
a new folder, DIR/renders/<time>-<run-id>/; the run's own folder is a record and never changes,
and nothing is re-run. With --baseline, compares the run with an earlier one. A RUN is a run folder
(reports/<run-id>, reports/latest-gate) or its summary.json. --list prints every run, newest first.`,
  options: REPORT_OPTIONS,
  examples: [
    'npm run report -- --list',
    'npm run report -- --from reports/latest-gate --baseline main/summary.json',
    'npm run report -- --openapi > openapi.json',
  ],
  exitCodes: '0 rendered, no regression; 1 regression against the baseline; 2 usage or setup error.',
});

async function main(): Promise<number> {
  const flags = parseFlags(REPORT_OPTIONS, USAGE, { retired: RETIRED_MARGIN_FLAGS });
  if (flags.openapi) {
    console.log(JSON.stringify(openApiDocument(), null, 2));
    return EXIT.pass;
  }
  const { from, reportsDir, baseline } = reportOptions(flags, process.env);
  if (flags.list) {
    for (const line of runLines(await listRuns(reportsDir), shownPath(reportsDir))) console.log(line);
    return EXIT.pass;
  }
  const { summary, paths, regressions, uncompared } = await rerenderReport({
    from,
    reportsDir,
    ...(baseline ? { baseline } : {}),
  });
  console.log(`junit: ${shownPath(paths.junit)}`);
  if (uncompared > 0)
    console.log(
      `baseline: ${uncompared} latency row(s) not compared: ${flags.baseline} has no row of the same stage, load, endpoint and tenant`,
    );
  if (flags.baseline && regressions.length === 0)
    console.log(`baseline: no regression beyond the margins against ${flags.baseline}`);
  for (const regression of regressions) console.log(`regression: ${regression.message}`);
  // The run's own verdict (with the comparison's); the exit code says whether anything regressed.
  console.log(verdictLine(summary));
  console.log(reportLine(paths.html));
  return regressions.length === 0 ? EXIT.pass : EXIT.checksFailed;
}

runCli(main);
