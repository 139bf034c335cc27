/**
 * The mutation score (issue 33): every mutant generated from the sentence × site matrix
 * (sandbox/mutants/, docs/spec-coverage.md) in its own small sandbox, the gate's properties run
 * against it as `npm run gate -- --load none` runs them (in-process, on the mutation matrix's
 * small dataset, a mutant killed at the first property that fails, unshrunk). Score: killed /
 * generated, goal 100 %; the equivalent mutants (changes the spec allows) must all pass. Every
 * survivor and every false positive is listed. --quick runs one mutant per operator.
 */
import { providedSandbox, type SandboxMutant } from '../../lib/target/sandbox.ts';
import { mutationScore, runMutants, type MutantRow } from '../../lib/props/mutants.ts';
import { absoluteFigure, ratioFigure, type SectionTable } from '../report.ts';
import type { BenchSection } from '../section.ts';

/** A mutant that passes every property takes about this long on a loaded 2-core machine. */
const MUTANT_BUDGET_MS = 60_000;

/** One mutant per operator: the first site each operator is generated at. */
function onePerOperator(mutants: readonly SandboxMutant[]): string[] {
  const seen = new Set<string>();
  return mutants
    .filter((mutant) => {
      const operator = mutant.name.slice(2).split('@')[0] ?? '';
      if (seen.has(operator)) return false;
      seen.add(operator);
      return true;
    })
    .map((mutant) => mutant.name);
}

function table(rows: readonly MutantRow[]): SectionTable {
  const listed = rows.filter((row) => row.verdict === 'survived' || row.verdict === 'failed');
  return {
    title: 'Surviving mutants and false positives',
    header: ['mutant', 'verdict', 'properties run', 'seconds'],
    rows: listed.map((row) => [
      row.mutant,
      row.verdict === 'failed' ? `FALSE POSITIVE (${row.failedBy?.property ?? ''})` : 'survived',
      String(row.propertiesRun),
      (row.durationMs / 1000).toFixed(0),
    ]),
    notes: [
      'survived: a mutant that violates a sentence of the spec at one site, and every gate property passed it.',
      'FALSE POSITIVE: a change the spec allows, and a property failed on it.',
    ],
  };
}

export const mutationScoreSection: BenchSection = {
  name: 'mutation-score',
  title: 'Generated mutants killed by the gate properties',
  budgetMs: (quick) => {
    const all = providedSandbox().mutants;
    return (quick ? onePerOperator(all).length : all.length) * MUTANT_BUDGET_MS;
  },
  async run(context) {
    const all = providedSandbox().mutants;
    const names = context.quick ? onePerOperator(all) : all.map((mutant) => mutant.name);
    const rows = await runMutants({ mutants: names, signal: context.signal }, (row) =>
      context.log(`mutation-score: ${row.mutant} ${row.verdict}`),
    );
    const score = mutationScore(rows);
    const killedAll = score.killed === score.generated;
    const passedAll = score.equivalentPassed === score.equivalent;
    const of = `${rows.length} run of ${all.length} generated`;
    return {
      status: 'ok',
      figures: [
        ratioFigure('mutants killed', score.killed, score.generated, 'killed / generated', {
          goal: { text: '= 1', met: killedAll },
          note: of,
        }),
        ratioFigure(
          'equivalent mutants passed',
          score.equivalentPassed,
          score.equivalent,
          'passed / generated',
          {
            goal: { text: '= 1', met: passedAll },
          },
        ),
        absoluteFigure('surviving mutants', score.survivors.length, 'mutants', {
          goal: { text: '= 0', met: killedAll },
        }),
      ],
      tables: [table(rows)],
      details: { rows, ...score },
    };
  },
};
