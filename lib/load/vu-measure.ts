/**
 * What a load's Vu does with every request and every failure, whatever sent it: the request goes
 * out paced (the target's load.maxRps share) and measured (latency, 429, 5xx or no answer, a
 * status 0 that says why: ApiResponse.noAnswer), and a failure a check found becomes a
 * check_failures point; the first definitive one stops the run.
 */
import type { NodeClient } from '../adapters/node-http.ts';
import type { Failure } from '../failure.ts';
import type { ApiCall } from '../http/call.ts';
import { NoAnswer } from '../http/no-answer.ts';
import type { ApiResponse } from '../http/response.ts';
import { startDueNow } from './due-timer.ts';
import { METRIC } from './metrics.ts';
import type { PointSink } from './points/write.ts';
import { statusTags } from './tags.ts';
import { isDefinitive } from './thresholds.ts';

type Tags = Record<string, string>;

/** Sends one request, tagged `tags`, and records what it measured. */
export type MeasuredSend = (call: ApiCall, tags: Tags) => Promise<ApiResponse>;

/**
 * The client wait's tags: none. The wait is the worker's client's queue, which every request of
 * the worker shares, whatever its endpoint or tenant; one shared object finds its series at once.
 */
const CLIENT_TAGS: Tags = {};

/**
 * A network failure under load is a data point (status 0), not the end of the run. One the
 * target left without an answer once it was reached (NoAnswer) says why, so every-request-answered
 * names the request (lib/paging/answer-checks.ts); one of a target never reached from this process
 * is the server_errors threshold's alone.
 */
function failedResponse(started: number, error: unknown): ApiResponse {
  const durationMs = performance.now() - started;
  const response: ApiResponse = { status: 0, headers: {}, bodyText: '', body: undefined, durationMs };
  if (error instanceof NoAnswer) response.noAnswer = error.why;
  return response;
}

/** Every request through `client`, after `pace()` lets it go (when there is one), measured into `points`. */
export function measuredSend(
  client: NodeClient,
  pace: (() => Promise<void>) | null,
  points: PointSink,
): MeasuredSend {
  return async (call, tags) => {
    if (pace) await pace();
    const started = performance.now();
    let response: ApiResponse;
    try {
      response = await client.send(call);
    } catch (error) {
      response = failedResponse(started, error);
    }
    // Arrivals that fell due while the thread read this batch of answers start now, not next turn.
    startDueNow();
    points.add(METRIC.latency, 'trend', response.durationMs, statusTags(tags, response.status));
    // A request that got no answer has no wait: it is counted in server_errors.
    if (response.waitMs !== undefined) points.add(METRIC.clientWait, 'trend', response.waitMs, CLIENT_TAGS);
    points.add(METRIC.rateLimited, 'rate', response.status === 429 ? 1 : 0, tags);
    points.add(METRIC.serverErrors, 'rate', response.status === 0 || response.status >= 500 ? 1 : 0, tags);
    return response;
  };
}

/** Records the failures checks found, and knows when one of them settled the run's verdict. */
export interface FailureRecorder {
  record(failures: readonly Failure[], call: ApiCall, traffic: string): void;
  /** True once a definitive check failed: start no more walks. */
  definitive(): boolean;
}

export function failureRecorder(points: PointSink): FailureRecorder {
  let definitive = false;
  return {
    record(failures, call, traffic) {
      for (const failure of failures) {
        points.add(METRIC.checkFailures, 'counter', 1, {
          check: failure.check,
          code: failure.code,
          severity: failure.severity,
          message: failure.message.slice(0, 300),
          tenant: call.credential.tenant,
          endpoint: call.endpoint,
          traffic,
        });
        if (isDefinitive(failure)) definitive = true;
      }
    },
    definitive: () => definitive,
  };
}
