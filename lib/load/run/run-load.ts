/**
 * `npm run load`'s run: one load as a run of one stage in its own folder (reports/<run-id>/, or
 * `outDir`), judged by runLoads, with summary.json, junit.xml and report.html beside its
 * result.json. An error run leaves no folder behind.
 */
import path from 'node:path';
import { buildSummary, describeTarget } from '../../report/build.ts';
import type { Summary } from '../../report/model.ts';
import { commandReplay } from '../../replay-command.ts';
import { runVersions } from '../../report/versions.ts';
import { withRun, type RunPaths } from '../../report/with-run.ts';
import { runLoads, type LoadResult } from './loads.ts';
import { checkOptions, type LoadOptions } from './options.ts';
import { loadFindings, loadMetrics, loadStage } from './summary.ts';

/** A load command's run: its load's result, and the run's reports in the one summary schema. */
export interface LoadRun extends LoadResult {
  summary: Summary;
  report: RunPaths;
}

/**
 * One load run, a run of one stage in its own folder (`outDir`, or reports/<run-id>/ with
 * reports/latest pointing at it), with summary.json, junit.xml and report.html beside result.json.
 */
export async function runLoad(options: LoadOptions = {}): Promise<LoadRun> {
  const { scenario, profile, workers, publish } = checkOptions(options);
  // An error (a bad target, an unreachable host) leaves no run directory behind.
  const { paths, summary, result } = await withRun(
    {
      command: 'load',
      ...(options.reportsDir ? { reportsDir: options.reportsDir } : {}),
      ...(options.outDir ? { runDir: options.outDir } : {}),
    },
    async ({ runId, runDir: dir, started }) => {
      const [result] = await runLoads([{ name: scenario, options, dir }], {
        dir,
        workers,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        ...(options.maxInFlight ? { maxInFlight: options.maxInFlight } : {}),
        ...(options.echo ? { echo: options.echo } : {}),
        ...(options.env ? { env: options.env } : {}),
        ...(options.progress ? { progress: options.progress } : {}),
        ...(publish ? { publish: { to: publish, run: runId } } : {}),
      });
      if (!result) throw new Error('runLoads returned no result for one load');
      const source =
        options.target === undefined ? { faults: options.faults ?? [] } : { targetFile: options.target };
      const replay = commandReplay('load', source, ['--scenario', scenario, '--profile', profile]);
      const metrics = await loadMetrics([{ name: scenario, result }]);
      const summary = buildSummary(
        {
          command: 'load',
          runId,
          target: describeTarget(result.target.name, result.target.baseUrl, {
            sandbox: result.target.sandbox,
            faults: result.target.faults,
          }),
          versions: runVersions(result.engine.artillery),
          startedAt: started,
          finishedAt: new Date(),
        },
        [
          {
            stages: [loadStage(`${scenario}/${profile}`, result)],
            findings: loadFindings(result, `${scenario}/${profile}`, { replay }),
            metrics,
            artifacts: [{ name: 'result.json', path: path.relative(dir, result.files.result) }],
          },
        ],
      );
      // The result on disk is already redacted; the summary holds nothing the result does not.
      return { summary, result, redact: (text: string) => text };
    },
  );
  return { ...result, summary, report: paths };
}
