/**
 * Property results in the one summary.json schema (lib/report/model.ts): a check per property,
 * with its replay command and reproduction script when it failed. The gate's property stage and
 * `npm run props` both write them this way.
 */
import path from 'node:path';
import { coverageOf } from './report.ts';
import type { PropertyResult } from './runner.ts';
import type { CheckOutcome, Finding } from '../report/build.ts';
import { propsReplay, type RunSource } from '../replay-command.ts';

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

/** One check per property; reproduction scripts are named relative to the run directory. */
export function propertyFindings(
  results: readonly PropertyResult[],
  run: { runDir: string; reproductions: Record<string, string>; source: RunSource },
): Finding[] {
  return results.map((result) => {
    const script = run.reproductions[result.name];
    const scripts = script === undefined ? [] : [path.relative(run.runDir, script)];
    const reached = coverageOf(result);
    return {
      check: {
        name: result.name,
        kind: 'property',
        family: result.family,
        durationMs: Math.round(result.durationMs),
        ...(reached.length > 0 || result.note !== undefined
          ? { detail: [...(result.note === undefined ? [] : [result.note]), ...reached].join('; ') }
          : {}),
      },
      outcome: outcomeOf(result, scripts, run.source),
    };
  });
}
