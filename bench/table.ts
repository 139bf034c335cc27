/** The bench report as a plain-text table for the terminal and as Markdown for docs/bench.md. */
import type { BenchReport, Figure, SectionResult, SectionTable } from './report.ts';

/** Three significant digits, thousands separated: 0.873, 12.3, 4,560, 1,234,567. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 1000 || Number.isInteger(value)) return Math.round(value).toLocaleString('en-US');
  return Number(value.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 6 });
}

export function formatValue(figure: Figure): string {
  if (figure.value === null) return 'n/a';
  // Ratios keep their trailing zeros (1.00×): the precision is part of the figure.
  const text =
    figure.kind === 'ratio'
      ? Math.abs(figure.value) >= 1000
        ? `${formatNumber(figure.value)}×`
        : `${figure.value.toPrecision(3)}×`
      : `${formatNumber(figure.value)} ${figure.unit}`.trim();
  const bound = figure.bound ? `${figure.bound} ` : '';
  const spread = figure.spread
    ? ` (median of ${figure.spread.runs}: ${formatNumber(figure.spread.min)} to ${formatNumber(figure.spread.max)})`
    : '';
  return `${bound}${text}${spread}`;
}

function formatGoal(figure: Figure): string {
  if (!figure.goal) return '';
  return `${figure.goal.text} ${figure.goal.met ? '(met)' : '(NOT met)'}`;
}

function describe(figure: Figure): string {
  const ratioOf = figure.kind === 'ratio' ? figure.unit : '';
  return [ratioOf, figure.note ?? ''].filter(Boolean).join('; ');
}

const HEADER = ['section', 'figure', 'value', 'goal', 'what it is'];

function sectionRows(section: SectionResult): string[][] {
  if (section.status !== 'ok') return [[section.name, section.status, '', '', section.reason ?? '']];
  return section.figures.map((figure, index) => [
    index === 0 ? section.name : '',
    figure.name,
    formatValue(figure),
    formatGoal(figure),
    describe(figure),
  ]);
}

function tableRows(report: BenchReport): string[][] {
  return report.sections.flatMap(sectionRows);
}

/** The tables some sections add after the figures, each with its title first and notes after. */
const sectionTables = (report: BenchReport): SectionTable[] =>
  report.sections.flatMap((section) => (section.status === 'ok' ? (section.tables ?? []) : []));

/** Columns padded to their widest cell; the last column is left ragged. */
function textGrid(header: string[], body: string[][]): string {
  const rows = [header, ...body];
  const widths = header.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(header), rule, ...body.map(line)].join('\n');
}

const escapeCell = (cell: string) => cell.replaceAll('|', '\\|');

function markdownGrid(header: string[], body: string[][]): string {
  const rows = [header, header.map(() => '---'), ...body];
  return rows.map((row) => `| ${row.map(escapeCell).join(' | ')} |`).join('\n');
}

function withTables(main: string, report: BenchReport, grid: typeof textGrid): string {
  const tables = sectionTables(report).map((table) =>
    [
      table.title,
      '',
      grid(table.header, table.rows),
      ...(table.notes.length > 0 ? ['', ...table.notes] : []),
    ].join('\n'),
  );
  return [main, ...tables].join('\n\n');
}

export function renderTextTable(report: BenchReport): string {
  return withTables(textGrid(HEADER, tableRows(report)), report, textGrid);
}

export function renderMarkdownTable(report: BenchReport): string {
  return withTables(markdownGrid(HEADER, tableRows(report)), report, markdownGrid);
}
