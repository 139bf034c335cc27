/**
 * How an answer sent raw past a rate limit is judged (spec §8 "Exceeding the rate limit gives 429"):
 * the burst of a tenant's keys (./rate-limit-tenant.ts) and the rounds of a throttled key's HEADs
 * between its GETs (./rate-limit-head-rounds.ts).
 */
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { throttleIs429 } from '../lib/checks/throttle-is-429.ts';
import type { Failure } from '../lib/failure.ts';
import type { ApiCall } from '../lib/http/call.ts';
import type { ApiResponse } from '../lib/http/response.ts';
import { everyAnswerFailures } from '../lib/paging/answer-checks.ts';
import { runProbeChecks } from '../lib/paging/run-checks.ts';
import { foldPage, startWalk } from '../lib/paging/walk.ts';
import type { Target } from '../lib/target/target.ts';

const NONE: readonly Failure[] = [];

/**
 * What one answer broke, the first that did of: its framing (sent raw, past the one 429 loop, its
 * Date and first bytes are judged here), `beforeStatus` (a soft-throttled 200 judged as the page it
 * repeats), its status (throttle-is-429: served, 403 for a scope its key lacks, or 429; a 503, any
 * 5xx or another status fails), then its body: a GET's page by the page checks, its refusal in the
 * Error shape; a HEAD has no body to judge.
 */
export function burstAnswerFailures(
  target: Target,
  call: ApiCall,
  response: ApiResponse,
  probe: string,
  beforeStatus: (call: ApiCall, response: ApiResponse) => readonly Failure[] = () => NONE,
): Failure[] {
  const framing = everyAnswerFailures(call, response, target);
  if (framing.length > 0) return framing;
  const before = beforeStatus(call, response);
  if (before.length > 0) return [...before];
  const status = runProbeChecks([throttleIs429], { call, response, probe });
  if (status.length > 0 || call.method === 'HEAD') return status;
  if (response.status === 200) return foldPage(startWalk({ ...call, maxPages: 1 }), call, response);
  return runProbeChecks([errorBodyShape], { call, response, probe });
}
