/**
 * What a capacity run prints: the capacity first (a bound said as a bound), the step table (the
 * capacity and the knee marked, each step met, missed or not driven by the generator), the knee
 * with its reason, the 429 onsets with the limits they imply, and what to run next. `generator`
 * (arrivals the generator started per second) and `late p95` (how late it started them) tell the
 * generator's own shortfall apart from the target's.
 */
import type { Knee } from './knee.ts';
import type { CapacityAnswer, Objective, StepVerdict } from './objective.ts';
import type { Onset } from './onset.ts';
import type { StepStats } from './step-stats.ts';

const HEADER = [
  'step',
  'offered',
  'achieved',
  'generator',
  'late p95 ms',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'errors',
  '429',
  'objective',
  '',
];

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
const ms = (value: number) => `${Number(value.toFixed(1))} ms`;

/** "met", "missed: p95, 429", "not driven (late)". */
export function verdictText(verdict: StepVerdict | undefined, step: StepStats): string {
  if (!verdict) return '';
  if (verdict.verdict === 'missed') return `missed: ${verdict.misses.join(', ')}`;
  if (verdict.verdict === 'undriven') return `not driven (${step.undriven ?? 'late'})`;
  return 'met';
}

function row(step: StepStats, verdict: StepVerdict | undefined, marks: string[]): string[] {
  return [
    String(step.index + 1),
    `${step.offeredRps} rps`,
    `${step.achievedRps.toFixed(1)} rps`,
    `${step.generatorRps.toFixed(1)} rps`,
    step.latenessP95.toFixed(1),
    step.p50.toFixed(1),
    step.p95.toFixed(1),
    step.p99.toFixed(1),
    percent(step.errorRate),
    percent(step.rate429),
    verdictText(verdict, step),
    marks.length > 0 ? `<- ${marks.join(', ')}` : '',
  ];
}

/** The step number and the words (verdict, marks) read left-aligned; the figures right-aligned. */
const LEFT = new Set([0, HEADER.indexOf('objective'), HEADER.length - 1]);

function align(rows: string[][]): string[] {
  const widths = HEADER.map((_, column) => Math.max(...rows.map((cells) => (cells[column] ?? '').length)));
  return rows.map((cells) =>
    cells
      .map((cell, column) =>
        LEFT.has(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd(),
  );
}

export function stepTable(
  steps: readonly StepStats[],
  verdicts: readonly StepVerdict[],
  capacity: CapacityAnswer,
  knee: Knee | null,
): string {
  const marksOf = (step: StepStats) => [
    ...(capacity.kind !== 'none' && capacity.kind !== 'below' && capacity.index === step.index
      ? ['capacity']
      : []),
    ...(knee?.index === step.index ? [`knee (${knee.reasons.join(', ')})`] : []),
  ];
  const rows = steps.map((step, at) => row(step, verdicts[at], marksOf(step)));
  return align([HEADER, ...rows]).join('\n');
}

/** "p95 < 500 ms, p99 < 1500 ms, errors 0, 429 < 1 %". */
function objectiveText(objective: Objective): string {
  const errors = objective.maxErrorRate === 0 ? 'errors 0' : `errors <= ${percent(objective.maxErrorRate)}`;
  return `p95 < ${ms(objective.p95Ms)}, p99 < ${ms(objective.p99Ms)}, ${errors}, 429 < ${percent(objective.max429Rate)}`;
}

/** "p95 12 ms, p99 30 ms, 0 errors, 0.2% 429". */
function stepFigures(step: StepStats): string {
  return `p95 ${ms(step.p95)}, p99 ${ms(step.p99)}, ${step.errors} errors, ${percent(step.rate429)} 429`;
}

/** The answer in one line, first: a bound is said as a bound, with the objective it was judged by. */
export function capacityLine(
  capacity: CapacityAnswer,
  steps: readonly StepStats[],
  verdicts: readonly StepVerdict[],
  objective: Objective,
): string {
  const against = `objective ${objectiveText(objective)}`;
  if (capacity.kind === 'none')
    return `capacity: unknown, the generator could not drive any step; ${against}`;
  const step = steps[capacity.index];
  const figures = step ? stepFigures(step) : '';
  if (capacity.kind === 'below') {
    const verdict = verdicts[capacity.index];
    const missed = verdict?.verdict === 'missed' ? ` (${verdict.misses.join(', ')})` : '';
    return `capacity: below ${capacity.rps} req/s, the first step measured missed the objective${missed}: ${figures}; ${against}`;
  }
  if (capacity.kind === 'at-least')
    return `capacity: at least ${capacity.rps} req/s (${figures} at that step; no step above it missed); ${against}`;
  const missedAt = capacity.missedAt === undefined ? '' : `; missed from ${capacity.missedAt} req/s on`;
  return `capacity: ${capacity.rps} req/s (${figures} at that step${missedAt}); ${against}`;
}

const limitText = (onset: Onset) => {
  const { atLeast, below } = onset.limit;
  if (onset.withTenant)
    return `its 429s came with its tenant's (sent ${atLeast ?? 0} req/s without one at the step before): its own limit is above what its tenant let through`;
  if (below === null) return `sent up to ${atLeast ?? 0} req/s without one: any limit is above that`;
  const served = `; ${onset.served ?? 0} req/s of them served, about the limit itself`;
  if (atLeast === null) return `429s from the first step, sent ${below} req/s: a limit below that${served}`;
  return `sent ${atLeast} req/s without a 429 at the step before, ${below} req/s with them: a limit between the two${served}`;
};

/** One line per tenant, then per key: where its 429s started and the limit that implies. */
export function onsetLines(onsets: readonly Onset[]): string[] {
  return onsets.map(
    (onset) =>
      `429 onset ${onset.scope} ${onset.name}: ${onset.rps === null ? 'none up to the highest step' : `${onset.rps} rps offered`}; ${limitText(onset)}`,
  );
}

/** One line: where the knee is and why, or that the curve did not bend up to the last step. */
export function kneeLine(knee: Knee | null, lastRps: number | undefined): string {
  if (knee === null)
    return `no knee up to ${lastRps ?? 0} rps: p95 did not bend and the target answered what it was sent at every driven step`;
  const confirmation = knee.confirmed ? '' : ' (last step measured: not confirmed by a further step)';
  return `knee at ${knee.rps} rps: ${knee.because.join('; ')}${confirmation}`;
}
