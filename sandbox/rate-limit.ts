import type { FastifyReply } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { ApiKey } from './auth.ts';
import { ApiError, ThrottledAsEmptyPage } from './errors.ts';
import type { FaultSet } from './faults/catalogue.ts';
import type { RateLimitOptions } from '../lib/target/sandbox-options.ts';

interface Bucket {
  limiter: RateLimiterMemory;
  /** The bucket a key's requests are counted in; none: this limit does not apply to the key. */
  name: (key: ApiKey) => string | undefined;
  /** The status it refuses with: 429, or 503 for the tenant-limit-503 fault's tenant bucket. */
  status: number;
}

/**
 * The lowRateLimit key's own limit (lib/target/schema.ts), in place of perKey and beside its
 * tenant's: 4 requests per 2 s window. The rate-limit property's burst (properties/rate-limit.ts) sends 16 at once, so the
 * 429 comes in its first round however slowly a loaded machine answers: it is reached by how many
 * requests are in flight, not by a rate the machine must sustain (the other keys' default, 1,000
 * a second, needs 1,000 answers within one second). 2 s outlasts that first round and keeps Retry-After
 * short enough to wait out.
 */
export const LOW_KEY_LIMIT = { points: 4, windowMs: 2000 } as const;

const refusal = (status: number): string =>
  status === 429
    ? 'Rate limit exceeded; retry after the number of seconds in Retry-After'
    : "The tenant's capacity is exhausted; retry after the number of seconds in Retry-After";

/**
 * The flood-blocked-403 fault: a key refused this many times in a row, none of its requests served
 * between, is taken for an abuser and blocked with 403 until its window lets it through. A client
 * that backs off (a burst's 16 in flight, then Retry-After) never gets that far; a flood does.
 */
const FLOOD_BLOCKED_AFTER = 50;

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
/** The retry-after-short fault: whole seconds rounded down, so less than a second left says 0. */
const secondsRoundedDown = (ms: number): number => Math.floor(ms / 1000);
/** The retry-after-milliseconds fault: the wait in the limiter's unit, a thousand times too long. */
const milliseconds = (ms: number): number => Math.max(1, Math.ceil(ms));
/** The retry-after-fractional fault: seconds to the millisecond, `1.946` (`2.000` too), outside delay-seconds. */
const fractionalSeconds = (ms: number): string => (Math.max(1, Math.ceil(ms)) / 1000).toFixed(3);

/** How each Retry-After fault words the wait; none of them: whole seconds rounded up. */
const RETRY_AFTER_FAULTS = [
  ['retry-after-short', secondsRoundedDown],
  ['retry-after-milliseconds', milliseconds],
  ['retry-after-fractional', fractionalSeconds],
] as const;

function setHeaders(reply: FastifyReply, limit: number, result: RateLimiterRes): void {
  reply.header('RateLimit-Limit', limit);
  reply.header('RateLimit-Remaining', result.remainingPoints);
  reply.header('RateLimit-Reset', seconds(result.msBeforeNext));
}

/**
 * Rate limits per API key and per tenant (a tenant's keys share its bucket), so one noisy
 * integration cannot starve the tenant's others, and one tenant cannot starve another; the
 * lowRateLimit key has a small one of its own besides (LOW_KEY_LIMIT). The global-rate-limit
 * faults replace the key and tenant buckets with a single bucket for everyone.
 */
export class RateLimits {
  private readonly buckets: Bucket[];
  private readonly retryAfter: (ms: number) => number | string;
  /** flood-blocked-403: each key's refusals since its last request served; none without the fault. */
  private readonly refusedInARow: Map<string, number> | undefined;
  private readonly faults: FaultSet;

  constructor(options: RateLimitOptions, faults: FaultSet) {
    this.faults = faults;
    const bucket = (points: number, name: Bucket['name'], windowMs = options.windowMs): Bucket => ({
      limiter: new RateLimiterMemory({ points, duration: windowMs / 1000 }),
      name,
      status: 429,
    });
    this.retryAfter = RETRY_AFTER_FAULTS.find(([name]) => faults.has(name))?.[1] ?? seconds;
    this.refusedInARow = faults.has('flood-blocked-403') ? new Map() : undefined;
    const everyone = () => 'everyone';
    const low = (key: ApiKey) => key.role === 'lowRateLimit';
    // Its own limit in place of perKey, under every fault: the global-rate-limit faults are about
    // the shared buckets.
    const lowKey = bucket(
      LOW_KEY_LIMIT.points,
      (key) => (low(key) ? key.label : undefined),
      LOW_KEY_LIMIT.windowMs,
    );
    if (faults.has('global-rate-limit')) this.buckets = [lowKey, bucket(options.perTenant, everyone)];
    // The same bug with a generous limit: it shows only to a flood that goes past it.
    else if (faults.has('global-rate-limit-high'))
      this.buckets = [lowKey, bucket(options.perTenant * 3, everyone)];
    else
      this.buckets = [
        lowKey,
        bucket(options.perKey, (key) => (low(key) ? undefined : key.label)),
        // The tenant-limit-503 fault: the shared bucket, a separate piece of code, says 503.
        {
          ...bucket(options.perTenant, (key) => key.tenant.name),
          status: faults.has('tenant-limit-503') ? 503 : 429,
        },
      ];
  }

  /** Consumes one request from each bucket; sets RateLimit-* headers, or throws a 429 (the bucket's status) with Retry-After. */
  async consume(key: ApiKey, reply: FastifyReply): Promise<void> {
    let tightest: { limit: number; result: RateLimiterRes } | undefined;
    for (const { limiter, name, status } of this.buckets) {
      const bucketName = name(key);
      if (bucketName === undefined) continue;
      let result: RateLimiterRes;
      try {
        result = await limiter.consume(bucketName);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        setHeaders(reply, limiter.points, rejection);
        // The throttle-serves-empty-page fault: "soft" throttling, a 200 with an empty last page.
        if (this.faults.has('throttle-serves-empty-page')) throw new ThrottledAsEmptyPage();
        const headers: Record<string, string> = {
          'retry-after': String(this.retryAfter(rejection.msBeforeNext)),
        };
        if (this.blocked(key)) throw new ApiError(403, 'This key is blocked for flooding the API', headers);
        const refused = this.refusedWith(status, reply);
        // The throttle-cacheable fault: the 429 marked for any cache for as long as Retry-After says.
        if (refused === 429 && this.faults.has('throttle-cacheable'))
          headers['cache-control'] = `public, max-age=${seconds(rejection.msBeforeNext)}`;
        throw new ApiError(refused, refusal(refused), headers);
      }
      if (tightest === undefined || result.remainingPoints < tightest.result.remainingPoints) {
        tightest = { limit: limiter.points, result };
      }
    }
    if (tightest !== undefined) setHeaders(reply, tightest.limit, tightest.result);
    this.refusedInARow?.delete(key.label);
  }

  /**
   * The status a request over `bucketStatus`'s limit is refused with: the bucket's, but 503 for a
   * HEAD under the head-throttled-503 fault (a HEAD handler of its own that maps the limiter's
   * rejection to "unavailable", unseen since a HEAD's answer shows no body).
   */
  private refusedWith(bucketStatus: number, reply: FastifyReply): number {
    return this.faults.has('head-throttled-503') && reply.request.method === 'HEAD' ? 503 : bucketStatus;
  }

  /** flood-blocked-403: counts one more refusal of `key`; true once it has had its fill. */
  private blocked(key: ApiKey): boolean {
    if (this.refusedInARow === undefined) return false;
    const count = (this.refusedInARow.get(key.label) ?? 0) + 1;
    this.refusedInARow.set(key.label, count);
    return count > FLOOD_BLOCKED_AFTER;
  }
}
