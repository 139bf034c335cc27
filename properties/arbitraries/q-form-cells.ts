/**
 * The q forms as coverage cells (lib/props/q-forms.ts): for each form, one q value of the data
 * that has it and surely finds a record (a literal + or %XX: finds what the data holds of it,
 * usually nothing), read at a limit one of its outcome classes allows; and for each kind of near
 * miss (lib/props/near-misses.ts), one that must find nothing.
 */
import { aimableClasses, type LimitBounds } from '../../lib/props/aim.ts';
import { cellKey, type CoverageCell } from '../../lib/props/coverage.ts';
import type { MeasuredList } from '../../lib/props/measure.ts';
import { coverageLimit, limitsFor, type SizeRange } from '../../lib/props/outcomes.ts';
import { NEAR_MISS_KINDS, nearMisses } from '../../lib/props/near-misses.ts';
import { LITERAL_FORMS, qForms, Q_FORMS, type QForm } from '../../lib/props/q-forms.ts';
import type { SurveyRecord } from '../../lib/props/survey.ts';
import type { AimedWalk } from './aimed-walk.ts';

const WHERE = 'menuItems q';
const label = (form: string): string => `q: ${form}`;

/** A cell's form: a q form, or a kind of near miss (labelled "near miss, <kind>"). */
interface CellForm {
  name: string;
  /** Whether q has the form on the list, finding the records in `size`. */
  has(list: MeasuredList, q: string, size: SizeRange): boolean;
  /** Why no value of the data has it. */
  why: string;
}

/** The records q surely finds on the list (every reading of "case-insensitive" finds them). */
function foundBy(list: MeasuredList, q: string): SurveyRecord[] {
  const { must } = list.selection('q', q);
  return list.records.filter((_, position) => ((must[position >>> 5] ?? 0) & (1 << (position & 31))) !== 0);
}

/** Whether a q of `form` finding records in `size` counts: a literal form also when it finds none. */
const counts = (form: QForm, size: SizeRange): boolean => size.min > 0 || LITERAL_FORMS.includes(form);

const CELL_FORMS: readonly CellForm[] = [
  ...Q_FORMS.map((form) => ({
    name: form,
    has: (list: MeasuredList, q: string, size: SizeRange) =>
      counts(form, size) && qForms(q, foundBy(list, q)).includes(form),
    why: 'no q value of the data has this form and surely finds an item',
  })),
  ...NEAR_MISS_KINDS.map((kind) => ({
    name: `near miss, ${kind}`,
    has: (list: MeasuredList, q: string) => nearMisses(list.records).get(q) === kind,
    why: 'no name or SKU of the data makes a near miss of this kind that no name or SKU holds',
  })),
];

/** The q-form cells a q value reaches on an exact list: only the literal ones when it surely finds nothing. */
export function qFormsReached(list: MeasuredList, q: string | undefined): string[] {
  if (q === undefined || list.endpoint !== 'menuItems') return [];
  const size = list.sizeOf({ q });
  return CELL_FORMS.filter((form) => form.has(list, q, size)).map((form) =>
    cellKey({ where: WHERE, label: label(form.name) }),
  );
}

/** One coverage input per q form the exact menus can produce; the others say why not. */
export function qFormCells(
  lists: readonly MeasuredList[],
  bounds: LimitBounds,
  scheme: (index: number) => AimedWalk['scheme'],
): { cells: CoverageCell[]; examples: AimedWalk[] } {
  const cells: CoverageCell[] = [];
  const examples: AimedWalk[] = [];
  const menus = lists.filter((list) => list.endpoint === 'menuItems');
  for (const form of CELL_FORMS) {
    const found = menus.flatMap((list) =>
      (list.values.q ?? []).flatMap((q) => {
        const size = list.sizeOf({ q });
        if (!form.has(list, q, size)) return [];
        const [outcome] = aimableClasses(size, list.size, bounds).filter(
          (entry) => entry !== 'empty' || size.max === 0,
        );
        const range = outcome && limitsFor(outcome, size, list.size, bounds(size));
        return outcome && range ? [{ list, query: { q }, limit: coverageLimit(outcome, size, range) }] : [];
      }),
    )[0];
    if (found === undefined) {
      const why = menus.length === 0 ? 'no quiescent tenant whose menu the survey read in full' : form.why;
      cells.push({ where: WHERE, label: label(form.name), why });
      continue;
    }
    cells.push({ where: WHERE, label: label(form.name) });
    examples.push({
      tenant: found.list.tenant,
      endpoint: 'menuItems',
      scheme: scheme(examples.length),
      query: found.query,
      limit: found.limit,
    });
  }
  return { cells, examples };
}
