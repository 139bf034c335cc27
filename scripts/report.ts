/**
 * Re-renders a run's report.html and junit.xml from its summary.json (reports never re-run
 * checks), optionally compares the run with a baseline, or prints the OpenAPI document.
 */
import { openApiDocument } from '../lib/contract/openapi.ts';
import { MARGIN_FLAGS, marginHelp, resolveMargins } from '../lib/report/baseline-options.ts';
import { rerenderReport } from '../lib/report/rerender.ts';
import { EXIT, parseFlags, runCli } from '../lib/cli/cli.ts';

const DEFAULT_FROM = 'reports/latest/summary.json';

const USAGE = `Usage: npm run report -- [--from FILE] [--baseline FILE] [margins] | --openapi

Re-renders report.html and junit.xml beside a run's summary.json; nothing is re-run.
  --from FILE                summary.json of the run (default ${DEFAULT_FROM})
  --baseline FILE            compare with an earlier run's summary.json; exit 1 on a regression
${marginHelp()}
  --openapi                  print the OpenAPI 3.1 document of the public API (JSON) and exit
  --help                     show this help

Margins also come from HARNESS_MARGIN_P95, HARNESS_MARGIN_P99, ... (flag > environment > default).
Exit codes: 0 rendered, no regression; 1 regression against the baseline; 2 usage or setup error.`;

const FLAGS = {
  from: { type: 'string' },
  baseline: { type: 'string' },
  openapi: { type: 'boolean' },
  ...MARGIN_FLAGS,
} as const;

async function main(): Promise<number> {
  const flags = parseFlags(FLAGS, USAGE);
  if (flags.openapi) {
    console.log(JSON.stringify(openApiDocument(), null, 2));
    return EXIT.pass;
  }
  const from = flags.from ?? DEFAULT_FROM;
  const margins = resolveMargins({ flags: flags as Record<string, string | undefined>, env: process.env });
  const { paths, regressions } = await rerenderReport(
    from,
    flags.baseline ? { file: flags.baseline, margins } : undefined,
  );
  console.log(`report: ${paths.html}\njunit:  ${paths.junit}`);
  if (!flags.baseline) return EXIT.pass;
  if (regressions.length === 0) {
    console.log(`baseline: no regression beyond the margins against ${flags.baseline}`);
    return EXIT.pass;
  }
  for (const regression of regressions) console.log(`regression: ${regression.message}`);
  return EXIT.checksFailed;
}

runCli(main);
