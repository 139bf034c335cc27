/** The metric sections of the HTML report: each chart with the numbers behind it in a table. */
import type { LoadWindow, Metrics } from './model.ts';
import type { ReportCharts } from './chart-data.ts';
import { escapeHtml as e, formatMs } from './html-escape.ts';

export const table = (head: string[], rows: string[][], numericFrom = 1) =>
  `<table><thead><tr>${head.map((cell, i) => `<th${i >= numericFrom ? ' class="num"' : ''}>${e(cell)}</th>`).join('')}</tr></thead>
<tbody>${rows.map((row) => `<tr>${row.map((cell, i) => `<td${i >= numericFrom ? ' class="num"' : ''}>${cell}</td>`).join('')}</tr>`).join('')}</tbody></table>`;

/** Empty when the run measured no latency (a repro, props, a gate without load): no empty section. */
export function latencySection(rows: Metrics['latency']): string {
  if (rows.length === 0) return '';
  // The whole run first, then each stage (load) under its name.
  const sorted = [...rows].sort(
    (a, b) =>
      (a.stage ?? '').localeCompare(b.stage ?? '') ||
      a.endpoint.localeCompare(b.endpoint) ||
      (a.tenant ?? '').localeCompare(b.tenant ?? ''),
  );
  const staged = rows.some((row) => row.stage !== undefined);
  const body = sorted.map((row) => [
    ...(staged ? [e(row.stage ?? 'whole run')] : []),
    e(row.endpoint),
    e(row.tenant ?? 'all tenants'),
    e(row.count.toLocaleString('en')),
    e(formatMs(row.p50)),
    e(formatMs(row.p95)),
    e(formatMs(row.p99)),
    e(formatMs(row.max)),
  ]);
  return `<section id="latency"><h2>Latency per endpoint and tenant</h2>
${table([...(staged ? ['load'] : []), 'endpoint', 'tenant', 'requests', 'p50', 'p95', 'p99', 'max'], body, staged ? 3 : 2)}</section>`;
}

export const chartBox = (id: string, caption: string) =>
  `<figure><div class="chart" id="${id}"></div><figcaption>${e(caption)}</figcaption></figure>`;

/** The loads in words, beside the shading that shows them: a 429 share a load provokes on purpose is said. */
function loadsLine(loads: readonly LoadWindow[] | undefined): string {
  if (!loads || loads.length === 0) return '';
  const items = loads.map(
    (load) =>
      `<li${load.expects ? ' class="expected"' : ''}><b>${e(load.name)}</b> ${e(`${load.start}–${load.end} s`)}${load.expects ? ` · ${e(load.expects)} expected` : ''}</li>`,
  );
  return `<ul class="loads">${items.join('')}</ul>`;
}

const SHADING =
  'Each load is a shaded stretch of the time axis, named at its top; amber where it provokes throttling on purpose.';

export function rate429Section(charts: ReportCharts, loads: Metrics['loads']): string {
  if (!charts.rate429) return '';
  return `<section id="rate429"><h2>429 rate over time</h2>
${chartBox('chart-rate429', `Percentage of responses that were 429 (rate limited), per tenant, over the run.${charts.rate429.bands ? ` ${SHADING}` : ''}`)}${loadsLine(loads)}</section>`;
}

export function overTimeSection(charts: ReportCharts): string {
  if (!charts.latencyOverTime && !charts.rateOverTime) return '';
  const latency = charts.latencyOverTime
    ? chartBox(
        'chart-latency-time',
        `p50 and p95 latency of the responses served (429s left out) in each second. ${SHADING}`,
      )
    : '';
  const rate = charts.rateOverTime
    ? chartBox(
        'chart-rate-time',
        `Arrivals the generator started each second against those its schedule planned: achieved below planned means the generator fell behind, not the target. ${SHADING}`,
      )
    : '';
  return `<section id="over-time"><h2>Latency and arrival rate over time</h2>${latency}${rate}</section>`;
}

export function depthSection(rows: Metrics['depth'], charts: ReportCharts): string {
  if (!charts.depth) return '';
  const body = [...rows]
    .sort((a, b) => a.bucket - b.bucket)
    .map((row) => [
      e(row.bucket),
      e(row.count.toLocaleString('en')),
      e(formatMs(row.p50)),
      e(formatMs(row.p95)),
    ]);
  return `<section id="depth"><h2>Latency by page depth</h2>
${chartBox('chart-depth', 'p50 and p95 latency of a page by its position in the walk: a rising line means deep pages get slower.')}
<details><summary>Numbers</summary>${table(['depth', 'pages', 'p50', 'p95'], body)}</details></section>`;
}
