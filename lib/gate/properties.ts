/** The property stage of the gate: the suites run in-process, folded into the summary. */
import path from 'node:path';
import { addCheck, type CheckOutcome } from '../report/build.ts';
import type { Summary } from '../report/model.ts';
import type { Target } from '../target/target.ts';
import { propsReplay, type RunSource } from '../replay-command.ts';
import { ALL_PROPERTIES } from '../../properties/all.ts';
import { createContext } from '../../properties/context.ts';
import { resultLine, writeRunArtifacts } from '../../properties/report.ts';
import { runProperties, type PropertyResult, type RunOptions } from '../../properties/runner.ts';

function outcomeOf(result: PropertyResult, reproductions: string[], source: RunSource): CheckOutcome {
  if (result.status === 'skipped') return { verdict: 'skipped', reason: result.reason };
  if (result.status === 'passed') return { verdict: 'passed', advisories: result.advisories };
  return {
    verdict: 'failed',
    failures: [...result.failures, ...result.advisories],
    seed: result.seed,
    path: result.path,
    replay: propsReplay(result.name, result, source),
    reproduction: reproductions,
  };
}

export async function runGateProperties(
  target: Target,
  options: RunOptions,
  report: { summary: Summary; runDir: string; source: RunSource },
  progress: (line: string) => void,
): Promise<PropertyResult[]> {
  const context = createContext(target);
  try {
    // A failure's cause is printed once at the end, grouped by check (lib/gate/console.ts).
    const results = await runProperties(ALL_PROPERTIES, context, options, (result) =>
      progress(
        `  ${result.status === 'failed' ? `FAIL ${result.name} (seed ${result.seed}, path ${result.path})` : resultLine(result)}`,
      ),
    );
    const artifacts = await writeRunArtifacts(
      path.join(report.runDir, 'props'),
      target,
      results,
      options,
      report.source,
    );
    for (const result of results) {
      const script = artifacts.reproductions[result.name];
      const scripts = script === undefined ? [] : [path.relative(report.runDir, script)];
      addCheck(
        report.summary,
        {
          name: result.name,
          kind: 'property',
          family: result.family,
          durationMs: Math.round(result.durationMs),
        },
        outcomeOf(result, scripts, report.source),
      );
    }
    return results;
  } finally {
    await context.close();
  }
}
