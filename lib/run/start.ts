/**
 * A command's start, one way for every command that runs against a target (gate, props,
 * capacity, repro): its target opened, the redactor of its keys built once, the target named to
 * the user before any request, and the summary its run folder starts with.
 */
import type { OnOpened } from '../cli/cli.ts';
import { createRedactor, type Redactor } from '../redact.ts';
import { describeOpened, startSummary } from '../report/build.ts';
import type { Summary } from '../report/model.ts';
import type { RunFolder } from '../report/with-run.ts';
import { openTarget, type OpenedTarget, type TargetSource } from '../adapters/open-target.ts';
import { targetSecrets } from '../target/target.ts';

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
  const redact = createRedactor([...targetSecrets(opened.target), ...secrets]);
  onOpened(redact, describeOpened(opened));
  return { opened, redact };
}

/** The summary a command's run starts with, in its run folder. */
export const runSummary = (
  command: Summary['command'],
  folder: RunFolder,
  opened: OpenedTarget,
  versions: Summary['versions'],
): Summary =>
  startSummary({
    command,
    runId: folder.runId,
    target: describeOpened(opened),
    versions,
    startedAt: folder.started,
  });
