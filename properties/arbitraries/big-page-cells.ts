/**
 * Pages above 50 as coverage cells: for each filter the property draws, one value whose result is
 * longer than a limit from 51 to 100, read at that limit. A server capping pages at 50 (for every
 * request or some filters only) serves a page shorter than its limit with hasMore: true, which
 * full-page-when-more finds (spec §4.3 rule 6: the request is never silently altered). The outcome
 * classes do not aim there: their limits are the page edges and about five pages a walk.
 */
import type { LimitBounds } from '../../lib/props/aim.ts';
import { cellKey, type CoverageCell } from '../../lib/props/coverage.ts';
import type { MeasuredList } from '../../lib/props/measure.ts';
import type { AimedWalk, AimSpec } from './aimed-walk.ts';
import { combinationsOf } from './measured.ts';

/** The smallest limit above the default page of 50, and the largest the spec allows. */
const ABOVE_DEFAULT = 51;
const MAX_LIMIT = 100;
const LABEL = `more than a page of ${ABOVE_DEFAULT} to ${MAX_LIMIT}`;

const whereOf = (endpoint: string, field: string) => `${endpoint} ${field}`;

/** The largest limit from 51 to 100 the walk's bounds allow with more records than it; null when none. */
function bigLimit(list: MeasuredList, field: string, value: string, bounds: LimitBounds): number | null {
  const size = list.sizeOf({ [field]: value });
  const range = bounds(size);
  const limit = Math.min(MAX_LIMIT, range.max, size.min - 1);
  return limit >= Math.max(ABOVE_DEFAULT, range.min) ? limit : null;
}

/** One cell per single filter of each endpoint the property draws; those no value can fill say why. */
export function bigPageCells(
  spec: AimSpec,
  exact: readonly MeasuredList[],
  scheme: (index: number) => AimedWalk['scheme'],
): { cells: CoverageCell[]; examples: AimedWalk[] } {
  const cells: CoverageCell[] = [];
  const examples: AimedWalk[] = [];
  for (const endpoint of spec.endpoints) {
    const lists = exact.filter((list) => list.endpoint === endpoint);
    const fields = combinationsOf(endpoint)
      .filter((combination) => combination.length === 1 && spec.draws(combination))
      .flat();
    for (const field of fields) {
      const where = whereOf(endpoint, field);
      const found = lists
        .flatMap((list) =>
          (spec.only?.[field] ?? list.values[field] ?? []).map((value) => ({
            list,
            value,
            limit: bigLimit(list, field, value, spec.bounds),
          })),
        )
        .find((entry) => entry.limit !== null);
      if (found?.limit == null) {
        const why = `no value selects more than ${ABOVE_DEFAULT} records at a limit the walk's page budget allows`;
        cells.push({ where, label: LABEL, why });
        continue;
      }
      cells.push({ where, label: LABEL });
      examples.push({
        tenant: found.list.tenant,
        endpoint,
        scheme: scheme(examples.length),
        query: { [field]: found.value },
        limit: found.limit,
      });
    }
  }
  return { cells, examples };
}

/** The big-page cell a walk reaches: one filter, a limit from 51 to 100, more records than it. */
export function bigPageReached(list: MeasuredList, query: AimedWalk['query'], limit: number): string[] {
  const fields = Object.keys(query);
  if (fields.length !== 1 || limit < ABOVE_DEFAULT || limit > MAX_LIMIT) return [];
  if (list.sizeOf(query).min <= limit) return [];
  return [cellKey({ where: whereOf(list.endpoint, fields[0] ?? ''), label: LABEL })];
}
