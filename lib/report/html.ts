/**
 * `report.html`: one self-contained page (uPlot inlined, no network: a Content-Security-Policy
 * forbids any fetch) that puts the verdict first, then what failed and how to reproduce it, then
 * the metrics. Every value passes the redactor, then HTML escaping.
 */
import { redactDeep, type Redactor } from '../redact.ts';
import type { Summary } from './model.ts';
import { checksWithVerdict, unjudgedStages } from './build.ts';
import { buildCharts } from './chart-data.ts';
import { CHART_CLIENT_JS } from './chart-client.ts';
import { REPORT_CSS } from './html-style.ts';
import { escapeHtml as e, formatDuration, inlineAsset, jsonForScript } from './html-escape.ts';
import { advisoriesSection, passedSection, skippedSection, type Reproductions } from './html-checks.ts';
import { failedSection } from './html-causes.ts';
import { depthSection, latencySection, overTimeSection, rate429Section } from './html-metrics.ts';
import { capacitySection } from './html-capacity.ts';

export interface HtmlAssets {
  /** node_modules/uplot/dist/uPlot.iife.min.js, read by the caller. */
  uplotJs: string;
  /** node_modules/uplot/dist/uPlot.min.css */
  uplotCss: string;
  /** Built from the target's keys; applied to the summary, the reproductions and the page. */
  redact: Redactor;
  /** Contents of the reproduction files by their path in the summary, shown inline. */
  reproductions?: Reproductions;
}

const CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:";

function verdictLine(summary: Summary): string {
  const count = (verdict: 'passed' | 'failed' | 'skipped') => checksWithVerdict(summary, verdict).length;
  const regressions = summary.baseline?.regressions.length ?? 0;
  const parts = [`${count('failed')} failed`, `${count('passed')} passed`, `${count('skipped')} skipped`];
  if (regressions > 0) parts.push(`${regressions} regressions against the baseline`);
  if (summary.advisories.length > 0) parts.push(`${summary.advisories.length} advisories`);
  const unjudged = unjudgedStages(summary).map((stage) => stage.name);
  // A summary written before stages said so (exit 2 without an inconclusive stage) could not set up.
  const why =
    unjudged.length > 0
      ? ` · could not be judged: ${unjudged.join(', ')} (why: under Stages)`
      : summary.exitCode === 2
        ? ' · the run could not complete its setup'
        : '';
  return `${summary.checks.length} checks: ${parts.join(' · ')} · exit code ${summary.exitCode}${why}`;
}

function header(summary: Summary): string {
  const duration = Date.parse(summary.finishedAt) - Date.parse(summary.startedAt);
  const { versions, target } = summary;
  const facts: [string, string][] = [
    ['command', summary.command],
    [
      'target',
      `${target.name} (${target.kind === 'sandbox' ? 'a sandbox started for the run' : 'a target file'})`,
    ],
    ['base URL', target.baseUrl],
    ['run', summary.runId],
    ['started', summary.startedAt],
    ['duration', formatDuration(duration)],
    [
      'versions',
      `harness ${versions.harness} · node ${versions.node}${versions.artillery ? ` · artillery ${versions.artillery}` : ''}`,
    ],
  ];
  if (target.faults?.length) facts.push(['sandbox faults', target.faults.join(', ')]);
  return `<header class="verdict verdict-${summary.verdict}"><div class="inner">
<div class="verdict-word" id="verdict">${summary.verdict.toUpperCase()}</div>
<p class="verdict-line">${e(verdictLine(summary))}</p>
<dl class="facts">${facts.map(([name, value]) => `<dt>${e(name)}</dt><dd>${e(value)}</dd>`).join('')}</dl>
</div></header>`;
}

function baselineSection(summary: Summary): string {
  const baseline = summary.baseline;
  if (!baseline) return '';
  const items = baseline.regressions.map(
    (regression) => `<li class="regression">${e(regression.message)}</li>`,
  );
  const body = items.length > 0 ? `<ul>${items.join('')}</ul>` : '<p>No regressions beyond the margins.</p>';
  return `<section id="baseline"><h2>Against the baseline</h2><p class="muted">Compared with <code>${e(baseline.path)}</code>.</p>${body}</section>`;
}

function stagesSection(summary: Summary): string {
  if (summary.stages.length === 0) return '';
  const rows = summary.stages.map(
    (stage) =>
      `<tr><td>${e(stage.name)}</td><td class="stage-${stage.verdict}">${stage.verdict}${stage.reason ? `: ${e(stage.reason)}` : ''}</td><td class="num">${e(formatDuration(stage.durationMs))}</td></tr>`,
  );
  return `<section id="stages"><h2>Stages</h2><table><thead><tr><th>stage</th><th>verdict</th><th class="num">time</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

const NAV: [string, string][] = [
  ['baseline', 'Baseline'],
  ['failed', 'Failed'],
  ['stages', 'Stages'],
  ['latency', 'Latency'],
  ['rate429', '429 rate'],
  ['over-time', 'Over time'],
  ['depth', 'Page depth'],
  ['capacity', 'Capacity'],
  ['skipped', 'Skipped'],
  ['advisories', 'Advisories'],
  ['passed', 'Passed'],
];

function page(summary: Summary, assets: HtmlAssets, reproductions: Reproductions): string {
  const charts = buildCharts(summary.metrics);
  const sections = [
    baselineSection(summary),
    failedSection(summary, reproductions),
    stagesSection(summary),
    latencySection(summary.metrics.latency),
    rate429Section(charts, summary.metrics.loads),
    overTimeSection(charts),
    depthSection(summary.metrics.depth, charts),
    capacitySection(summary.metrics.capacity, charts),
    skippedSection(checksWithVerdict(summary, 'skipped')),
    advisoriesSection(summary.advisories),
    passedSection(checksWithVerdict(summary, 'passed')),
  ].filter((section) => section !== '');
  const present = NAV.filter(([id]) => sections.some((section) => section.startsWith(`<section id="${id}"`)));
  const title = `${summary.verdict.toUpperCase()} · ${summary.command} · ${summary.target.name} · ${summary.runId}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<style>${inlineAsset(assets.uplotCss, 'style')}</style><style>${REPORT_CSS}</style></head>
<body>${header(summary)}
<nav><div class="inner">${present.map(([id, label]) => `<a href="#${id}">${label}</a>`).join('')}</div></nav>
<main>${sections.join('\n')}</main>
<footer><div class="inner">summary.json schema version ${summary.schemaVersion} · generated from the run's data; nothing was re-run.</div></footer>
<script type="application/json" id="report-charts">${jsonForScript(charts)}</script>
<script>${inlineAsset(assets.uplotJs, 'script')}</script>
<script>${CHART_CLIENT_JS}</script>
</body></html>
`;
}

export function renderReportHtml(summary: Summary, assets: HtmlAssets): string {
  const clean = redactDeep(summary, assets.redact);
  const reproductions = redactDeep(assets.reproductions ?? {}, assets.redact);
  // Redacting the finished page too catches a key in anything added after the summary.
  return assets.redact(page(clean, assets, reproductions));
}
