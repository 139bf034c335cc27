/**
 * The shape of a bench report: sections of figures. A figure is either a ratio of two
 * measurements taken side by side in the same run (the number worth comparing across machines)
 * or an absolute measurement (reported, never asserted: these machines are shared and noisy).
 */
import { Type, type Static } from '@sinclair/typebox';

const Goal = Type.Object({
  /** What the figure should be, e.g. `>= 0.8`. */
  text: Type.String(),
  met: Type.Boolean(),
});

export const Figure = Type.Object({
  name: Type.String(),
  kind: Type.Union([Type.Literal('ratio'), Type.Literal('absolute')]),
  /** null when the measurement could not be made (the note says why). */
  value: Type.Union([Type.Number(), Type.Null()]),
  /** For ratios, what is divided by what, e.g. `harness walk / minimal walk`. */
  unit: Type.String(),
  note: Type.Optional(Type.String()),
  goal: Type.Optional(Goal),
  /** The value is a bound, not a measurement: it hit a ceiling of the bench. */
  bound: Type.Optional(Type.Union([Type.Literal('>='), Type.Literal('<=')])),
  /** The value is the median of `runs` runs, which spread from `min` to `max`. */
  spread: Type.Optional(Type.Object({ runs: Type.Number(), min: Type.Number(), max: Type.Number() })),
});
export type Figure = Static<typeof Figure>;

/** A table of its own after the figures, for a section whose result is a comparison by row. */
export const SectionTable = Type.Object({
  title: Type.String(),
  header: Type.Array(Type.String()),
  rows: Type.Array(Type.Array(Type.String())),
  /** Lines printed under the table: what a reader needs to read it right. */
  notes: Type.Array(Type.String()),
});
export type SectionTable = Static<typeof SectionTable>;

export const SectionResult = Type.Object({
  name: Type.String(),
  title: Type.String(),
  status: Type.Union([Type.Literal('ok'), Type.Literal('skipped'), Type.Literal('failed')]),
  /** Why a section was skipped or failed: one line. */
  reason: Type.Optional(Type.String()),
  durationMs: Type.Number(),
  figures: Type.Array(Figure),
  tables: Type.Optional(Type.Array(SectionTable)),
  /** The raw measurements behind the figures, for whoever wants to look closer. */
  details: Type.Record(Type.String(), Type.Unknown()),
});
export type SectionResult = Static<typeof SectionResult>;

export const BenchReport = Type.Object({
  schemaVersion: Type.Literal(1),
  command: Type.String(),
  quick: Type.Boolean(),
  startedAt: Type.String(),
  durationMs: Type.Number(),
  machine: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  sections: Type.Array(SectionResult),
});
export type BenchReport = Static<typeof BenchReport>;

/** numerator / denominator, or null when either is missing or the denominator is not positive. */
export function safeRatio(numerator: number | null | undefined, denominator: number | null | undefined) {
  if (numerator == null || denominator == null || !(denominator > 0)) return null;
  return numerator / denominator;
}

export function ratioFigure(
  name: string,
  numerator: number | null | undefined,
  denominator: number | null | undefined,
  unit: string,
  extra: Pick<Figure, 'note' | 'goal'> = {},
): Figure {
  return { name, kind: 'ratio', value: safeRatio(numerator, denominator), unit, ...extra };
}

export function absoluteFigure(
  name: string,
  value: number | null | undefined,
  unit: string,
  extra: Pick<Figure, 'note' | 'goal' | 'bound' | 'spread'> = {},
): Figure {
  return { name, kind: 'absolute', value: value ?? null, unit, ...extra };
}

/** The median of some runs' values, with their spread; null for none. */
export function medianOf(
  values: readonly number[],
): { value: number; spread: NonNullable<Figure['spread']> } | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const value =
    sorted.length % 2 === 1
      ? (sorted[Math.floor(middle)] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { value, spread: { runs: sorted.length, min: sorted[0] ?? value, max: sorted.at(-1) ?? value } };
}
