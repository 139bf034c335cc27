/**
 * What the gate prints at the end: each failing cause once, with the properties or loads that saw
 * it listed under it (lib/report/causes.ts: twelve properties failing on one duplicate id are one
 * cause, not twelve bugs) and the command that replays it, each stage it could not judge (or the
 * harness failed in) with why, the regressions, then the verdict.
 */
import { causesOf, replayOf, seenByLine } from '../report/causes.ts';
import type { Summary } from '../report/model.ts';
import { stageErrorLines } from '../cli/run-lines.ts';

export function failureLines(summary: Summary): string[] {
  const lines = causesOf(summary.checks).flatMap((cause) => {
    const seen = seenByLine(cause);
    const replay = replayOf(cause.lead, summary.target);
    return [
      `FAILED ${cause.name}: ${cause.first}`,
      ...(seen === '' ? [] : [`  ${seen}`]),
      ...(replay === undefined ? [] : [`  replay: ${replay}`]),
    ];
  });
  lines.push(...stageErrorLines(summary));
  for (const regression of summary.baseline?.regressions ?? [])
    lines.push(`REGRESSION ${regression.message}`);
  return lines;
}
