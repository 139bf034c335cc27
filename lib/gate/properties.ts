/** The property stage of the gate: the suites run in-process, their checks returned for the summary. */
import path from 'node:path';
import type { Finding } from '../report/build.ts';
import type { Target } from '../target/target.ts';
import type { RunSource } from '../replay-command.ts';
import { propertyFindings } from '../props/summary.ts';
import { createContext } from '../props/context.ts';
import { allProperties } from '../props/registry.ts';
import { coverageOf, noteLines, resultLines, writeRunArtifacts } from '../props/report.ts';
import { runPropertiesKept, type PropertyResult, type RunOptions } from '../props/runner.ts';

/** What the property stage ran, its checks, and why the rest could not run when it stopped early. */
export interface GateProperties {
  results: PropertyResult[];
  findings: Finding[];
  interrupted?: Error;
}

export async function runGateProperties(
  target: Target,
  options: RunOptions,
  report: { runDir: string; source: RunSource },
  progress: (line: string) => void,
): Promise<GateProperties> {
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
    const findings = propertyFindings(results, {
      runDir: report.runDir,
      reproductions: artifacts.reproductions,
      source: report.source,
    });
    // What ran is judged; the stage ends in error with the reason the rest could not run.
    return { results, findings, ...(interrupted === undefined ? {} : { interrupted }) };
  } finally {
    await context.close();
  }
}
