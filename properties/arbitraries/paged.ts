/**
 * Lists and limits aimed at paging classes (lib/props/paging.ts) instead of drawn blind: on every
 * list whose sizes are exact (quiescent, read in full), the unfiltered list and the filter values
 * aimed at every outcome class (lib/props/aim.ts; `filtered: false`: the list alone) are sized,
 * and the limits that give each paging class are worked out from the size. The coverage phase runs each class once per
 * endpoint; the random runs draw a class, then a list, filters and a limit that produce it. A
 * class no list produces is a "not reached: why" line of the property's report.
 */
import fc from 'fast-check';
import type { Endpoint } from '../../lib/contract/endpoints.ts';
import type { Query } from '../../lib/http/call.ts';
import type { LimitBounds } from '../../lib/props/aim.ts';
import { cellKey, type Coverage, type CoverageCell } from '../../lib/props/coverage.ts';
import type { MeasuredList } from '../../lib/props/measure.ts';
import {
  describePaging,
  PAGING_CLASSES,
  pagingClassesAt,
  pagingCoverageLimit,
  pagingLimits,
  type PagingClass,
} from '../../lib/props/paging.ts';
import { surveyOf, type Survey } from '../../lib/props/survey.ts';
import { schemeOf, type AimedWalk } from './aimed-walk.ts';
import { scheme } from './lists.ts';
import { aimedOnce, anyLimit, combinationsOf, isOpen, measuredList } from './measured.ts';

/** Choices kept per class for the random runs. */
const POOL = 24;

export interface PagedSpec {
  endpoints: readonly Endpoint[];
  /** The limits a walk may take for a result of a given size (a whole walk within its pages). */
  bounds: LimitBounds;
  /** Filter values (aimed at every outcome class) as well as the unfiltered list. */
  filtered: boolean;
  /** Only these tenants' lists (the tenants of the keys a probe sends); every tenant's when absent. */
  tenants?: readonly string[];
}

interface Choice {
  list: MeasuredList;
  query: Query;
  size: number;
  limits: number[];
}

/**
 * The unfiltered list, then (filtered) the values lib/props/aim.ts found for every combination of
 * the spec's filters, each with its exact size (a range is no size to aim a limit with).
 */
function queriesOf(list: MeasuredList, filtered: boolean): { query: Query; size: number }[] {
  const found = new Map<string, { query: Query; size: number }>([['{}', { query: {}, size: list.size }]]);
  if (filtered)
    for (const fields of combinationsOf(list.endpoint).filter((combination) => !isOpen(combination)))
      for (const aims of Object.values(aimedOnce(list, fields, anyLimit).byClass))
        for (const { query, size } of aims ?? [])
          if (size.min === size.max) found.set(JSON.stringify(query), { query, size: size.min });
  return [...found.values()];
}

/** Per endpoint and class, the choices that produce it (up to POOL). */
function pools(lists: readonly MeasuredList[], spec: PagedSpec): Map<string, Choice[]> {
  const byCell = new Map<string, Choice[]>();
  // The limits depend on the size alone: worked out once per size and class.
  const limitsOf = new Map<string, number[]>();
  for (const list of lists)
    for (const { query, size } of queriesOf(list, spec.filtered))
      for (const outcome of PAGING_CLASSES) {
        const key = cellKey({ where: whereOf(list.endpoint), label: outcome });
        const pool = byCell.get(key) ?? [];
        if (pool.length >= POOL) continue;
        const sized = `${size} ${outcome}`;
        const limits =
          limitsOf.get(sized) ?? pagingLimits(outcome, size, spec.bounds({ min: size, max: size }));
        limitsOf.set(sized, limits);
        if (limits.length > 0) byCell.set(key, [...pool, { list, query, size, limits }]);
      }
  return byCell;
}

/** Where a paging cell is: the endpoint's pages. */
const whereOf = (endpoint: Endpoint) => `${endpoint} pages`;

const walkOf = (choice: Choice, limit: number, index: number): AimedWalk => ({
  tenant: choice.list.tenant,
  endpoint: choice.list.endpoint,
  scheme: schemeOf(index),
  query: choice.query,
  limit,
});

/** The paging classes `input` reaches, as cell keys, on a list whose sizes are exact. */
function pagingReached(survey: Survey, input: AimedWalk): string[] {
  const tenant = surveyOf(survey, input.tenant);
  const list = tenant && measuredList(tenant, input.endpoint);
  if (!list?.exact) return [];
  const size = list.sizeOf(input.query);
  if (size.min !== size.max) return [];
  return pagingClassesAt(size.min, input.limit).map((label) =>
    cellKey({ where: whereOf(input.endpoint), label }),
  );
}

/**
 * Aimed walks of the survey's exact lists and their coverage. When no list's sizes are exact
 * (changing data, lists longer than the survey read) there is nothing to aim with: no arbitrary,
 * and every cell says why, so the property draws blind and its report says what it could not aim at.
 */
export function pagedWalks(
  survey: Survey,
  spec: PagedSpec,
): { arbitrary: fc.Arbitrary<AimedWalk> | null; coverage: Coverage<AimedWalk> } {
  const lists = survey.tenants
    .filter((tenant) => spec.tenants?.includes(tenant.name) ?? true)
    .flatMap((tenant) =>
      spec.endpoints.map((endpoint) => measuredList(tenant, endpoint)).filter((list) => list.exact),
    );
  const byCell = pools(lists, spec);
  const cells: CoverageCell[] = [];
  const examples: AimedWalk[] = [];
  for (const endpoint of spec.endpoints)
    for (const outcome of PAGING_CLASSES) {
      const cell = { where: whereOf(endpoint), label: outcome };
      const pool = byCell.get(cellKey(cell)) ?? [];
      // Exactly a page of one record is a page of one: aim at a fuller page when one exists.
      const choice = (outcome === 'exact-page' && pool.find((entry) => entry.size >= 2)) || pool[0];
      if (choice === undefined) {
        cells.push({ ...cell, why: whyNot(lists, endpoint, outcome, spec.filtered) });
        continue;
      }
      cells.push(cell);
      examples.push(
        walkOf(choice, pagingCoverageLimit(outcome, choice.size, choice.limits), examples.length),
      );
    }
  const known = new Set(cells.map(cellKey));
  const drawn =
    byCell.size === 0
      ? null
      : fc
          .constantFrom(...byCell.values())
          .chain((pool) =>
            fc
              .constantFrom(...pool)
              .chain((choice) =>
                fc
                  .tuple(fc.constantFrom(...choice.limits), scheme)
                  .map(([limit, how]) => ({ ...walkOf(choice, limit, 0), scheme: how })),
              ),
          );
  return {
    arbitrary: drawn,
    coverage: {
      cells,
      examples,
      reached: (input) => pagingReached(survey, input).filter((key) => known.has(key)),
    },
  };
}

function whyNot(lists: readonly MeasuredList[], endpoint: Endpoint, outcome: PagingClass, filtered: boolean) {
  if (!lists.some((list) => list.endpoint === endpoint))
    return 'no quiescent tenant whose list the survey read in full: sizes elsewhere are estimates';
  const what = filtered ? 'no list or value of its filters' : 'no list';
  const within = outcome === 'several-pages' ? '' : " at a limit the walk's page budget allows";
  return `${what} selects ${describePaging(outcome)}${within}`;
}

/**
 * The coverage of aimed walks for a property whose inputs are another shape: its examples, and
 * what an input reaches through the walk it reads (none: reaches nothing).
 */
export const coverageOf = <Input>(
  coverage: Coverage<AimedWalk>,
  examples: readonly Input[],
  walkOf: (input: Input) => AimedWalk | undefined,
): Coverage<Input> => ({
  cells: coverage.cells,
  examples,
  reached: (input) => {
    const aimed = walkOf(input);
    return aimed === undefined ? [] : coverage.reached(aimed);
  },
});
