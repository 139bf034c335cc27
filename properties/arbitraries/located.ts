/**
 * Cells for a location's menu read past its first page (spec §2 MenuItem: with a location, prices
 * and visibility are that location's, on every page): a spread of the locations whose menus the
 * survey read in full, each walked at a limit that gives it a page reached by a cursor. The paging
 * classes pick one filter value per class, so a located menu would otherwise come up by chance.
 */
import { LIMITS } from '../../lib/contract/endpoints.ts';
import { cellKey, type Coverage, type CoverageCell } from '../../lib/props/coverage.ts';
import type { Survey } from '../../lib/props/survey.ts';
import { schemeOf, type AimedWalk } from './aimed-walk.ts';
import { spread } from '../../lib/props/q-forms.ts';

/** Locations taken per run, spread over every quiescent tenant's located menus. */
const LOCATIONS_TAKEN = 3;
const LABEL = "a location's menu past page 1";
/** Pages a located walk is cut into at its limit: a first page and two reached by a cursor. */
const PAGES = 3;

interface Located {
  tenant: string;
  locationId: string;
  size: number;
}

const where = (located: Located): string => `menuItems locationId=${located.locationId}`;

/** `coverage` with a cell and an input for each located menu taken (or why there is none). */
export function withLocatedMenus<Input>(
  coverage: Coverage<Input>,
  survey: Survey,
  make: (walk: AimedWalk) => Input,
  walkOf: (input: Input) => AimedWalk | undefined,
): Coverage<Input> {
  const all: Located[] = survey.tenants
    .filter((tenant) => tenant.quiescent)
    .flatMap((tenant) =>
      Object.entries(tenant.menuByLocation).map(([locationId, ids]) => ({
        tenant: tenant.name,
        locationId,
        size: ids.length,
      })),
    );
  const taken = spread(
    all.filter((located) => located.size >= 2),
    LOCATIONS_TAKEN,
  );
  if (taken.length === 0) {
    const why =
      all.length === 0
        ? 'no list: no quiescent tenant whose located menus the survey read in full'
        : 'no list: no located menu holds two items';
    const cell: CoverageCell = { where: 'menuItems locationId', label: LABEL, why };
    return { ...coverage, cells: [...coverage.cells, cell] };
  }
  const examples = taken.map((located, index) =>
    make({
      tenant: located.tenant,
      endpoint: 'menuItems',
      scheme: schemeOf(index),
      query: { locationId: located.locationId },
      limit: Math.min(LIMITS.max, Math.max(1, Math.ceil(located.size / PAGES))),
    }),
  );
  const sizes = new Map(taken.map((located) => [located.locationId, located.size]));
  return {
    cells: [...coverage.cells, ...taken.map((located) => ({ where: where(located), label: LABEL }))],
    examples: [...coverage.examples, ...examples],
    reached(input) {
      const walk = walkOf(input);
      const locationId = walk?.endpoint === 'menuItems' ? walk.query.locationId : undefined;
      const size = locationId === undefined ? undefined : sizes.get(locationId);
      const past = walk !== undefined && size !== undefined && size > walk.limit;
      const located = past ? [cellKey({ where: `menuItems locationId=${locationId}`, label: LABEL })] : [];
      return [...coverage.reached(input), ...located];
    },
  };
}
