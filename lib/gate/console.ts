/**
 * What the gate prints at the end: each failing cause once, with the properties or loads that saw
 * it listed under it (twelve properties failing on one duplicate id are one cause, not twelve
 * bugs), the regressions, then the verdict and where the report is.
 */
import type { CheckResult, Summary } from '../report/model.ts';

interface Group {
  /** The invariant or threshold that failed. */
  cause: string;
  /** Its first failure, as one line. */
  first: string;
  seenBy: string[];
}

/** The check a failed check blames: the invariant inside a property's failure, else itself. */
function causeOf(check: CheckResult): { cause: string; first: string } {
  const failure = check.failures?.[0];
  if (check.kind === 'property' && failure) return { cause: failure.check, first: failure.message };
  if (check.kind === 'threshold' && failure) return { cause: check.name, first: failure.received };
  return { cause: check.name, first: failure ? failure.message : (check.reason ?? '') };
}

export function failureLines(summary: Summary): string[] {
  const groups = new Map<string, Group>();
  for (const check of summary.checks.filter((entry) => entry.verdict === 'failed')) {
    const { cause, first } = causeOf(check);
    const group = groups.get(cause) ?? { cause, first, seenBy: [] };
    if (check.name !== cause) group.seenBy.push(check.name);
    groups.set(cause, group);
  }
  const lines = [...groups.values()].flatMap((group) => [
    `FAILED ${group.cause}: ${group.first}`,
    ...(group.seenBy.length > 0
      ? [
          `  seen by ${group.seenBy.length} ${group.seenBy.length === 1 ? 'property' : 'properties'}: ${group.seenBy.join(', ')}`,
        ]
      : []),
  ]);
  for (const stage of summary.stages.filter((entry) => entry.verdict === 'error'))
    lines.push(`ERROR ${stage.name} stage could not finish: ${stage.reason ?? ''}`);
  for (const regression of summary.baseline?.regressions ?? [])
    lines.push(`REGRESSION ${regression.message}`);
  return lines;
}

/** The last line: the verdict, then the report, so it never reads as if the report failed. */
export const verdictLine = (summary: Summary, html: string): string =>
  `verdict ${summary.verdict === 'pass' ? 'PASS' : 'FAIL'} · report: ${html}`;
