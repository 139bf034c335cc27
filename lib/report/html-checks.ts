/** The check sections of the HTML report: a failed check's data, skipped, passed, advisories. */
import type { RequestRecord } from '../failure.ts';
import { secondKeyWords } from '../http/two-keys.ts';
import { replayOf } from './causes.ts';
import type { CheckResult, ReportFailure, Summary } from './model.ts';
import { escapeHtml as e, formatDuration, runFileHref } from './html-escape.ts';

/** A check with hundreds of findings shows the first few; summary.json has them all. */
const MAX_FAILURES_SHOWN = 20;
const MAX_REQUESTS_SHOWN = 30;

export type Reproductions = Readonly<Record<string, string>>;

export const tags = (check: CheckResult) =>
  [check.kind, check.family]
    .filter((tag): tag is string => tag !== undefined)
    .map((tag) => `<span class="tag">${e(tag)}</span>`)
    .join('');

export const duration = (check: CheckResult) =>
  check.durationMs === undefined ? '' : `<span class="muted">${e(formatDuration(check.durationMs))}</span>`;

function requestList(requests: RequestRecord[]): string {
  if (requests.length === 0) return '';
  const items = requests
    .slice(0, MAX_REQUESTS_SHOWN)
    .map(
      (request) =>
        `<li><code>GET ${e(request.path)}</code> <span class="muted">${e(request.tenant)} · ${e(request.role)} key${request.keyCase ? ` (${e(request.keyCase)})` : ''}${e(secondKeyWords(request.second))} · ${e(request.keyPlace ?? request.scheme)}${request.keySpelling ? ` spelled ${e(request.keySpelling)}` : ''}</span> → <b>${e(request.status)}</b></li>`,
    );
  const more = requests.length - items.length;
  if (more > 0) items.push(`<li class="muted">… ${more} more requests in summary.json</li>`);
  return `<p class="label">Request sequence</p><ol class="requests">${items.join('')}</ol>`;
}

function failureBlock(failure: ReportFailure): string {
  return `<div class="failure">
<p><b>${e(failure.check)}</b> <span class="code">${e(failure.code)}</span> ${e(failure.message)}</p>
<dl class="compare"><dt>expected</dt><dd><code>${e(failure.expected)}</code></dd><dt>received</dt><dd><code>${e(failure.received)}</code></dd></dl>
${requestList(failure.requests)}</div>`;
}

function replay(check: CheckResult, target: Summary['target']): string {
  const command = replayOf(check, target);
  return command === undefined ? '' : `<p class="label">Replay</p><pre><code>${e(command)}</code></pre>`;
}

/** Lines of the reproductions' headers (lib/repro/script-target.ts) that match `pattern`, once each. */
function headerLines(check: CheckResult, reproductions: Reproductions, pattern: RegExp): string[] {
  const found = new Set<string>();
  for (const file of check.reproduction ?? [])
    for (const match of (reproductions[file] ?? '').matchAll(pattern)) if (match[1]) found.add(match[1]);
  return [...found];
}

/**
 * How to run each runnable script, from the run's directory: after starting the run's sandbox
 * again when it ran on one (the scripts read its new target file), else with the run's target file.
 */
function runCommands(check: CheckResult, reproductions: Reproductions): string {
  const scripts = (check.reproduction ?? []).filter((file) => file.endsWith('.sh'));
  if (scripts.length === 0) return '';
  const sandbox = headerLines(check, reproductions, /^#\s+(npm run sandbox --.*)$/gm);
  const keys = headerLines(check, reproductions, /^#\s+(KEY_[A-Z0-9_]+): /gm);
  const label =
    sandbox.length > 0
      ? "Run it (from the run's directory, after starting its sandbox again in the harness checkout: each script reads the sandbox's new target file for its base URL and keys)"
      : `Run it (from the run's directory: each script reads the run's target file, the keys from the variables it names, unless ${keys.join(', ') || 'KEY_… variables'} are set)`;
  const commands = [...sandbox, ...scripts.map((file) => `bash ${file}`)];
  return `<p class="label">${e(label)}</p><pre><code>${e(commands.join('\n'))}</code></pre>`;
}

function reproductionBlock(check: CheckResult, reproductions: Reproductions): string {
  const files = check.reproduction ?? [];
  if (files.length === 0) return '';
  const items = files.map((file) => {
    const href = runFileHref(file);
    const name =
      href === null ? `<code>${e(file)}</code>` : `<a href="${e(href)}"><code>${e(file)}</code></a>`;
    const content = reproductions[file];
    return content === undefined
      ? `<li>${name}</li>`
      : `<li><details><summary>${name}</summary><pre><code>${e(content)}</code></pre></details></li>`;
  });
  return `<p class="label">Reproduction</p><ul class="repro">${items.join('')}</ul>${runCommands(check, reproductions)}`;
}

/** What a failed check shows: why, its failures, the command that replays it, its scripts. */
export function failedCheckBody(
  check: CheckResult,
  target: Summary['target'],
  reproductions: Reproductions,
): string {
  const failures = check.failures ?? [];
  const shown = failures.slice(0, MAX_FAILURES_SHOWN).map(failureBlock).join('');
  const more = failures.length - MAX_FAILURES_SHOWN;
  return `${check.reason ? `<p>${e(check.reason)}</p>` : ''}${check.detail ? `<p class="muted">${e(check.detail)}</p>` : ''}
${shown}${more > 0 ? `<p class="muted">… ${more} more failures in summary.json</p>` : ''}
${replay(check, target)}${reproductionBlock(check, reproductions)}`;
}

export function skippedSection(checks: CheckResult[]): string {
  if (checks.length === 0) return '';
  const rows = checks.map(
    (check) => `<tr><td><b>${e(check.name)}</b> ${tags(check)}</td><td>${e(check.reason ?? '')}</td></tr>`,
  );
  return `<section id="skipped"><h2>Skipped checks <span class="count">${checks.length}</span></h2>
<p class="muted">Not run on this target, so neither passed nor failed.</p>
<table><thead><tr><th>check</th><th>why it was skipped</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

export function passedSection(checks: CheckResult[]): string {
  if (checks.length === 0) return '';
  const rows = checks.map(
    (check) =>
      `<tr><td>${e(check.name)} ${tags(check)}</td><td class="muted">${e(check.detail ?? '')}</td><td class="num">${check.durationMs === undefined ? '' : e(formatDuration(check.durationMs))}</td></tr>`,
  );
  return `<section id="passed"><details><summary><h2>Passed checks <span class="count">${checks.length}</span></h2></summary>
<table><tbody>${rows.join('')}</tbody></table></details></section>`;
}

export function advisoriesSection(advisories: ReportFailure[]): string {
  if (advisories.length === 0) return '';
  const cards = advisories
    .slice(0, MAX_FAILURES_SHOWN * 5)
    .map(
      (failure) =>
        `<article class="check check-advisory"><h3>${e(failure.check)}</h3>${failureBlock(failure)}</article>`,
    );
  return `<section id="advisories"><h2>Advisories <span class="count">${advisories.length}</span></h2>
<p class="muted">Behaviour the spec leaves open: worth a look, never a gate failure.</p>${cards.join('\n')}</section>`;
}
