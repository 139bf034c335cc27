/**
 * Validates a summary: its shape (the TypeBox schema) and the rules between fields that a schema
 * cannot say (a skipped check has a reason, the verdict agrees with the checks, ...).
 */
import { Value } from '@sinclair/typebox/value';
import { SummarySchema, type Summary } from './model.ts';
import { somethingFailed, unjudgedStages } from './build.ts';

export type SummaryResult = { ok: true; summary: Summary } | { ok: false; problems: string[] };

const MAX_PROBLEMS = 10;

function shapeProblems(value: unknown): string[] {
  const byPlace = new Map<string, string>();
  for (const error of Value.Errors(SummarySchema, value)) {
    const place = error.path || '/';
    if (!byPlace.has(place)) byPlace.set(place, error.message);
    if (byPlace.size >= MAX_PROBLEMS) break;
  }
  return [...byPlace].map(([place, message]) => `${place}: ${message}`);
}

function checkProblems(summary: Summary): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  summary.checks.forEach((check, index) => {
    const place = `/checks/${index} (${check.name})`;
    const identity = `${check.kind}:${check.name}`;
    if (seen.has(identity)) problems.push(`${place}: a ${check.kind} check of this name is already listed`);
    seen.add(identity);
    if (check.verdict === 'skipped' && !check.reason)
      problems.push(`${place}: a skipped check needs a reason`);
    if (check.verdict === 'failed' && !check.failures?.length && !check.reason)
      problems.push(`${place}: a failed check needs failures or a reason`);
    if (check.verdict !== 'failed' && check.failures?.length)
      problems.push(`${place}: only a failed check carries failures`);
    if (check.failures?.some((failure) => failure.severity !== 'error'))
      problems.push(`${place}: advisory failures belong in /advisories`);
  });
  return problems;
}

function runProblems(summary: Summary): string[] {
  const problems: string[] = [];
  if (summary.advisories.some((failure) => failure.severity !== 'advisory'))
    problems.push('/advisories: holds a failure of severity error; it belongs to its check');
  if (Date.parse(summary.finishedAt) < Date.parse(summary.startedAt))
    problems.push('/finishedAt: is before startedAt');
  if (summary.checks.some((check) => check.kind === 'threshold') && !summary.versions.artillery)
    problems.push('/versions/artillery: required when a load ran (the summary has threshold checks)');
  summary.stages.forEach((stage, index) => {
    if ((stage.verdict === 'error' || stage.verdict === 'inconclusive') && !stage.reason)
      problems.push(`/stages/${index}/reason: required for a stage ${stage.verdict} (why it was not judged)`);
  });
  const failed = somethingFailed(summary);
  const unjudged = unjudgedStages(summary).length > 0;
  if (summary.verdict === 'pass' && (failed || unjudged || summary.exitCode !== 0))
    problems.push(
      '/verdict: is pass, but a check, stage or baseline failed, a stage was not judged, or exitCode is not 0',
    );
  if (summary.verdict === 'fail' && summary.exitCode === 0) problems.push('/exitCode: is 0 for a failed run');
  if (summary.verdict === 'inconclusive' && (failed || summary.exitCode !== 2))
    problems.push('/verdict: is inconclusive, but something failed (exit 1) or exitCode is not 2');
  if (summary.exitCode === 1 && !failed)
    problems.push('/exitCode: is 1 (checks failed) but no check, stage or baseline failed');
  return problems;
}

/** Every problem as one line naming the place (a JSON pointer) and what is wrong. */
export function validateSummary(value: unknown): SummaryResult {
  const shape = shapeProblems(value);
  if (shape.length > 0) return { ok: false, problems: shape };
  const summary = value as Summary;
  const problems = [...checkProblems(summary), ...runProblems(summary)];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, summary };
}
