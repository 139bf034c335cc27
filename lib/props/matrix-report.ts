/** The mutation matrix as the markdown table docs/evidence.md and docs/matrix.md show. */
import type { CleanRun, MatrixRow } from './matrix.ts';

const milliseconds = (value: number): string =>
  value < 1000 ? `${value} ms` : `${(value / 1000).toFixed(1)} s`;

function cells(row: MatrixRow): string[] {
  if (row.verdict === 'load')
    return [
      row.fault,
      'shows only under concurrent load: caught by the gate’s loads (table below)',
      '',
      '',
      '',
    ];
  if (row.caughtBy === undefined) return [row.fault, '**MISSED**', '', '', ''];
  const { property, check, timeToDetectMs, shrunkRequests } = row.caughtBy;
  const others = row.failed.length > 1 ? ` (+${row.failed.length - 1} more)` : '';
  return [
    row.fault,
    `\`${property}\`${others}`,
    `\`${check}\``,
    milliseconds(timeToDetectMs),
    `${shrunkRequests} request${shrunkRequests === 1 ? '' : 's'}`,
  ];
}

export function matrixMarkdown(rows: readonly MatrixRow[], clean: readonly CleanRun[], note: string): string {
  const lines = [
    '| fault | catching property | check | time to detect | shrunk size |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${cells(row).join(' | ')} |`),
    '',
    ...clean.map(
      (run) =>
        `Clean sandbox, seed ${run.seed}${run.churn > 0 ? `, churn ${run.churn}/s` : ''}: ${run.failed.length === 0 ? 'passed' : `FAILED (${run.failed.join(', ')})`} (${run.passed} passed, ${run.skipped} skipped).`,
    ),
    '',
    note,
  ];
  return `${lines.join('\n')}\n`;
}

/** True when every fault that can show without load was caught and every clean run passed. */
export const matrixHolds = (rows: readonly MatrixRow[], clean: readonly CleanRun[]): boolean =>
  rows.every((row) => row.verdict !== 'missed') && clean.every((run) => run.failed.length === 0);
