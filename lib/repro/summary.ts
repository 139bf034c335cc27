/**
 * A repro run as summary.json: one stage for the hunt (its verdict in the name: reproduced on try
 * N, or not reproduced after N tries) and one for the shrink, one invariant check per page check
 * and for every-request-answered, and one for any other check the replay broke (a failed one carries the shrunk failure, the fast-check seed and path, and the reproduction
 * files), and the whole story as repro.json beside it.
 */
import { everyRequestAnswered } from '../checks/every-request-answered.ts';
import { PAGE_CHECKS } from '../checks/registry.ts';
import type { Failure } from '../failure.ts';
import { stageEntry, type Finding, type StageReport } from '../report/build.ts';
import { describeInput } from './walk-input.ts';
import type { Query } from '../http/call.ts';
import type { HuntResult, Shrunk } from './hunt.ts';

export interface ReproOutcome {
  filters: Query;
  hunted: HuntResult;
  triesAllowed: number;
  huntMs: number;
  shrunk?: Shrunk;
  shrinkMs: number;
  /** Why the shrink could not finish (the user's side), when it could not: the hunt's finding stands unshrunk. */
  shrinkError?: string;
  reproduction: string[];
}

export function verdictLine(outcome: ReproOutcome): string {
  const { hunted, shrunk } = outcome;
  const seconds = (outcome.huntMs / 1000).toFixed(1);
  const inconclusive =
    hunted.inconclusive > 0 ? `, ${hunted.inconclusive} inconclusive (throttled or over time)` : '';
  if (!hunted.found)
    return `not reproduced after ${hunted.tries} of ${outcome.triesAllowed} tries in ${seconds} s${inconclusive}`;
  const check = hunted.found.failures[0]?.check ?? 'a check';
  const size = shrunk
    ? `; shrunk to ${shrunk.replay.steps.length} request(s): ${describeInput(outcome.filters, shrunk.input)}`
    : '';
  return `reproduced ${check} on try ${hunted.tries} of ${outcome.triesAllowed} in ${seconds} s${size}`;
}

function failuresOf(outcome: ReproOutcome): Failure[] {
  return outcome.shrunk?.replay.failures ?? outcome.hunted.found?.failures ?? [];
}

/** The hunt's and the shrink's stages. */
function reproStages(outcome: ReproOutcome): NonNullable<StageReport['stages']> {
  return [
    stageEntry(`hunt: ${verdictLine(outcome)}`, outcome.hunted.found ? 'fail' : 'pass', outcome.huntMs),
    ...(outcome.shrunk
      ? [
          stageEntry(
            `shrink: ${outcome.shrunk.shrinks} shrink(s)${outcome.shrunk.reconfirmed ? '' : ', the failure did not show again: unshrunk'}`,
            'pass',
            outcome.shrinkMs,
          ),
        ]
      : []),
    ...(outcome.shrinkError === undefined
      ? []
      : [stageEntry('shrink', 'inconclusive', outcome.shrinkMs, outcome.shrinkError)]),
  ];
}

/** `replay`: the harness command that repeats the hunt, recorded on each failed check. */
export function reproReport(outcome: ReproOutcome, replay: string): StageReport {
  const failures = failuresOf(outcome);
  // Every page check, every-request-answered, and any other check the replay broke (an answer's framing).
  const names = [
    ...new Set([
      ...PAGE_CHECKS.map((check) => check.name),
      everyRequestAnswered.name,
      ...failures.map((failure) => failure.check),
    ]),
  ];
  const findings = names.map((name): Finding => {
    const own = failures.filter((failure) => failure.check === name);
    const identity = { name, kind: 'invariant' as const, family: 'repro' };
    if (own.length === 0)
      return {
        check: { ...identity, detail: `held on ${outcome.hunted.tries} replay(s)` },
        outcome: { verdict: 'passed' },
      };
    return {
      check: identity,
      outcome: {
        verdict: 'failed',
        failures: own,
        ...(outcome.shrunk?.reconfirmed ? { seed: outcome.shrunk.seed, path: outcome.shrunk.path } : {}),
        replay,
        reproduction: outcome.reproduction,
      },
    };
  });
  return { stages: reproStages(outcome), findings };
}
