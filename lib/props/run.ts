/**
 * The props command's runs: the property suites against a target (a target file, or a sandbox with
 * catalogue faults) with their artefacts, and the mutation matrix with its markdown.
 * `scripts/props.ts` parses the flags and prints.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeFolder } from '../adapters/node-run-dir.ts';
import { selectProperties } from './registry.ts';
import { createContext } from './context.ts';
import { runMatrix, type MatrixRow } from './matrix.ts';
import { matrixHolds, matrixMarkdown } from './matrix-report.ts';
import { waitUntilAnswering } from './readiness.ts';
import { writeRunArtifacts } from './report.ts';
import { runPropertiesKept, type PropertyResult, type RunOptions } from './runner.ts';
import type { OnOpened } from '../cli/cli.ts';
import { HarnessError } from '../errors.ts';
import { buildSummary, unfinishedStage } from '../report/build.ts';
import type { Summary } from '../report/model.ts';
import { runVersions } from '../report/versions.ts';
import type { ReportPaths } from '../report/write.ts';
import { withRun } from '../report/with-run.ts';
import { propertyFindings } from './summary.ts';
import { runFacts, startTarget } from '../run/start.ts';

export interface PropsRun {
  targetFile: string;
  faults: readonly string[];
  /** Sandbox only: data changes per second while the properties run. */
  churn: number;
  properties: ReturnType<typeof selectProperties>;
  options: RunOptions;
  /** Run folders go in here, as <reportsDir>/<run-id>/. */
  reportsDir: string;
}

export interface PropsResult {
  results: PropertyResult[];
  artifacts: Awaited<ReturnType<typeof writeRunArtifacts>>;
  /** The run as summary.json holds it. */
  summary: Summary;
  /** summary.json, junit.xml and report.html, in the schema every command writes. */
  report: ReportPaths;
}

/**
 * Runs the properties and writes <reportsDir>/<run-id>/: props.json, a reproduction per failure,
 * and summary.json, junit.xml and report.html (reports/latest points at it).
 */
export async function runProps(
  run: PropsRun,
  onResult: (result: PropertyResult) => void,
  onOpened: OnOpened = () => {},
): Promise<PropsResult> {
  const { options, properties } = run;
  if (options.path !== undefined && (options.seed === undefined || properties.length !== 1))
    throw new HarnessError('--path replays one counterexample: give it with --seed and a single --property');
  if (run.targetFile !== '' && run.churn > 0)
    throw new HarnessError('--churn shapes the sandbox; it cannot be used with --target');
  const { opened, redact } = await startTarget(
    { file: run.targetFile, faults: run.faults, sandbox: { churn: run.churn } },
    onOpened,
  );
  const { target } = opened;
  const context = createContext(target, { walkPages: options.walkPages });
  try {
    // A started sandbox answers at once; an external target is already running or is down.
    await waitUntilAnswering(target, 3000);
    const { paths, ...done } = await withRun(
      { command: 'props', reportsDir: run.reportsDir },
      async (folder) => {
        const { runDir, started } = folder;
        const { results, interrupted } = await runPropertiesKept(properties, context, options, onResult);
        const source = {
          ...(run.targetFile === ''
            ? { faults: run.faults, churn: run.churn }
            : { targetFile: run.targetFile }),
          ...(options.walkPages === undefined ? {} : { walkPages: options.walkPages }),
        };
        const artifacts = await writeRunArtifacts(runDir, target, results, options, source);
        const findings = propertyFindings(results, {
          runDir,
          reproductions: artifacts.reproductions,
          source,
        });
        // What ran is judged and kept; why the rest could not run is the stage's line: inconclusive
        // for a reason on the user's side, else the harness's error (a target that stopped
        // answering is a finding: every-request-answered, lib/adapters/node-http.ts).
        const stages =
          interrupted === undefined
            ? []
            : [unfinishedStage('properties', Date.now() - started.getTime(), interrupted, redact)];
        const artifactsKept = [{ name: 'props.json', path: 'props.json' }];
        const summary = buildSummary(runFacts('props', folder, opened, runVersions()), [
          { findings, stages, artifacts: artifactsKept },
        ]);
        return { summary, redact, results, artifacts };
      },
    );
    return { ...done, report: paths };
  } finally {
    await context.close();
    await opened.close();
  }
}

/**
 * Runs the mutation matrix and writes its markdown to `<reportsDir>/matrix.md` (the docs' copy,
 * docs/matrix.md, is the user's to refresh from it: a command writes only where it is told).
 * Returns the markdown, the file, and whether every fault was caught and the clean sandbox passed.
 */
export async function runMatrixReport(
  options: RunOptions,
  { full, reportsDir }: { full: boolean; reportsDir: string },
  onRow: (row: MatrixRow) => void,
): Promise<{ markdown: string; holds: boolean; file: string }> {
  // Before the minutes of running: a file where the folder must be is said now.
  await makeFolder(reportsDir);
  const started = Date.now();
  const { rows, clean } = await runMatrix({ ...options, full }, onRow);
  const note = `Generated by \`npm run props -- --matrix${full ? ' --full' : ''}\` on ${new Date().toISOString().slice(0, 10)} in ${((Date.now() - started) / 1000).toFixed(0)} s (fast-check seed ${options.seed ?? 1}; ${full ? 'every property against every fault' : 'per fault, the properties whose checks name it in their catches'}).`;
  // Written as Prettier would, so the docs copy passes the repository's format check (a dev tool,
  // loaded only here).
  const { format, resolveConfig } = await import('prettier');
  const markdown = await format(matrixMarkdown(rows, clean, note), {
    ...(await resolveConfig('docs/matrix.md')),
    parser: 'markdown',
  });
  const file = join(reportsDir, 'matrix.md');
  await writeFile(file, markdown);
  return { markdown, holds: matrixHolds(rows, clean), file };
}
