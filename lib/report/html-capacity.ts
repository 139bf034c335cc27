/**
 * The capacity section of the HTML report: the answer first (a bound said as a bound), the
 * headroom and what to run next, the knee with its reason, the curve with the capacity and the
 * knee marked, then each step (achieved rate, the generator's rate and lateness, met or missed)
 * and the 429 onsets with the limits they imply. Older summaries lack the answer: the curve and
 * the knee still show.
 */
import type { Capacity } from './model.ts';
import type { ReportCharts } from './chart-data.ts';
import { chartBox, table } from './html-metrics.ts';
import { escapeHtml as e, formatMs, formatPercent } from './html-escape.ts';

type Step = Capacity['steps'][number];
type Onset = NonNullable<Capacity['onset429']>[number];

const NOT_RECORDED = '–';
const rps = (value: number | undefined) => (value === undefined ? NOT_RECORDED : `${value.toFixed(1)} rps`);
const ms = (value: number | undefined) => (value === undefined ? NOT_RECORDED : formatMs(value));

function answerBlock(capacity: Capacity): string {
  const answer = capacity.answer;
  if (!answer) return '';
  const at = e(answer.rps ?? NOT_RECORDED);
  const headline = {
    measured: `Capacity <b>${at} rps</b>`,
    'at-least': `Capacity at least <b>${at} rps</b> (a lower bound)`,
    below: `Capacity below <b>${at} rps</b> (an upper bound)`,
    none: 'Capacity unknown: the generator could not drive any step',
  }[answer.kind];
  const next = capacity.next ?? [];
  return [
    `<p class="capacity-answer">${headline}</p>`,
    answer.line ? `<p>${e(answer.line)}</p>` : '',
    answer.headroom ? `<p>${e(answer.headroom)}</p>` : '',
    next.length > 0 ? `<p>Next:</p><ul>${next.map((line) => `<li>${e(line)}</li>`).join('')}</ul>` : '',
  ].join('\n');
}

function kneeBlock(capacity: Capacity): string {
  const knee = capacity.knee;
  if (!knee) return '<p class="knee">No knee found: p95 did not bend up to the highest step.</p>';
  const because = knee.because?.length
    ? `: ${e(knee.because.join('; '))}`
    : ` (p95 ${e(formatMs(knee.p95))})`;
  const unconfirmed = knee.confirmed === false ? ' Last step measured: not confirmed by a further step.' : '';
  return `<p class="knee">Knee at <b>${e(knee.rps)} rps</b>${because}.${unconfirmed}</p>`;
}

function verdictCell(step: Step): string {
  if (step.verdict === 'missed') return e(`missed: ${(step.misses ?? []).join(', ')}`);
  if (step.verdict === 'undriven') return e(`not driven (${step.undriven ?? 'generator'})`);
  return step.verdict ? e(step.verdict) : NOT_RECORDED;
}

function stepRows(capacity: Capacity): string[][] {
  const capacityRps =
    capacity.answer?.kind === 'measured' || capacity.answer?.kind === 'at-least'
      ? capacity.answer.rps
      : undefined;
  return [...capacity.steps]
    .sort((a, b) => a.rps - b.rps)
    .map((step) => [
      e(
        `${step.rps}${step.rps === capacityRps ? ' (capacity)' : ''}${step.rps === capacity.knee?.rps ? ' (knee)' : ''}`,
      ),
      e(rps(step.achievedRps)),
      e(rps(step.generatorRps)),
      e(ms(step.latenessP95)),
      e(formatMs(step.p95)),
      e(ms(step.p99)),
      e(formatPercent(step.errorRate)),
      e(formatPercent(step.rate429)),
      verdictCell(step),
    ]);
}

function limitCell(onset: Onset): string {
  if (!onset.limit) return NOT_RECORDED;
  const { atLeast, below } = onset.limit;
  if (onset.withTenant) return e(`above ${atLeast ?? 0} req/s; its 429s came with its tenant's`);
  const served = onset.served === undefined || onset.served === null ? '' : `; served ${onset.served} req/s`;
  if (below === null) return e(`above ${atLeast ?? 0} req/s`);
  if (atLeast === null) return e(`below ${below} req/s${served}`);
  return e(`${atLeast} to ${below} req/s${served}`);
}

function onsetTable(capacity: Capacity): string {
  const onsets = capacity.onset429 ?? [];
  if (onsets.length === 0) return '';
  const body = onsets.map((onset) => [
    e(onset.scope),
    e(onset.name),
    onset.rps === null ? 'none up to the highest step' : e(`${onset.rps} rps`),
    limitCell(onset),
  ]);
  return `<h3>429 onset</h3>${table(['per', 'name', 'first step with 429s', 'limit it implies (sent to it)'], body, 2)}`;
}

export function capacitySection(capacity: Capacity | undefined, charts: ReportCharts): string {
  if (!capacity || !charts.capacity) return '';
  const head = [
    'arrival rate (rps)',
    'achieved',
    'generator',
    'generator late p95',
    'p95',
    'p99',
    'errors',
    '429',
    'objective',
  ];
  return `<section id="capacity"><h2>Capacity</h2>${answerBlock(capacity)}${kneeBlock(capacity)}
${chartBox('chart-capacity', 'p95 latency (left axis) and error and 429 shares (right axis) at each arrival-rate step; the green dashed line marks the capacity, the red one the knee.')}
${table(head, stepRows(capacity))}${onsetTable(capacity)}</section>`;
}
