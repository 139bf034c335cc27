/** From a failed run's transcript to the steps of its curl reproduction, and the script itself. */
import { KEY_SPELLING_CHANGED_STATUS } from '../checks/key-spelling-served.ts';
import { callPath } from '../http/call.ts';
import type { Failure, RequestRecord } from '../failure.ts';
import { curlScript } from '../repro/curl.ts';
import type { ReproStep } from '../repro/step-walks.ts';
import { scriptTarget } from '../repro/script-target.ts';
import { propsReplay, type RunSource } from '../replay-command.ts';
import type { Target } from '../target/target.ts';
import type { Exchange } from './transcript.ts';

/**
 * Checks whose failure is the status itself (a 200 where the contract fixes a 4xx, a 5xx mid-walk,
 * two schemes answering differently): a script can tell by the status alone that the bug is back.
 */
const STATUS_CHECKS: ReadonlySet<string> = new Set([
  'limit-bounds-enforced',
  'cursor-rejected',
  'key-rejected',
  'scope-enforced',
  'foreign-resource-not-found',
  'walk-pages-succeed',
  'auth-schemes-agree',
  'invalid-parameter-rejected',
  'unknown-place-refused',
  'unknown-place-not-found',
  'head-like-get',
  'accept-json-served',
  'not-modified-justified',
  'throttle-is-429',
  // Its status is 0: no HTTP answer at all (curl's own error, or 000 under load).
  'every-request-answered',
]);

/** Failure codes, of checks that may fail otherwise, whose failure is the status itself. */
const STATUS_CODES: ReadonlySet<string> = new Set([KEY_SPELLING_CHANGED_STATUS]);

const showsByStatus = (failure: Failure): boolean =>
  STATUS_CHECKS.has(failure.check) || STATUS_CODES.has(failure.code);

const sameRequest = (exchange: Exchange, record: RequestRecord): boolean =>
  callPath(exchange.call) === record.path &&
  exchange.call.credential.tenant === record.tenant &&
  exchange.call.credential.role === record.role &&
  exchange.call.credential.scheme === record.scheme &&
  exchange.call.credential.keySpelling === record.keySpelling &&
  exchange.call.method === record.method &&
  exchange.status === record.status;

function lastIndexWhere<T>(items: readonly T[], end: number, matches: (item: T) => boolean): number {
  for (let index = end - 1; index >= 0; index -= 1) if (matches(items[index] as T)) return index;
  return -1;
}

/** The transcript as reproduction steps: cursors traced to the step that issued them. */
export function reproSteps(transcript: readonly Exchange[], failures: readonly Failure[]): ReproStep[] {
  const steps: ReproStep[] = transcript.map((exchange, index) => {
    const cursor = exchange.call.query.cursor;
    const issuer = lastIndexWhere(transcript, index, (earlier) => earlier.nextPageToken === cursor);
    return {
      call: exchange.call,
      status: exchange.status,
      ...(cursor !== undefined && issuer >= 0 ? { cursorFrom: issuer } : {}),
    };
  });
  for (const failure of failures.filter(showsByStatus))
    for (const record of failure.requests) {
      const index = lastIndexWhere(transcript, transcript.length, (exchange) =>
        sameRequest(exchange, record),
      );
      const step = steps[index];
      if (step !== undefined) step.showsBug = true;
    }
  return steps;
}

export interface FailedRun {
  name: string;
  seed: number;
  path: string;
  failures: readonly Failure[];
  requests: readonly ReproStep[];
}

/**
 * `source`: what the run ran against, so that the replay command in the header does too, and the
 * script can bring that target back (the sandbox's command) and find its keys.
 */
export function reproScript(result: FailedRun, target: Target, source: RunSource): string {
  return curlScript({
    title: `Reproduction of property ${result.name} (fast-check seed ${result.seed}, path ${result.path})`,
    replay: propsReplay(result.name, result, source),
    target: scriptTarget(source, target),
    apiKeyHeader: target.apiKeyHeader,
    steps: result.requests,
    failures: result.failures,
    tenants: target.tenants.map((tenant) => tenant.name),
    maxRps: target.load.maxRps,
    quiescent: target.tenants.filter((tenant) => tenant.quiescent).map((tenant) => tenant.name),
  });
}
