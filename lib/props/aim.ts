/**
 * Aiming: for a combination of filters on a measured list, the values (and the limits) that
 * produce each outcome class, found by measuring candidate values rather than by drawing blind.
 */
import type { Query } from '../http/call.ts';
import { andInto, count } from './id-bits.ts';
import type { MeasuredList } from './measure.ts';
import {
  limitsFor,
  OUTCOME_CLASSES,
  type LimitRange,
  type OutcomeClass,
  type SizeRange,
} from './outcomes.ts';

/** Filter fields in the order a combination is named (`status+locationId`). */
const FILTER_FIELDS = ['status', 'activeOnly', 'locationId', 'categoryId', 'q'] as const;

/** Value combinations measured per filter combination; past it, a class not found is "not found among N". */
const MAX_TRIED = 6000;
/** Values kept per class, for the random runs to draw from. */
const POOL = 24;

/** The limits a walk may use for a result of `size`: a whole walk needs its data to fit its pages. */
export type LimitBounds = (size: SizeRange) => LimitRange;

/** One aimed choice: the filters, and how many records they select. */
export interface Aim {
  query: Query;
  size: SizeRange;
}

export interface AimedCombination {
  /** The fields, e.g. `status+locationId`. */
  name: string;
  fields: readonly string[];
  /** Values producing each class (up to POOL per class), in the order found. */
  byClass: Partial<Record<OutcomeClass, Aim[]>>;
  /** Value combinations measured, of how many there are. */
  tried: number;
  total: number;
}

export const combinationName = (fields: readonly string[]): string =>
  [...fields].sort((a, b) => FILTER_FIELDS.indexOf(a as never) - FILTER_FIELDS.indexOf(b as never)).join('+');

/** A step through 0..total-1 that visits every index once and spreads the first visits out. */
function stride(total: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let step = Math.max(1, Math.floor(total * 0.618));
  while (gcd(step, total) !== 1) step += 1;
  return step;
}

/** The `index`-th value combination, in mixed radix over the fields' value lists. */
function tupleAt(index: number, lists: readonly (readonly string[])[]): string[] {
  const tuple: string[] = [];
  let rest = index;
  for (const values of lists) {
    tuple.push(values[rest % values.length] ?? '');
    rest = Math.floor(rest / values.length);
  }
  return tuple;
}

/** The classes an exact-or-ranged size can be aimed at, within the limits the walk allows. */
export const aimableClasses = (size: SizeRange, listSize: number, bounds: LimitBounds): OutcomeClass[] =>
  OUTCOME_CLASSES.filter((outcome) => limitsFor(outcome, size, listSize, bounds(size)) !== null);

/**
 * Measures up to MAX_TRIED value combinations of `fields` on `list` (all of them when there are
 * fewer; `only` narrows a field's values) and sorts them by the classes they can produce.
 */
export function aimCombination(
  list: MeasuredList,
  fields: readonly string[],
  bounds: LimitBounds,
  only: Readonly<Record<string, readonly string[]>> = {},
): AimedCombination {
  const lists = fields.map((field) => only[field] ?? list.values[field] ?? []);
  const total = lists.reduce((product, values) => product * values.length, 1);
  const name = combinationName(fields);
  const byClass: Partial<Record<OutcomeClass, Aim[]>> = {};
  const tried = Math.min(total, MAX_TRIED);
  const step = stride(total);
  const classesBySize = new Map<string, OutcomeClass[]>();
  const must = new Uint32Array(Math.ceil(list.size / 32));
  const may = new Uint32Array(must.length);
  for (let visit = 0; visit < tried; visit += 1) {
    const tuple = tupleAt((visit * step) % total, lists);
    must.fill(0xffffffff);
    may.fill(0xffffffff);
    tuple.forEach((value, index) => {
      const one = list.selection(fields[index] ?? '', value);
      andInto(must, must, one.must);
      andInto(may, may, one.may);
    });
    const size = { min: count(must), max: count(may) };
    // Many value combinations select as many records: their classes are worked out once.
    const key = `${size.min} ${size.max}`;
    const classes = classesBySize.get(key) ?? aimableClasses(size, list.size, bounds);
    classesBySize.set(key, classes);
    const open = classes.filter((outcome) => (byClass[outcome]?.length ?? 0) < POOL);
    if (open.length === 0) continue;
    const query = Object.fromEntries(fields.map((field, index) => [field, tuple[index] ?? '']));
    for (const outcome of open) (byClass[outcome] ??= []).push({ query, size });
  }
  return { name, fields, byClass, tried, total };
}

/** The aim the coverage phase runs for a class: for exactly a page, one of more than one record. */
export const coverageAim = (outcome: OutcomeClass, pool: readonly Aim[]): Aim | undefined =>
  (outcome === 'exact-page' ? pool.find((aim) => aim.size.min >= 2) : undefined) ?? pool[0];
