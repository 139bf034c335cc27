/**
 * The one place a Summary is built: a run's stages return what they found as values
 * (StageReport), and buildSummary lists them and derives the verdict and exit code from them.
 */
import { describeError } from '../cli/cli.ts';
import { isHarnessError } from '../errors.ts';
import { isError, type Failure } from '../failure.ts';
import { SCHEMA_VERSION, type CheckKind, type CheckResult, type Command, type Summary } from './model.ts';

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

type Stage = Summary['stages'][number];

/** A stage as the summary lists it; `reason` (required for an `inconclusive` or `error` stage): why. */
export function stageEntry(
  name: string,
  verdict: Stage['verdict'],
  durationMs: number,
  reason?: string,
): Stage {
  return { name, verdict, durationMs: Math.max(0, durationMs), ...(reason === undefined ? {} : { reason }) };
}

/**
 * The line of a stage that an error ended: a HarnessError (lib/errors.ts: the user's to fix, e.g.
 * a target never reached) leaves it `inconclusive`; any other error is the harness's own
 * failure, `error`, named an internal error. `redact` hides the target's keys in the reason.
 */
export function unfinishedStage(
  name: string,
  durationMs: number,
  error: unknown,
  redact: (text: string) => string,
): Stage {
  const verdict = isHarnessError(error) ? 'inconclusive' : 'error';
  return stageEntry(name, verdict, durationMs, redact(describeError(error)));
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

/**
 * One thing a stage found, in the order it found it: a check's outcome, or an advisory of its own
 * (added unless one with the same check and code is already in the summary).
 */
export type Finding = { check: CheckIdentity; outcome: CheckOutcome } | { advisory: Failure };

/** What one stage of a run returns for the summary: its stage lines, findings, metrics and files. */
export interface StageReport {
  stages?: Stage[];
  findings?: Finding[];
  /** Replaces the named tables of the run's metrics. */
  metrics?: Partial<Summary['metrics']>;
  artifacts?: NonNullable<Summary['artifacts']>;
}

function failedCheck(check: CheckResult, outcome: Extract<CheckOutcome, { verdict: 'failed' }>) {
  const failures = outcome.failures ?? [];
  const advisories = failures.filter((failure) => !isError(failure));
  const errors = failures.filter(isError);
  // A check whose only findings are advisories has not failed: advisories never fail a gate.
  if (errors.length === 0 && outcome.reason === undefined) return { check, advisories };
  const result: CheckResult = { ...check, verdict: 'failed' };
  if (errors.length > 0) result.failures = errors;
  if (outcome.reason !== undefined) result.reason = outcome.reason;
  if (outcome.seed !== undefined) result.seed = outcome.seed;
  if (outcome.path !== undefined) result.path = outcome.path;
  if (outcome.replay !== undefined) result.replay = outcome.replay;
  if (outcome.reproduction && outcome.reproduction.length > 0) result.reproduction = outcome.reproduction;
  return { check: result, advisories };
}

/** One check's outcome as the summary lists it; its advisory failures go to the summary's advisories. */
export function judgeCheck(
  identity: CheckIdentity,
  outcome: CheckOutcome,
): { check: CheckResult; advisories: Failure[] } {
  if (outcome.verdict === 'skipped')
    return { check: { ...identity, verdict: 'skipped', reason: outcome.reason }, advisories: [] };
  if (outcome.verdict === 'failed') return failedCheck({ ...identity, verdict: 'passed' }, outcome);
  return { check: { ...identity, verdict: 'passed' }, advisories: outcome.advisories ?? [] };
}

/** What every run knows besides its stages: which command ran against what, and when. */
export interface RunFacts {
  command: Command;
  runId: string;
  target: Summary['target'];
  versions: Summary['versions'];
  startedAt: Date;
  finishedAt: Date;
}

function addFinding(into: Pick<Summary, 'checks' | 'advisories'>, finding: Finding): void {
  if ('advisory' in finding) {
    const { check, code } = finding.advisory;
    if (!into.advisories.some((known) => known.code === code && known.check === check))
      into.advisories.push(finding.advisory);
    return;
  }
  const { check, advisories } = judgeCheck(finding.check, finding.outcome);
  into.advisories.push(...advisories);
  into.checks.push(check);
}

/**
 * The run's summary, built once from what its stages returned, in their order: the stages, checks
 * and advisories listed, the metrics tables each stage measured, the files it wrote, and the
 * verdict and exit code derived from all of it.
 */
export function buildSummary(run: RunFacts, reports: readonly StageReport[]): Summary {
  const found: Pick<Summary, 'checks' | 'advisories'> = { checks: [], advisories: [] };
  for (const finding of reports.flatMap((report) => report.findings ?? [])) addFinding(found, finding);
  const artifacts = reports.flatMap((report) => report.artifacts ?? []);
  const summary: Summary = {
    schemaVersion: SCHEMA_VERSION,
    runId: run.runId,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt.toISOString(),
    command: run.command,
    target: run.target,
    versions: run.versions,
    verdict: 'pass',
    exitCode: 0,
    stages: reports.flatMap((report) => report.stages ?? []),
    ...found,
    metrics: Object.assign(
      { latency: [], rate429: [], depth: [] },
      ...reports.map((report) => report.metrics ?? {}),
    ) as Summary['metrics'],
    ...(reports.some((report) => report.artifacts !== undefined) ? { artifacts } : {}),
  };
  return { ...summary, ...judgedVerdict(summary) };
}

/**
 * A finding: a check or stage failed, or the run regressed; or the harness itself failed (a stage
 * in `error`: loud, never read as a pass nor as the user's to fix).
 */
export const somethingFailed = (summary: Summary): boolean =>
  summary.checks.some((check) => check.verdict === 'failed') ||
  summary.stages.some((stage) => stage.verdict === 'fail' || stage.verdict === 'error') ||
  (summary.baseline?.regressions.length ?? 0) > 0;

/** The stages that could not be judged, wholly or in part, for a reason on the user's side. */
export const unjudgedStages = (summary: Pick<Summary, 'stages'>): Summary['stages'] =>
  summary.stages.filter((stage) => stage.verdict === 'inconclusive');

/**
 * The verdict and exit code the checks, stages and baseline give: any finding fails the run
 * (exit 1, whatever else could not be judged: a finding is never lost); else a stage that could
 * not be judged makes it inconclusive (exit 2: never a pass); else it passes (exit 0).
 */
export function judgedVerdict(summary: Summary): Pick<Summary, 'verdict' | 'exitCode'> {
  if (somethingFailed(summary)) return { verdict: 'fail', exitCode: 1 };
  if (unjudgedStages(summary).length > 0) return { verdict: 'inconclusive', exitCode: 2 };
  return { verdict: 'pass', exitCode: 0 };
}

export const checksWithVerdict = (summary: Summary, verdict: CheckResult['verdict']): CheckResult[] =>
  summary.checks.filter((check) => check.verdict === verdict);
