/**
 * The coverage phase (the way Schemathesis's coverage phase precedes its fuzzing): a property that
 * aims its inputs names the cells it aims at (an outcome class or a q form, where: an endpoint and
 * a combination of filters), runs one input per cell the data can produce before its random runs,
 * and reports which cells its runs reached. A cell the data cannot produce says why: never silence.
 */

export interface CoverageCell {
  /** Where, e.g. `orders status+locationId`. */
  where: string;
  /** What is aimed at there: an outcome class (`exact-page`) or a q form (`q: non-ASCII`). */
  label: string;
  /** Why no input aims at it (the data cannot produce it); absent when an example does. */
  why?: string;
  /** What qualifies the why, shown with the cell only (e.g. how much of the data was measured). */
  note?: string;
}

export const cellKey = (cell: { where: string; label: string }): string => `${cell.where}: ${cell.label}`;

export interface Coverage<Input> {
  /** Every cell the property aims at. */
  cells: readonly CoverageCell[];
  /** One input per cell without a `why`, run in order before the random runs. */
  examples: readonly Input[];
  /** The keys (cellKey) of the cells an input reaches, judged on data whose sizes are exact. */
  reached(input: Input): readonly string[];
}

export interface CoverageReport {
  /** Inputs the coverage phase ran before the random runs. */
  examples: number;
  /** How the runs ended: a failure or the time budget leaves cells unrun. */
  end: RunsEnd;
  /** Per label, in cell order: runs that reached it, and its cells reached of all. */
  reached: { label: string; runs: number; cells: number; of: number }[];
  /** Labels no run reached, with why (the reasons of their cells, grouped). */
  notReached: { label: string; why: string }[];
  /** Every cell no run reached, with why. */
  cellsNotReached: { cell: string; why: string }[];
}

/** How the runs ended, which says why a cell with an example was not reached. */
export type RunsEnd = 'complete' | 'failed' | 'interrupted';

const UNRUN: Record<RunsEnd, string> = {
  complete: 'its coverage run was inconclusive (throttled, over time or without usable data)',
  failed: 'not run: a failure came first',
  interrupted: 'not run: the time budget ran out first',
};

/** Places named per reason and endpoint; past it, only how many. */
const PLACES_SHOWN = 3;

/** `orders status, status+locationId`, or `menuItems: 12 combinations`. */
function placesText(places: readonly string[]): string {
  const byFirstWord = new Map<string, string[]>();
  for (const place of places) {
    const [head = place, ...rest] = place.split(' ');
    byFirstWord.set(head, [...(byFirstWord.get(head) ?? []), rest.join(' ')]);
  }
  return [...byFirstWord]
    .map(([head, rest]) =>
      rest.length > PLACES_SHOWN ? `${head}: ${rest.length} combinations` : `${head} ${rest.join(', ')}`,
    )
    .join('; ');
}

function grouped(cells: readonly { where: string; why: string }[]): string {
  const byWhy = new Map<string, string[]>();
  for (const cell of cells) byWhy.set(cell.why, [...(byWhy.get(cell.why) ?? []), cell.where]);
  return [...byWhy].map(([why, places]) => `${why} (${placesText(places)})`).join('; ');
}

/** What the runs reached of the cells, from the runs each cell key got. */
export function coverageReport(
  coverage: Coverage<unknown>,
  runs: ReadonlyMap<string, number>,
  end: RunsEnd,
): CoverageReport {
  const missed = coverage.cells
    .filter((cell) => (runs.get(cellKey(cell)) ?? 0) === 0)
    .map((cell) => ({ ...cell, why: cell.why ?? UNRUN[end] }));
  const labels = [...new Set(coverage.cells.map((cell) => cell.label))];
  const reached = labels.map((label) => {
    const cells = coverage.cells.filter((cell) => cell.label === label);
    const hit = cells.filter((cell) => (runs.get(cellKey(cell)) ?? 0) > 0);
    const total = hit.reduce((sum, cell) => sum + (runs.get(cellKey(cell)) ?? 0), 0);
    return { label, runs: total, cells: hit.length, of: cells.length };
  });
  return {
    examples: coverage.examples.length,
    end,
    reached: reached.filter((entry) => entry.runs > 0),
    notReached: reached
      .filter((entry) => entry.runs === 0)
      .map(({ label }) => ({ label, why: grouped(missed.filter((cell) => cell.label === label)) })),
    cellsNotReached: missed.map((cell) => ({
      cell: cellKey(cell),
      why: cell.note === undefined ? cell.why : `${cell.why} (${cell.note})`,
    })),
  };
}

/**
 * The report in lines: what was reached, then one line per label not reached; after a failure,
 * only what was reached before it (the rest is in props.json).
 */
export function coverageLines(report: CoverageReport): string[] {
  const cells = report.reached.reduce((sum, entry) => sum + entry.cells, 0);
  const total = cells + report.cellsNotReached.length;
  const reached = report.reached.map((entry) => `${entry.label} ${entry.runs}`).join(', ');
  const head = `reached (runs): ${reached || 'nothing'}; ${cells} of ${total} cells, ${report.examples} in the coverage phase`;
  if (report.end === 'failed') return [`${head}; the rest not run: a failure came first`];
  return [head, ...report.notReached.map((entry) => `not reached: ${entry.label}: ${entry.why}`)];
}
