import type { FastifyReply } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { ApiKey } from './auth.ts';
import { ApiError } from './errors.ts';
import type { FaultSet } from './faults/catalogue.ts';
import type { RateLimitOptions } from '../lib/target/sandbox-options.ts';

interface Bucket {
  limiter: RateLimiterMemory;
  name: (key: ApiKey) => string;
}

const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
/** The retry-after-short fault: whole seconds rounded down, so less than a second left says 0. */
const secondsRoundedDown = (ms: number): number => Math.floor(ms / 1000);

function setHeaders(reply: FastifyReply, limit: number, result: RateLimiterRes): void {
  reply.header('RateLimit-Limit', limit);
  reply.header('RateLimit-Remaining', result.remainingPoints);
  reply.header('RateLimit-Reset', seconds(result.msBeforeNext));
}

/**
 * Rate limits per API key and per tenant (a tenant's keys share its bucket), so one noisy
 * integration cannot starve the tenant's others, and one tenant cannot starve another. The
 * global-rate-limit faults replace both with a single bucket for everyone.
 */
export class RateLimits {
  private readonly buckets: Bucket[];
  private readonly retryAfter: (ms: number) => number;

  constructor(options: RateLimitOptions, faults: FaultSet) {
    const duration = options.windowMs / 1000;
    const bucket = (points: number, name: Bucket['name']): Bucket => ({
      limiter: new RateLimiterMemory({ points, duration }),
      name,
    });
    this.retryAfter = faults.has('retry-after-short') ? secondsRoundedDown : seconds;
    const everyone = () => 'everyone';
    if (faults.has('global-rate-limit')) this.buckets = [bucket(options.perTenant, everyone)];
    // The same bug with a generous limit: it shows only to a flood that goes past it.
    else if (faults.has('global-rate-limit-high')) this.buckets = [bucket(options.perTenant * 3, everyone)];
    else
      this.buckets = [
        bucket(options.perKey, (key) => key.label),
        bucket(options.perTenant, (key) => key.tenant.name),
      ];
  }

  /** Consumes one request from each bucket; sets RateLimit-* headers, or throws a 429 with Retry-After. */
  async consume(key: ApiKey, reply: FastifyReply): Promise<void> {
    let tightest: { limit: number; result: RateLimiterRes } | undefined;
    for (const { limiter, name } of this.buckets) {
      let result: RateLimiterRes;
      try {
        result = await limiter.consume(name(key));
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        setHeaders(reply, limiter.points, rejection);
        throw new ApiError(429, 'Rate limit exceeded; retry after the number of seconds in Retry-After', {
          'retry-after': String(this.retryAfter(rejection.msBeforeNext)),
        });
      }
      if (tightest === undefined || result.remainingPoints < tightest.result.remainingPoints) {
        tightest = { limit: limiter.points, result };
      }
    }
    if (tightest !== undefined) setHeaders(reply, tightest.limit, tightest.result);
  }
}
