/**
 * How long to wait after a 429 (spec §7: "the client backs off before retrying and does not retry
 * without control"). Honours Retry-After when present; otherwise capped exponential backoff with
 * full jitter. Pure: the random source is passed in.
 */
export interface BackoffPolicy {
  /** @default 6 */
  maxRetries: number;
  /** @default 100 */
  baseMs: number;
  /** @default 5000 */
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { maxRetries: 6, baseMs: 100, capMs: 5000 };

/** Retry-After in milliseconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, nowMs: number): number | null {
  if (header === undefined || header.trim() === '') return null;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

/** The wait before retry number `attempt` (0-based), never above the cap. */
export function backoffDelayMs(
  attempt: number,
  retryAfter: number | null,
  policy: BackoffPolicy,
  random: () => number,
): number {
  if (retryAfter !== null) return Math.min(retryAfter, policy.capMs);
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
  return Math.round(random() * ceiling);
}
