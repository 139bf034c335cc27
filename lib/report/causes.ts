/**
 * Failed checks by cause: the invariant or threshold that broke, once, with every check that saw
 * it (thirteen properties failing on one leaked record are one bug, not thirteen). The console,
 * report.html and junit.xml all group with this, so they always agree on what a cause is.
 */
import { propsReplay } from '../replay-command.ts';
import type { CheckKind, CheckResult, Summary } from './model.ts';

export interface Cause {
  /** The invariant (its registry name) or the threshold that failed. */
  name: string;
  /** Its first failure, as one line. */
  first: string;
  /** The check whose replay and reproduction stand for the cause (see `leadOf`). */
  lead: CheckResult;
  /** Every failed check that blames this cause, the lead included, in run order. */
  checks: CheckResult[];
}

/**
 * The check a failed check blames: the invariant inside a property's or a load's failure, else
 * itself (a threshold, a load that could not run, a summary from before load failures were data).
 */
function blame(check: CheckResult): { name: string; first: string } {
  const failure = check.failures?.[0];
  if (check.kind === 'threshold') return { name: check.name, first: failure?.received ?? check.reason ?? '' };
  if (failure) return { name: failure.check, first: failure.message };
  return { name: check.name, first: check.reason ?? '' };
}

const replayable = (check: CheckResult) => check.replay !== undefined || check.seed !== undefined;

/** Smaller is a better stand-in: a runnable script first, then a replay, then the shortest sequence. */
const leadRank = (check: CheckResult): [number, number, number] => [
  (check.reproduction?.length ?? 0) > 0 ? 0 : 1,
  replayable(check) ? 0 : 1,
  check.failures?.[0]?.requests.length ?? Number.MAX_SAFE_INTEGER,
];

/** The check to replay a cause with: the one with a script and the fewest requests that show it. */
function leadOf(checks: readonly CheckResult[]): CheckResult {
  return checks.reduce((best, check) => {
    const [a, b] = [leadRank(check), leadRank(best)];
    const better = a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
    return better < 0 ? check : best;
  });
}

/** The failed checks of a run by cause, in the order the causes were first seen. */
export function causesOf(checks: readonly CheckResult[]): Cause[] {
  const groups = new Map<string, { first: string; checks: CheckResult[] }>();
  for (const check of checks.filter((entry) => entry.verdict === 'failed')) {
    const { name, first } = blame(check);
    const group = groups.get(name) ?? { first, checks: [] };
    group.checks.push(check);
    groups.set(name, group);
  }
  return [...groups].map(([name, group]) => ({ name, ...group, lead: leadOf(group.checks) }));
}

/** The checks that saw a cause, without the one that is the cause itself (a threshold, a load run). */
const seenBy = (cause: Cause): CheckResult[] => cause.checks.filter((check) => check.name !== cause.name);

const NOUNS: Record<CheckKind, [string, string]> = {
  property: ['property', 'properties'],
  invariant: ['invariant', 'invariants'],
  threshold: ['threshold', 'thresholds'],
};

/** "3 properties", "12 properties and 1 invariant": the checks counted by kind, in kind order. */
export function countByKind(checks: readonly CheckResult[]): string {
  const parts = (Object.keys(NOUNS) as CheckKind[]).flatMap((kind) => {
    const count = checks.filter((check) => check.kind === kind).length;
    return count === 0 ? [] : [`${count} ${NOUNS[kind][count === 1 ? 0 : 1]}`];
  });
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** "seen by 3 properties: a, b, c"; empty when nothing but the cause itself saw it. */
export function seenByLine(cause: Cause): string {
  const others = seenBy(cause);
  return others.length === 0
    ? ''
    : `seen by ${countByKind(others)}: ${others.map((check) => check.name).join(', ')}`;
}

/**
 * The command that replays a check: the one the run recorded (it names the run's target file or
 * sandbox faults). A summary from before `replay` existed gets one built from its target: a
 * sandbox's faults, or the target file to fill in.
 */
export function replayOf(check: CheckResult, target: Summary['target']): string | undefined {
  if (check.replay !== undefined) return check.replay;
  if (check.seed === undefined || check.kind !== 'property') return undefined;
  const source = target.kind === 'sandbox' ? { faults: target.faults ?? [] } : { targetFile: 'TARGET_FILE' };
  return propsReplay(check.name, { seed: check.seed, ...(check.path ? { path: check.path } : {}) }, source);
}
