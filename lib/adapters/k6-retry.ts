/**
 * Sending with backoff in k6 (spec §7: on 429 "the client backs off before retrying and does not
 * retry without control"): a bounded number of retries, waiting Retry-After when the server sends
 * one, capped exponential backoff with full jitter when it does not. Measures what it sees: the
 * 429 rate per key and tenant, retries, time until a throttled key is served again, and, as
 * advisory figures (the spec shows no rate-limit headers, §8), whether Retry-After was present
 * and honest (the retry after waiting it was served).
 */
import { sleep } from 'k6';
import { backoffDelayMs, retryAfterMs, type BackoffPolicy } from '../backoff.ts';
import type { ApiCall } from '../http/call.ts';
import type { Target } from '../target/target.ts';
import { sendK6, type K6Response } from './k6-http.ts';
import { metrics } from './k6-metrics.ts';

export interface SendOptions {
  target: Target;
  policy: BackoffPolicy;
  requestTimeoutMs: number;
}

export interface SentWithRetry {
  /** The last response: a 429 only when the retries ran out. */
  response: K6Response;
  retries: number;
}

/** The per-request metrics of one attempt. */
export function recordAttempt(response: K6Response, tags: Record<string, string> | undefined): void {
  metrics.rateLimited.add(response.status === 429, tags);
  metrics.serverErrors.add(response.status === 0 || response.status >= 500, tags);
}

/** The metrics recordAttempt adds false to for a 200: what the walk's lane adds for each page it folds. */
export const ATTEMPT_METRICS_OF_A_200: readonly object[] = [metrics.rateLimited, metrics.serverErrors];

/**
 * `tags`: on every request and sample; undefined when the caller has set them on the VU
 * (k6-vu-tags.ts). `sent`: the first attempt, when the caller has sent it (and recorded it).
 */
export function sendWithBackoff(
  call: ApiCall,
  tags: Record<string, string> | undefined,
  options: SendOptions,
  sent?: K6Response,
): SentWithRetry {
  const { policy } = options;
  let throttledSince: number | null = null;
  let waitedFullHint = false;
  for (let attempt = 0; ; attempt += 1) {
    let response: K6Response;
    if (attempt === 0 && sent !== undefined) response = sent;
    else {
      response = sendK6(options.target, call, tags, options.requestTimeoutMs);
      recordAttempt(response, tags);
    }
    const throttled = response.status === 429;
    if (waitedFullHint) metrics.retryAfterHonest.add(!throttled, tags);
    if (!throttled) {
      if (throttledSince !== null) metrics.throttleRecovery.add(Date.now() - throttledSince, tags);
      return { response, retries: attempt };
    }
    throttledSince ??= Date.now();
    if (attempt >= policy.maxRetries) return { response, retries: attempt };
    const hinted = retryAfterMs(response.headers['retry-after'], Date.now());
    metrics.retryAfterPresent.add(hinted !== null, tags);
    const delayMs = backoffDelayMs(attempt, hinted, policy, Math.random);
    // Honesty is only judged when the whole hint was waited (the cap may shorten it).
    waitedFullHint = hinted !== null && delayMs >= hinted;
    metrics.retries.add(1, tags);
    sleep(delayMs / 1000);
  }
}
