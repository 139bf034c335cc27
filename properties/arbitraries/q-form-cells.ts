/**
 * The q forms as coverage cells (lib/props/q-forms.ts): for each form, one q value of the data
 * that has it and surely finds a record (a literal + or %XX: finds what the data holds of it,
 * usually nothing), read at a limit one of its outcome classes allows.
 */
import { aimableClasses, type LimitBounds } from '../../lib/props/aim.ts';
import { cellKey, type CoverageCell } from '../../lib/props/coverage.ts';
import { count } from '../../lib/props/id-bits.ts';
import type { MeasuredList } from '../../lib/props/measure.ts';
import { coverageLimit, limitsFor, type SizeRange } from '../../lib/props/outcomes.ts';
import { LITERAL_FORMS, qForms, Q_FORMS, type QForm } from '../../lib/props/q-forms.ts';
import type { SurveyRecord } from '../../lib/props/survey.ts';
import type { AimedWalk } from './aimed-walk.ts';

const WHERE = 'menuItems q';
const label = (form: QForm): string => `q: ${form}`;

/** The records q surely finds on the list (every reading of "case-insensitive" finds them). */
function foundBy(list: MeasuredList, q: string): SurveyRecord[] {
  const { must } = list.selection('q', q);
  return list.records.filter((_, position) => ((must[position >>> 5] ?? 0) & (1 << (position & 31))) !== 0);
}

/** Whether a q of `form` finding records in `size` counts: a literal form also when it finds none. */
const counts = (form: QForm, size: SizeRange): boolean => size.min > 0 || LITERAL_FORMS.includes(form);

/** The q-form cells a q value reaches on an exact list: only the literal ones when it surely finds nothing. */
export function qFormsReached(list: MeasuredList, q: string | undefined): string[] {
  if (q === undefined || list.endpoint !== 'menuItems') return [];
  const size = { min: count(list.selection('q', q).must), max: count(list.selection('q', q).may) };
  return qForms(q, foundBy(list, q))
    .filter((form) => counts(form, size))
    .map((form) => cellKey({ where: WHERE, label: label(form) }));
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
  for (const form of Q_FORMS) {
    const found = menus.flatMap((list) =>
      (list.values.q ?? []).flatMap((q) => {
        const size = list.sizeOf({ q });
        if (!counts(form, size) || !qForms(q, foundBy(list, q)).includes(form)) return [];
        const [outcome] = aimableClasses(size, list.size, bounds).filter(
          (entry) => entry !== 'empty' || size.max === 0,
        );
        const range = outcome && limitsFor(outcome, size, list.size, bounds(size));
        return outcome && range ? [{ list, query: { q }, limit: coverageLimit(outcome, size, range) }] : [];
      }),
    )[0];
    if (found === undefined) {
      const why =
        menus.length === 0
          ? 'no quiescent tenant whose menu the survey read in full'
          : 'no q value of the data has this form and surely finds an item';
      cells.push({ where: WHERE, label: label(form), why });
      continue;
    }
    cells.push({ where: WHERE, label: label(form) });
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
