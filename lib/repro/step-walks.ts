/**
 * Which walk each step of a reproduction belongs to: a step without a cursor starts a walk, a step
 * with one continues the walk of the step that issued its cursor. Duplicates and cycles are judged
 * within a walk; the tenant boundary across all of them.
 */
import type { ApiCall } from '../http/call.ts';

/** One request of a reproduction, with what it answered when the bug showed. */
export interface ReproStep {
  call: ApiCall;
  /** Status the step answered when the property failed. */
  status: number;
  /** Index of the earlier step whose nextPageToken this call sends as its cursor. */
  cursorFrom?: number;
  /** The bug shows when this step answers `status` again (a failure of the status the contract fixes). */
  showsBug?: boolean;
}

export interface StepOwner {
  walk: number;
  tenant: string;
}

export function stepOwners(steps: readonly ReproStep[]): StepOwner[] {
  const owners: StepOwner[] = [];
  let walks = 0;
  for (const step of steps) {
    const from = step.cursorFrom === undefined ? undefined : owners[step.cursorFrom];
    owners.push({ walk: from ? from.walk : walks++, tenant: step.call.credential.tenant });
  }
  return owners;
}

/** Step indices grouped by `key`, in first-seen order. */
export function groupSteps(owners: readonly StepOwner[], key: (owner: StepOwner) => string): number[][] {
  const groups = new Map<string, number[]>();
  owners.forEach((owner, step) => {
    const group = groups.get(key(owner));
    if (group) group.push(step);
    else groups.set(key(owner), [step]);
  });
  return [...groups.values()];
}
