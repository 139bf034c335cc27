import type { Failure, FailureFields, RequestRecord } from '../failure.ts';
import type { PageCheck, PageContext, ProbeCheck, ProbeContext, WalkSetCheck } from '../checks/types.ts';
import { pageMatchesSchema } from '../checks/page-matches-schema.ts';
import { everyRequestAnswered, noAnswerFields } from '../checks/every-request-answered.ts';
import type { NoAnswer } from '../http/no-answer.ts';
import { requestRecord } from './records.ts';

const toFailure = (check: { name: string }, fields: FailureFields, context: PageContext): Failure => ({
  severity: 'error',
  ...fields,
  check: check.name,
  requests: [...context.walk.requests],
});

/**
 * Runs the page checks on one page. A check reads the page's records as the contract shapes them;
 * on a page that is not of that shape (a `null` among the records, say) one may throw: that page
 * is then the schema's finding (`page-matches-schema`, added if the caller's checks lack it), and
 * a check that threw on it is not judged. A check that throws on a page of the contract's shape is
 * the harness's bug, and is thrown.
 */
export function runPageChecks(checks: readonly PageCheck[], context: PageContext): Failure[] {
  const failures: Failure[] = [];
  let thrown: { error: unknown } | undefined;
  for (const check of checks) {
    let fields: FailureFields | null;
    try {
      fields = check.run(context);
    } catch (error) {
      thrown ??= { error };
      continue;
    }
    if (fields) failures.push(toFailure(check, fields, context));
  }
  if (thrown === undefined) return failures;
  if (failures.some((failure) => failure.check === pageMatchesSchema.name)) return failures;
  const schema = pageMatchesSchema.run(context);
  if (schema === null) throw thrown.error;
  return [...failures, toFailure(pageMatchesSchema, schema, context)];
}

/**
 * Runs probe checks on one request; the failure's request sequence is that request, after the
 * earlier ones its finding names.
 */
export function runProbeChecks(checks: readonly ProbeCheck[], context: ProbeContext): Failure[] {
  const failures: Failure[] = [];
  for (const check of checks) {
    const found = check.run(context);
    if (found === null) continue;
    const { related = [], ...fields } = found;
    failures.push({
      severity: 'error',
      ...fields,
      check: check.name,
      requests: [
        ...related.map((earlier) => requestRecord(earlier.call, earlier.status)),
        requestRecord(context.call, context.response.status),
      ],
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

/** The every-request-answered finding of a request the target left without an HTTP answer (status 0). */
export function noAnswerFailure(error: NoAnswer): Failure {
  return {
    severity: 'error',
    ...noAnswerFields(error.call, error.why),
    check: everyRequestAnswered.name,
    requests: [requestRecord(error.call, 0)],
  };
}
