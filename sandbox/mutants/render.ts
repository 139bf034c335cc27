/**
 * The sentence × site matrix as docs/spec-coverage.md shows it: a row per sentence, a column per
 * site; a cell names the operators whose mutant (`m:<operator>@<site>`) violates the sentence
 * there, or says why none can apply. test/mutation/mutants.test.ts holds the doc to it.
 */
import { matrixCells, SENTENCES, type Cell } from './matrix.ts';
import { SITES } from './sites.ts';

/** The text of one cell: its operators, or `n/a:` and the reasons none can act there. */
function cellText(cell: Cell): string {
  if (cell.mutants.length > 0) return cell.mutants.map((mutant) => `\`${mutant.operator.name}\``).join(', ');
  const reasons = [...new Set(cell.reasons.map((reason) => reason.replace(/^[^:]+: /, '')))];
  return `n/a: ${reasons.join('; ')}`;
}

/** The matrix as rows of cells: §, sentence, checks, then one cell per site. */
function matrixRows(): string[][] {
  const cells = matrixCells();
  return SENTENCES.map((sentence) => [
    sentence.section,
    `${sentence.allowance ? '(allowed) ' : ''}${sentence.text}`,
    sentence.checks.map((check) => `\`${check}\``).join(', '),
    ...SITES.map((site) =>
      cellText(cells.find((cell) => cell.sentence === sentence && cell.site === site) as Cell),
    ),
  ]);
}

/** The header of the matrix table. */
const matrixHeader = (): string[] => ['§', 'sentence', 'enforced by', ...SITES.map((site) => site.name)];

/** The whole table in Markdown (Prettier aligns it in the doc). */
export function renderMatrix(): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  const header = matrixHeader();
  return [line(header), line(header.map(() => '---')), ...matrixRows().map(line)].join('\n');
}
