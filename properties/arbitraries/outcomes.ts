/**
 * Filter values and limits aimed at outcome classes (lib/props/outcomes.ts) instead of drawn blind:
 * each surveyed list is measured once (lib/props/measure.ts), every combination of the spec's
 * filters (spec §4.1, §4.2) is searched for the values that select no record, one, under a page,
 * exactly a page, several pages, most of the list or all of it (lib/props/aim.ts), and the limit
 * is chosen with them. The coverage phase runs each class once; the random runs draw a class,
 * then values and a limit that produce it.
 */
import fc from 'fast-check';
import { combinationName, type AimedCombination, type LimitBounds } from '../../lib/props/aim.ts';
import { cellKey, type Coverage } from '../../lib/props/coverage.ts';
import { filtersOf, type MeasuredList } from '../../lib/props/measure.ts';
import { classesAt, limitsFor, OUTCOME_CLASSES, type LimitRange } from '../../lib/props/outcomes.ts';
import { surveyOf, type Survey, type TenantSurvey } from '../../lib/props/survey.ts';
import { schemeOf, type AimedWalk, type AimSpec } from './aimed-walk.ts';
import { scheme } from './lists.ts';
import { aimedOnce, combinationsOf, isOpen, measuredList } from './measured.ts';
import { bigPageCells, bigPageReached } from './big-page-cells.ts';
import { outcomeCells } from './outcome-cells.ts';
import { qFormCells, qFormsReached } from './q-form-cells.ts';
import { anyQuery, isPlainQuery } from './search.ts';
import { valueCells, valueReached } from './value-cells.ts';

/** A limit in the range, its edges drawn often; shrinks toward the largest (the fewest pages). */
const limitIn = (range: LimitRange): fc.Arbitrary<number> =>
  fc.oneof(
    fc.integer({ min: 0, max: range.max - range.min }).map((below) => range.max - below),
    fc.constantFrom(range.max, range.min),
  );

interface Aimed {
  list: MeasuredList;
  combination: AimedCombination;
}

/** Draws a list and combination, then a class it can produce, then values and a limit for it. */
function randomWalks(aimed: readonly Aimed[], bounds: LimitBounds): fc.Arbitrary<AimedWalk> {
  return fc.constantFrom(...aimed).chain(({ list, combination }) =>
    fc
      .constantFrom(...OUTCOME_CLASSES.filter((outcome) => combination.byClass[outcome]?.length))
      .chain((outcome) =>
        fc.constantFrom(...(combination.byClass[outcome] ?? [])).chain((aim) =>
          fc
            .tuple(
              limitIn(limitsFor(outcome, aim.size, list.size, bounds(aim.size)) ?? bounds(aim.size)),
              scheme,
            )
            .map(([limit, how]) => ({
              tenant: list.tenant,
              endpoint: list.endpoint,
              scheme: how,
              query: aim.query,
              limit,
            })),
        ),
      ),
  );
}

/**
 * Aimed walks of the survey's lists: the random draws, and the coverage phase (one input per cell
 * the data can produce, every other cell with why not). Null when no list has values to aim with.
 */
export function aimedWalks(
  survey: Survey,
  spec: AimSpec,
): { arbitrary: fc.Arbitrary<AimedWalk>; coverage: Coverage<AimedWalk> } | null {
  const lists = survey.tenants.flatMap((tenant) =>
    spec.endpoints.map((endpoint) => measuredList(tenant, endpoint)),
  );
  const usable = lists.filter((list) => !spec.exactOnly || list.exact);
  const combos = new Map(
    usable.map((list) => [
      list,
      combinationsOf(list.endpoint)
        .filter((fields) => spec.draws(fields) && !isOpen(fields))
        .map((fields) => aimedOnce(list, fields, spec.bounds, spec.only)),
    ]),
  );
  const aimed = [...combos].flatMap(([list, entries]) =>
    entries
      .filter((entry) => Object.keys(entry.byClass).length > 0)
      .map((combination) => ({ list, combination })),
  );
  if (aimed.length === 0) return null;
  const exact = usable.filter((list) => list.exact);
  const { cells, examples } = outcomeCells(spec, exact, combos);
  const forms = spec.qForms ? qFormCells(exact, spec.bounds, schemeOf) : { cells: [], examples: [] };
  const values = valueCells(spec, exact);
  const big = bigPageCells(spec, exact, schemeOf);
  const all = [...cells, ...forms.cells, ...values.cells, ...big.cells];
  const known = new Set(all.map(cellKey));
  return {
    arbitrary: randomWalks(aimed, spec.bounds),
    coverage: {
      cells: all,
      examples: [...examples, ...forms.examples, ...values.examples, ...big.examples],
      reached(input) {
        const tenant = surveyOf(survey, input.tenant);
        const list = tenant && measuredList(tenant, input.endpoint);
        if (!list?.exact) return [];
        const where = `${input.endpoint} ${combinationName(Object.keys(filtersOf(input.query)))}`;
        const classes = classesAt(list.sizeOf(input.query), list.size, input.limit);
        const value = valueReached(input);
        const keys = [
          ...classes.map((label) => cellKey({ where, label })),
          ...(spec.qForms ? qFormsReached(list, input.query.q) : []),
          ...(value === null ? [] : [value]),
          ...bigPageReached(list, filtersOf(input.query), input.limit),
        ];
        return keys.filter((key) => known.has(key));
      },
    },
  };
}

/** Aimed draws, with the unaimed ones beside them at half their weight. */
export const withUnaimed = (aimed: fc.Arbitrary<AimedWalk>, unaimed: fc.Arbitrary<AimedWalk> | undefined) =>
  unaimed === undefined
    ? aimed
    : fc.oneof({ arbitrary: aimed, weight: 2 }, { arbitrary: unaimed, weight: 1 });

/** q over its whole domain (LIKE, regex and URL specials, Unicode, very long) on the tenants' menus. */
export const anyQ = (
  tenants: readonly TenantSurvey[],
  plainOnly: boolean,
  limits: (tenant: TenantSurvey) => fc.Arbitrary<number>,
): fc.Arbitrary<AimedWalk> =>
  fc.constantFrom(...tenants).chain((tenant) => {
    const q = anyQuery(tenant.lists.menuItems.records);
    return fc
      .record({ q: plainOnly ? q.filter(isPlainQuery) : q, limit: limits(tenant), scheme })
      .map(({ q: text, limit, scheme: how }) => ({
        tenant: tenant.name,
        endpoint: 'menuItems' as const,
        scheme: how,
        query: { q: text },
        limit,
      }));
  });
