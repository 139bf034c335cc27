/**
 * Every legal value as a coverage cell: each value of each filter whose values the spec or the
 * target lists (status, activeOnly; a tenant's locations and categories, a spread of them), sent
 * alone once in the coverage phase. The outcome classes take one value per class, so a value no
 * class needed (status=ARCHIVED, when ACTIVE and STOP_LIST fill every class) would otherwise only
 * come up by chance.
 */
import { cellKey, type CoverageCell } from '../../lib/props/coverage.ts';
import type { MeasuredList } from '../../lib/props/measure.ts';
import { schemeOf, type AimedWalk, type AimSpec } from './aimed-walk.ts';
import { combinationsOf } from './measured.ts';
import { spread } from '../../lib/props/q-forms.ts';

/** Filters whose values are listed; q is covered by its forms (q-form-cells.ts). */
const VALUE_FIELDS = ['status', 'activeOnly', 'locationId', 'categoryId'] as const;
/** Ids per filter and endpoint taken as cells, spread over the list; every enum value is taken. */
const IDS_TAKEN = 6;

/** One label for them all: the report counts the values reached, the cells name each one. */
const LABEL = 'each value';

/** The fields a property draws alone, among those whose values are listed. */
const valueFields = (spec: AimSpec, endpoint: AimedWalk['endpoint']): string[] =>
  combinationsOf(endpoint)
    .filter((fields) => fields.length === 1 && spec.draws(fields))
    .map(([field]) => field ?? '')
    .filter((field) => (VALUE_FIELDS as readonly string[]).includes(field));

/** The value cells of the property on its exact lists, each with its input or why none exists. */
export function valueCells(spec: AimSpec, exact: readonly MeasuredList[]) {
  const cells: CoverageCell[] = [];
  const examples: AimedWalk[] = [];
  for (const endpoint of spec.endpoints) {
    const lists = exact.filter((list) => list.endpoint === endpoint);
    for (const field of valueFields(spec, endpoint)) {
      const all = [...new Set(lists.flatMap((list) => spec.only?.[field] ?? list.values[field] ?? []))];
      const values = field === 'status' || field === 'activeOnly' ? all : spread(all, IDS_TAKEN);
      if (values.length === 0) {
        const why =
          lists.length === 0
            ? 'no quiescent tenant whose list the survey read in full'
            : `the data has no ${field} value`;
        cells.push({ where: `${endpoint} ${field}`, label: LABEL, why });
        continue;
      }
      for (const value of values) {
        const list = lists.find((each) => (each.values[field] ?? []).includes(value)) ?? lists[0];
        if (list === undefined) continue;
        const query = { [field]: value };
        const range = spec.bounds(list.sizeOf(query));
        cells.push({ where: `${endpoint} ${field}=${value}`, label: LABEL });
        examples.push({
          tenant: list.tenant,
          endpoint,
          scheme: schemeOf(examples.length),
          query,
          limit: range.max,
        });
      }
    }
  }
  return { cells, examples };
}

/** The value cell an input reaches: one listed filter sent alone. */
export function valueReached(input: AimedWalk): string | null {
  const fields = Object.keys(input.query).filter((field) => field !== 'limit' && field !== 'cursor');
  const [field] = fields;
  if (fields.length !== 1 || field === undefined || !(VALUE_FIELDS as readonly string[]).includes(field))
    return null;
  return cellKey({ where: `${input.endpoint} ${field}=${input.query[field] ?? ''}`, label: LABEL });
}
