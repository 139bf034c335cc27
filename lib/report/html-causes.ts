/**
 * The report's failures by cause (lib/report/causes.ts, as the console prints them): each cause
 * once, with the failure, replay and reproduction of the check that shows it best, then every
 * check that saw it, folded, so one fault seen by thirty checks is one card, not thirty.
 */
import { causesOf, countByKind, type Cause } from './causes.ts';
import type { CheckResult, Summary } from './model.ts';
import { duration, failedCheckBody, tags, type Reproductions } from './html-checks.ts';
import { escapeHtml as e } from './html-escape.ts';

function firstLine(check: CheckResult): string {
  const failure = check.failures?.[0];
  return failure ? failure.message : (check.reason ?? '');
}

function seenByItem(
  check: CheckResult,
  cause: Cause,
  summary: Summary,
  reproductions: Reproductions,
): string {
  const head = `<b>${e(check.name)}</b> ${tags(check)} ${duration(check)}`;
  if (check === cause.lead) return `<li class="lead">${head} <span class="muted">shown above</span></li>`;
  return `<li><details><summary>${head} <span class="muted">${e(firstLine(check))}</span></summary>
${failedCheckBody(check, summary.target, reproductions)}</details></li>`;
}

function causeCard(cause: Cause, summary: Summary, reproductions: Reproductions): string {
  const { lead } = cause;
  const alone = cause.checks.length === 1 && lead.name === cause.name;
  const heading = alone
    ? `${e(lead.name)} ${tags(lead)} ${duration(lead)}`
    : `${e(cause.name)} <span class="tag">seen by ${e(countByKind(cause.checks))}</span>`;
  const shownFrom = alone ? '' : `<p class="muted">As <b>${e(lead.name)}</b> saw it:</p>`;
  const list = alone
    ? ''
    : `<p class="label">Seen by ${e(countByKind(cause.checks))}</p><ul class="seen-by">${cause.checks
        .map((check) => seenByItem(check, cause, summary, reproductions))
        .join('')}</ul>`;
  return `<article class="check check-failed" data-cause="${e(cause.name)}">
<h3>${heading}</h3>${shownFrom}
${failedCheckBody(lead, summary.target, reproductions)}${list}
</article>`;
}

export function failedSection(summary: Summary, reproductions: Reproductions): string {
  const causes = causesOf(summary.checks);
  if (causes.length === 0) return '';
  const checks = causes.reduce((sum, cause) => sum + cause.checks.length, 0);
  const intro =
    checks === causes.length
      ? ''
      : `<p class="muted">${checks} failed checks, by the invariant or threshold they broke: each cause once, shown as the check with a reproduction script and the fewest requests saw it, with its replay, then every check that saw it (open one for its own data).</p>`;
  return `<section id="failed"><h2>Failed <span class="count">${causes.length} ${causes.length === 1 ? 'cause' : 'causes'}</span></h2>
${intro}${causes.map((cause) => causeCard(cause, summary, reproductions)).join('\n')}</section>`;
}
