/**
 * Builders for a Summary: a runner starts one, adds stages and check outcomes as they finish, and
 * finishes it, which derives the verdict and exit code from what was added.
 */
import { isError, type Failure } from '../failure.ts';
import { SCHEMA_VERSION, type CheckKind, type CheckResult, type Command, type Summary } from './model.ts';

export interface SummaryStart {
  command: Command;
  target: Summary['target'];
  versions: Summary['versions'];
  startedAt: Date;
  /** @default makeRunId(command, startedAt) */
  runId?: string;
}

/** `20260614T100000Z`: a time as run folders are named, sortable as text. */
export const compactTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** Sorts by time, names the command, and a random suffix keeps two runs in one second apart. */
export function makeRunId(
  command: Command,
  startedAt: Date,
  suffix = Math.random().toString(36).slice(2, 6),
) {
  return `${compactTime(startedAt)}-${command}-${suffix}`;
}

/** An opened target (lib/adapters/open-target.ts) as a report shows it. */
export const describeOpened = (opened: {
  target: { name: string; baseUrl: string };
  sandbox: boolean;
  faults: readonly string[];
}): Summary['target'] =>
  describeTarget(opened.target.name, opened.target.baseUrl, {
    sandbox: opened.sandbox,
    faults: opened.faults,
  });

/** The target as a report shows it: user info, query and fragment dropped from the URL. */
export function describeTarget(
  name: string,
  baseUrl: string,
  options: { sandbox: boolean; faults?: readonly string[] },
): Summary['target'] {
  const url = new URL(baseUrl);
  const info: Summary['target'] = {
    name,
    baseUrl: `${url.protocol}//${url.host}${url.pathname}`,
    kind: options.sandbox ? 'sandbox' : 'remote',
  };
  if (options.faults && options.faults.length > 0) info.faults = [...options.faults];
  return info;
}

export function startSummary(start: SummaryStart): Summary {
  const startedAt = start.startedAt.toISOString();
  return {
    schemaVersion: SCHEMA_VERSION,
    runId: start.runId ?? makeRunId(start.command, start.startedAt),
    startedAt,
    finishedAt: startedAt,
    command: start.command,
    target: start.target,
    versions: start.versions,
    verdict: 'pass',
    exitCode: 0,
    stages: [],
    checks: [],
    advisories: [],
    metrics: { latency: [], rate429: [], depth: [] },
  };
}

type Stage = Summary['stages'][number];

/** `reason` (required for an `error` stage): why the stage could not finish. */
export function addStage(
  summary: Summary,
  name: string,
  verdict: Stage['verdict'],
  durationMs: number,
  reason?: string,
): void {
  summary.stages.push({
    name,
    verdict,
    durationMs: Math.max(0, durationMs),
    ...(reason === undefined ? {} : { reason }),
  });
}

/** What a property or threshold runner reports for one check. */
export type CheckOutcome =
  | { verdict: 'passed'; advisories?: Failure[] }
  | { verdict: 'skipped'; reason: string }
  | {
      verdict: 'failed';
      failures?: Failure[];
      /** Required when there are no failures to show. */
      reason?: string;
      seed?: number;
      path?: string;
      /** The command that replays it, naming the run's target file or sandbox faults. */
      replay?: string;
      reproduction?: string[];
    };

/** How a failed check is run again: the harness command, and the reproduction scripts written for it. */
export interface Rerun {
  replay?: string;
  reproduction?: string[];
}

export interface CheckIdentity {
  name: string;
  kind: CheckKind;
  family?: string;
  durationMs?: number;
  detail?: string;
}

function failedCheck(
  check: CheckResult,
  outcome: Extract<CheckOutcome, { verdict: 'failed' }>,
  summary: Summary,
) {
  const failures = outcome.failures ?? [];
  summary.advisories.push(...failures.filter((failure) => !isError(failure)));
  const errors = failures.filter(isError);
  // A check whose only findings are advisories has not failed: advisories never fail a gate.
  if (errors.length === 0 && outcome.reason === undefined) return check;
  const result: CheckResult = { ...check, verdict: 'failed' };
  if (errors.length > 0) result.failures = errors;
  if (outcome.reason !== undefined) result.reason = outcome.reason;
  if (outcome.seed !== undefined) result.seed = outcome.seed;
  if (outcome.path !== undefined) result.path = outcome.path;
  if (outcome.replay !== undefined) result.replay = outcome.replay;
  if (outcome.reproduction && outcome.reproduction.length > 0) result.reproduction = outcome.reproduction;
  return result;
}

/** Adds one check's outcome; advisory failures move to the summary's advisories. */
export function addCheck(summary: Summary, identity: CheckIdentity, outcome: CheckOutcome): CheckResult {
  let check: CheckResult = { ...identity, verdict: 'passed' };
  if (outcome.verdict === 'skipped') check = { ...identity, verdict: 'skipped', reason: outcome.reason };
  else if (outcome.verdict === 'failed') check = failedCheck(check, outcome, summary);
  else summary.advisories.push(...(outcome.advisories ?? []));
  summary.checks.push(check);
  return check;
}

/**
 * A check or stage failed, a stage ended in error after the run judged something (a finding is
 * never lost, and a gate that could not finish never passes), or the run regressed.
 */
export const somethingFailed = (summary: Summary): boolean =>
  summary.checks.some((check) => check.verdict === 'failed') ||
  summary.stages.some((stage) => stage.verdict !== 'pass') ||
  (summary.baseline?.regressions.length ?? 0) > 0;

/**
 * Derives verdict and exit code from the checks, stages and baseline. `setupError` (exit 2) is
 * for a run that found nothing and could not do its work; a run that found something is exit 1.
 */
export function deriveVerdict(summary: Summary, setupError = summary.exitCode === 2): void {
  const failed = somethingFailed(summary);
  summary.verdict = failed || setupError ? 'fail' : 'pass';
  summary.exitCode = setupError ? 2 : failed ? 1 : 0;
}

/** Sets the end time, verdict and exit code; `setupError` is a run that could not do its work. */
export function finishSummary(summary: Summary, finishedAt: Date, options: { setupError?: boolean } = {}) {
  summary.finishedAt = finishedAt.toISOString();
  deriveVerdict(summary, options.setupError ?? false);
  return summary;
}

export const checksWithVerdict = (summary: Summary, verdict: CheckResult['verdict']): CheckResult[] =>
  summary.checks.filter((check) => check.verdict === verdict);
