/**
 * `npm run load -- --judge-report DIR`: a distributed run brought back (DIR holds the directory
 * `--platform` wrote and the report.json Artillery's runner wrote into it), judged from that
 * report (report-result.ts) and written as the same summary.json, junit.xml, report.html and
 * result.json as `npm run load`, into DIR.
 */
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { HarnessError } from '../../errors.ts';
import path from 'node:path';
import { buildSummary, describeTarget } from '../../report/build.ts';
import type { Summary } from '../../report/model.ts';
import { runVersions } from '../../report/versions.ts';
import { withRun } from '../../report/with-run.ts';
import type { LoadResult } from './loads.ts';
import { REPORT_FILE, reportResult } from './report-result.ts';
import type { LoadRun } from './run-load.ts';
import { loadFindings, loadStage, runLoadText } from './summary.ts';

const round = (value: number | undefined) => Number((value ?? 0).toFixed(2));

/** The report's latency tables from the series the workers split it by: per endpoint, per depth. */
function reportTables(result: LoadResult): Pick<Summary['metrics'], 'latency' | 'depth'> {
  const series = (tag: string) =>
    Object.entries(result.metrics).flatMap(([name, metric]) => {
      const match = new RegExp(`^latency\\{${tag}:(.+)\\}$`).exec(name);
      return match?.[1] === undefined ? [] : [{ value: match[1], values: metric.values }];
    });
  return {
    latency: series('endpoint').map(({ value, values }) => ({
      endpoint: value,
      load: runLoadText([{ name: result.scenario, result }]),
      p50: round(values.p50),
      p95: round(values.p95),
      p99: round(values.p99),
      max: round(values.max),
      count: values.count ?? 0,
    })),
    depth: series('depth')
      .map(({ value, values }) => ({
        bucket: Number.parseInt(value, 10),
        p50: round(values.p50),
        p95: round(values.p95),
        count: values.count ?? 0,
      }))
      .filter((row) => Number.isInteger(row.bucket) && row.bucket >= 1)
      .sort((a, b) => a.bucket - b.bucket),
  };
}

/**
 * `dir` as --judge-report takes it: the folder --platform wrote, not judged yet. A judged folder is
 * a run, and a run's reports are a record: judging it again would rewrite them.
 */
function unjudgedFolder(dir: string): string {
  const runDir = path.resolve(dir);
  if (statSync(runDir, { throwIfNoEntry: false })?.isDirectory() === false)
    throw new HarnessError(
      `--judge-report: ${dir} is a file; give the folder --platform wrote (it holds plan.json and Artillery's ${REPORT_FILE})`,
    );
  if (existsSync(path.join(runDir, 'summary.json')))
    throw new HarnessError(
      `--judge-report: ${dir} was judged already (its summary.json is a record and stays as it is); copy the folder to judge it again`,
    );
  return runDir;
}

/** Judges the distributed run in `dir` and writes its reports there; throws one line when it cannot. */
export async function judgeReport(dir: string): Promise<LoadRun & { accuracy: string }> {
  const runDir = unjudgedFolder(dir);
  const { paths, summary, result } = await withRun({ command: 'load', runDir }, async ({ runId }) => {
    const result = await reportResult(runDir);
    writeFileSync(result.files.result, `${JSON.stringify(result, null, 2)}\n`);
    const label = `${result.scenario}/${result.profile}`;
    const summary = buildSummary(
      {
        command: 'load',
        runId,
        target: describeTarget(result.target.name, result.target.baseUrl, { sandbox: false }),
        versions: runVersions(result.engine.artillery),
        startedAt: new Date(result.startedAt),
        finishedAt: new Date(),
      },
      [
        {
          stages: [loadStage(label, result)],
          findings: loadFindings(result, label),
          metrics: reportTables(result),
          artifacts: [
            { name: 'result.json', path: 'result.json' },
            { name: REPORT_FILE, path: REPORT_FILE },
          ],
        },
      ],
    );
    // Nothing here saw a key: the plan holds names only, the report name-safe values checked
    // against the keys by the engine that emitted them.
    return { summary, result, redact: (text: string) => text };
  });
  return { ...result, summary, report: paths };
}
