import type { Failure, FailureFields, RequestRecord } from '../failure.ts';
import type { PageCheck, PageContext, ProbeCheck, ProbeContext, WalkSetCheck } from '../checks/types.ts';
import { requestRecord } from './records.ts';

const toFailure = (check: { name: string }, fields: FailureFields, context: PageContext): Failure => ({
  severity: 'error',
  ...fields,
  check: check.name,
  requests: [...context.walk.requests],
});

export function runPageChecks(checks: readonly PageCheck[], context: PageContext): Failure[] {
  const failures: Failure[] = [];
  for (const check of checks) {
    const fields = check.run(context);
    if (fields) failures.push(toFailure(check, fields, context));
  }
  return failures;
}

/** Runs probe checks on one request; the failure's request sequence is that request. */
export function runProbeChecks(checks: readonly ProbeCheck[], context: ProbeContext): Failure[] {
  const failures: Failure[] = [];
  for (const check of checks) {
    const fields = check.run(context);
    if (fields)
      failures.push({
        severity: 'error',
        ...fields,
        check: check.name,
        requests: [requestRecord(context.call, context.response.status)],
      });
  }
  return failures;
}

/** Runs a walk-set check; the failure's request sequence is the requests of the walks compared. */
export function runWalkSetCheck<Input>(
  check: WalkSetCheck<Input>,
  input: Input,
  requests: readonly RequestRecord[],
): Failure[] {
  const fields = check.run(input);
  return fields ? [{ severity: 'error', ...fields, check: check.name, requests: [...requests] }] : [];
}
