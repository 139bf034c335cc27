/**
 * The outcome classes as coverage cells: for each endpoint, combination of filters and class, one
 * input from a list whose sizes are exact (the first found, at the limit lib/props/outcomes.ts
 * picks for the class), or why the data cannot produce it.
 */
import { combinationName, coverageAim, type AimedCombination } from '../../lib/props/aim.ts';
import type { CoverageCell } from '../../lib/props/coverage.ts';
import type { MeasuredList } from '../../lib/props/measure.ts';
import {
  coverageLimit,
  describeClass,
  limitsFor,
  OUTCOME_CLASSES,
  type OutcomeClass,
} from '../../lib/props/outcomes.ts';
import { combinationsOf, isOpen, UNJUDGED } from './measured.ts';
import { schemeOf, type AimedWalk, type AimSpec } from './aimed-walk.ts';

/** Why a cell on `lists` (all exact) has no value producing its class. */
function whyNot(
  lists: readonly MeasuredList[],
  aimed: readonly AimedCombination[],
  outcome: OutcomeClass,
): Pick<CoverageCell, 'why' | 'note'> {
  if (lists.length === 0)
    return { why: 'no quiescent tenant whose list the survey read in full: sizes elsewhere are estimates' };
  const empty = aimed[0]?.fields.find((field) =>
    lists.every((list) => (list.values[field] ?? []).length === 0),
  );
  if (empty !== undefined) return { why: `the data has no ${empty} value` };
  const why = `no value selects ${describeClass(outcome, lists[0]?.size ?? 0)}`;
  const partial = aimed.filter((entry) => entry.tried < entry.total);
  if (partial.length === 0) return { why };
  return {
    why,
    note: `value combinations measured: ${partial.map((entry) => `${entry.tried} of ${entry.total}`).join(', ')}`,
  };
}

/** The cells of the property, each with its coverage input or why none exists. */
export function outcomeCells(
  spec: AimSpec,
  exact: readonly MeasuredList[],
  combos: Map<MeasuredList, AimedCombination[]>,
) {
  const cells: CoverageCell[] = [];
  const examples: AimedWalk[] = [];
  for (const endpoint of spec.endpoints) {
    const lists = exact.filter((list) => list.endpoint === endpoint);
    for (const fields of combinationsOf(endpoint).filter(spec.draws)) {
      const where = `${endpoint} ${combinationName(fields)}`;
      const name = combinationName(fields);
      const aimed = lists.flatMap((list) =>
        (combos.get(list) ?? [])
          .filter((entry) => entry.name === name)
          .map((combination) => ({ list, combination })),
      );
      for (const outcome of OUTCOME_CLASSES) {
        if (isOpen(fields)) {
          if (spec.unjudged) cells.push({ where, label: outcome, why: UNJUDGED });
          continue;
        }
        const found = aimed.find(({ combination }) => combination.byClass[outcome]?.length);
        const aim = found && coverageAim(outcome, found.combination.byClass[outcome] ?? []);
        const range = found && aim && limitsFor(outcome, aim.size, found.list.size, spec.bounds(aim.size));
        if (!found || !aim || !range) {
          const why = whyNot(
            lists,
            aimed.map((entry) => entry.combination),
            outcome,
          );
          cells.push({ where, label: outcome, ...why });
          continue;
        }
        cells.push({ where, label: outcome });
        examples.push({
          tenant: found.list.tenant,
          endpoint,
          scheme: schemeOf(examples.length),
          query: aim.query,
          limit: coverageLimit(outcome, aim.size, range),
        });
      }
    }
  }
  return { cells, examples };
}
