/** The property stage of the gate: the suites run in-process, folded into the summary. */
import path from 'node:path';
import type { Summary } from '../report/model.ts';
import type { Target } from '../target/target.ts';
import type { RunSource } from '../replay-command.ts';
import { addPropertyChecks } from '../props/summary.ts';
import { createContext } from '../props/context.ts';
import { allProperties } from '../props/registry.ts';
import { coverageOf, noteLines, resultLines, writeRunArtifacts } from '../props/report.ts';
import { runPropertiesKept, type PropertyResult, type RunOptions } from '../props/runner.ts';

export async function runGateProperties(
  target: Target,
  options: RunOptions,
  report: { summary: Summary; runDir: string; source: RunSource },
  progress: (line: string) => void,
): Promise<PropertyResult[]> {
  const context = createContext(target, { walkPages: options.walkPages });
  try {
    // A failure's cause is printed once at the end, grouped by check (lib/gate/console.ts).
    const { results, interrupted } = await runPropertiesKept(allProperties(), context, options, (result) =>
      progress(
        result.status === 'failed'
          ? [
              `  FAIL ${result.name} (seed ${result.seed}, path ${result.path})`,
              ...coverageOf(result).map((line) => `    ${line}`),
            ].join('\n')
          : resultLines(result, '  '),
      ),
    );
    for (const line of noteLines(results)) progress(`  ${line}`);
    const artifacts = await writeRunArtifacts(
      path.join(report.runDir, 'props'),
      target,
      results,
      options,
      report.source,
    );
    addPropertyChecks(report.summary, results, {
      runDir: report.runDir,
      reproductions: artifacts.reproductions,
      source: report.source,
    });
    // What ran is in the summary; the stage ends in error with the reason the rest could not run.
    if (interrupted !== undefined) throw interrupted;
    return results;
  } finally {
    await context.close();
  }
}
