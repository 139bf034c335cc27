/**
 * The q forms as coverage cells (lib/props/q-forms.ts): for each form, one q value of the data
 * that has it and surely finds a record (a literal + or %XX: finds what the data holds of it,
 * usually nothing), read at a limit one of its outcome classes allows; for each kind of near
 * miss (lib/props/near-misses.ts), one that must find nothing; and for each character of the
 * data whose case maps irregularly (ß, ς, ı, İ), a q holding it as the data spells it and one in
 * another case that every reading of case-insensitive finds.
 */
import { includesSurely } from '../../lib/checks/filter-rules.ts';
import { aimableClasses, type LimitBounds } from '../../lib/props/aim.ts';
import { cellKey, type CoverageCell } from '../../lib/props/coverage.ts';
import type { MeasuredList } from '../../lib/props/measure.ts';
import { coverageLimit, limitsFor, type SizeRange } from '../../lib/props/outcomes.ts';
import { NEAR_MISS_KINDS, nearMisses } from '../../lib/props/near-misses.ts';
import {
  irregularCaseChars,
  LITERAL_FORMS,
  qForms,
  Q_FORMS,
  texts,
  type QForm,
} from '../../lib/props/q-forms.ts';
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
  /** Whether a value with the form is one to take first (one that shows more bugs). */
  prefer?(list: MeasuredList, q: string, size: SizeRange): boolean;
}

/**
 * Whether q cut before its first `char` surely finds more than q may: a server that ends q there
 * (decoding the query before splitting it on & and =, taking # for a fragment) returns items q
 * does not find, which a q whose cut finds the same items would hide.
 */
function cutFindsMore(list: MeasuredList, q: string, size: SizeRange, char: string): boolean {
  const cut = q.slice(0, q.indexOf(char));
  return cut !== '' && list.sizeOf({ q: cut }).min > size.max;
}

/** The records q surely finds on the list (every reading of "case-insensitive" finds them). */
function foundBy(list: MeasuredList, q: string): SurveyRecord[] {
  const { must } = list.selection('q', q);
  return list.records.filter((_, position) => ((must[position >>> 5] ?? 0) & (1 << (position & 31))) !== 0);
}

/** Whether a q of `form` finding records in `size` counts: a literal form also when it finds none. */
const counts = (form: QForm, size: SizeRange): boolean => size.min > 0 || LITERAL_FORMS.includes(form);

const QUERY_STRING = 'query-string character ';

const CELL_FORMS: readonly CellForm[] = [
  ...Q_FORMS.map((form) => ({
    name: form,
    has: (list: MeasuredList, q: string, size: SizeRange) =>
      counts(form, size) && qForms(q, foundBy(list, q)).includes(form),
    why: form.startsWith(QUERY_STRING)
      ? 'no name or SKU of the data holds this character between other text'
      : 'no q value of the data has this form and surely finds an item',
    ...(form.startsWith(QUERY_STRING)
      ? {
          prefer: (list: MeasuredList, q: string, size: SizeRange) =>
            cutFindsMore(list, q, size, form.slice(QUERY_STRING.length)),
        }
      : {}),
  })),
  ...NEAR_MISS_KINDS.map((kind) => ({
    name: `near miss, ${kind}`,
    has: (list: MeasuredList, q: string) => nearMisses(list.records).get(q) === kind,
    why: 'no name or SKU of the data makes a near miss of this kind that no name or SKU holds',
  })),
];

const IRREGULAR = 'irregular case character';

/** Whether q is a piece of `text` holding `char`, upper- or lower-cased into another spelling. */
function otherCaseOf(q: string, text: string, char: string): boolean {
  const chars = [...text];
  for (let start = 0; start < chars.length; start += 1)
    for (let end = start + 1; end <= chars.length; end += 1) {
      const piece = chars.slice(start, end).join('');
      if (!piece.includes(char) || piece === q) continue;
      if (piece.toUpperCase() === q || piece.toLowerCase() === q) return true;
    }
  return false;
}

/**
 * The cells of each character of the lists whose case maps irregularly: q holding it as the data
 * spells it (any reading of case-insensitive finds that), and a q that is another case of a piece
 * holding it, found under every reading (where the readings part, ß or SS, ς or σ, the spec does
 * not choose, and the oracle allows either outcome: no such q counts). One cell saying why when
 * the data has no such character.
 */
function irregularCaseForms(lists: readonly MeasuredList[]): CellForm[] {
  const chars = irregularCaseChars(lists.flatMap((list) => list.records.flatMap(texts)));
  if (chars.length === 0)
    return [{ name: IRREGULAR, has: () => false, why: 'the data has no such character in a name or SKU' }];
  const holding = (list: MeasuredList, q: string, char: string) =>
    foundBy(list, q).filter((record) => texts(record).some((text) => text.includes(char)));
  return chars.flatMap((char) => [
    {
      name: `${IRREGULAR} ${char}`,
      has: (list: MeasuredList, q: string, size: SizeRange) =>
        size.min > 0 &&
        q.includes(char) &&
        holding(list, q, char).some((record) => texts(record).some((text) => text.includes(q))),
      why: 'no q value of the data holds it and surely finds an item',
    },
    {
      name: `${IRREGULAR} ${char} in another case`,
      has: (list: MeasuredList, q: string, size: SizeRange) =>
        size.min > 0 &&
        holding(list, q, char).some((record) =>
          texts(record).some((text) => otherCaseOf(q, text, char) && includesSurely(text, q)),
        ),
      why: 'no other case of a word holding it is found under every reading of case-insensitive (where they part, the spec does not choose: either outcome is allowed)',
    },
  ]);
}

/** The cells of the lists' q values: the forms, the near misses and their irregular-case characters. */
const cellForms = (lists: readonly MeasuredList[]): CellForm[] => [
  ...CELL_FORMS,
  ...irregularCaseForms(lists),
];

/** Each list's cells, found once: every run's input is judged by them. */
const listForms = new WeakMap<MeasuredList, CellForm[]>();

function formsOf(list: MeasuredList): CellForm[] {
  let forms = listForms.get(list);
  if (forms === undefined) {
    forms = cellForms([list]);
    listForms.set(list, forms);
  }
  return forms;
}

/** The q-form cells a q value reaches on an exact list: only the literal ones when it surely finds nothing. */
export function qFormsReached(list: MeasuredList, q: string | undefined): string[] {
  if (q === undefined || list.endpoint !== 'menuItems') return [];
  const size = list.sizeOf({ q });
  return formsOf(list)
    .filter((form) => form.has(list, q, size))
    .map((form) => cellKey({ where: WHERE, label: label(form.name) }));
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
  for (const form of cellForms(menus)) {
    const candidates = menus.flatMap((list) =>
      (list.values.q ?? []).flatMap((q) => {
        const size = list.sizeOf({ q });
        if (!form.has(list, q, size)) return [];
        const [outcome] = aimableClasses(size, list.size, bounds).filter(
          (entry) => entry !== 'empty' || size.max === 0,
        );
        const range = outcome && limitsFor(outcome, size, list.size, bounds(size));
        if (!outcome || !range) return [];
        return [{ list, query: { q }, limit: coverageLimit(outcome, size, range), size }];
      }),
    );
    const found =
      candidates.find(({ list, query, size }) => form.prefer?.(list, query.q, size)) ?? candidates[0];
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
