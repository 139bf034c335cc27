/**
 * The step table a capacity run prints: one row per step, the knee marked. `dropped` and `late
 * p95` (how late the generator started arrivals) tell the generator's own shortfall apart from the
 * target's.
 */
import type { Knee } from './knee.ts';
import type { Onset } from './onset.ts';
import type { StepStats } from './step-stats.ts';

const HEADER = [
  'step',
  'offered',
  'achieved',
  'dropped',
  'late p95 ms',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'errors',
  '429',
  '',
];

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

function row(step: StepStats, knee: Knee | null): string[] {
  const mark = knee?.index === step.index ? `<- knee (${knee.reasons.join(', ')})` : '';
  return [
    String(step.index + 1),
    `${step.offeredRps} rps`,
    `${step.achievedRps.toFixed(1)} rps`,
    String(step.dropped),
    step.latenessP95.toFixed(1),
    step.p50.toFixed(1),
    step.p95.toFixed(1),
    step.p99.toFixed(1),
    percent(step.errorRate),
    percent(step.rate429),
    mark,
  ];
}

function align(rows: string[][]): string[] {
  const widths = HEADER.map((_, column) => Math.max(...rows.map((cells) => (cells[column] ?? '').length)));
  return rows.map((cells) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  );
}

export function stepTable(steps: readonly StepStats[], knee: Knee | null): string {
  return align([HEADER, ...steps.map((step) => row(step, knee))]).join('\n');
}

/** One line per tenant, then per key: where its 429s started. */
export function onsetLines(onsets: readonly Onset[]): string[] {
  return onsets.map(
    (onset) =>
      `429 onset ${onset.scope} ${onset.name}: ${onset.rps === null ? 'none up to the highest step' : `${onset.rps} rps`}`,
  );
}

/** One line: where the knee is and why, or that the curve did not bend up to the ceiling. */
export function kneeLine(knee: Knee | null, lastRps: number | undefined): string {
  if (knee === null)
    return `no knee up to ${lastRps ?? 0} rps: p95, throughput, errors and 429s held at every step`;
  const confirmation = knee.confirmed ? '' : ' (last step measured: not confirmed by a further step)';
  return `knee at ${knee.rps} rps: ${knee.reasons.join(', ')}; p95 ${knee.p95.toFixed(1)} ms against a baseline of ${knee.baselineP95.toFixed(1)} ms${confirmation}`;
}
