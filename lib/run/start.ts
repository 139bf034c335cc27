/**
 * A command's start, one way for every command that runs against a target (gate, props,
 * capacity, repro): its target opened, the redactor of its keys built once, the target named to
 * the user before any request, and what its summary says of the run.
 */
import type { OnOpened } from '../cli/cli.ts';
import type { Redactor } from '../redact.ts';
import { describeOpened, type RunFacts } from '../report/build.ts';
import type { Summary } from '../report/model.ts';
import type { RunFolder } from '../report/with-run.ts';
import { openTarget, type OpenedTarget, type TargetSource } from '../adapters/open-target.ts';
import { targetRedactor } from '../target/target.ts';

export interface StartedTarget {
  opened: OpenedTarget;
  /** Hides the target's keys (and `secrets`) in everything printed or written from now on. */
  redact: Redactor;
}

/**
 * Opens the target, builds its redactor and tells `onOpened` (the command's target line) before
 * any request. `secrets`: more text to hide, e.g. the keys of a customer's HAR.
 */
export async function startTarget(
  source: TargetSource,
  onOpened: OnOpened = () => {},
  secrets: readonly string[] = [],
): Promise<StartedTarget> {
  const opened = await openTarget(source);
  const redact = targetRedactor(opened.target, secrets);
  onOpened(redact, describeOpened(opened));
  return { opened, redact };
}

/** What a command's summary says of its run, finished now: its folder, target and versions. */
export const runFacts = (
  command: Summary['command'],
  folder: RunFolder,
  opened: OpenedTarget,
  versions: Summary['versions'],
): RunFacts => ({
  command,
  runId: folder.runId,
  target: describeOpened(opened),
  versions,
  startedAt: folder.started,
  finishedAt: new Date(),
});
