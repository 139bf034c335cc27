import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultSet } from './catalogue.ts';

/** Faults that only show under concurrent or sustained load. */

const CACHE_TTL_MS = 150;
const CACHE_MAX_ENTRIES = 1000;
const POOL_SIZE = 4;
const QUERY_HOLD_MS = 5;
const MS_PER_PAGE_DEPTH = 2;
const MS_PER_REQUEST_SERVED = 0.05;
const MAX_INJECTED_MS = 2000;
const AUTH_CACHE_TTL_MS = 300;
/** The *-under-concurrency faults: a lookup's time, and how many may be pending at once. */
const LOOKUP_MS = 5;
const LOOKUPS_AT_ONCE = 1;

/**
 * shared-cache: a short-lived response cache keyed by path and query only. The tenant is missing
 * from the key, so a tenant that asks the same question within the TTL gets another tenant's page.
 */
export class SharedCache {
  private readonly entries = new Map<string, { body: string; expiresAt: number }>();

  get(url: string): string | undefined {
    const entry = this.entries.get(url);
    return entry !== undefined && entry.expiresAt > Date.now() ? entry.body : undefined;
  }

  set(url: string, body: string): void {
    if (this.entries.size >= CACHE_MAX_ENTRIES) this.entries.clear();
    this.entries.set(url, { body, expiresAt: Date.now() + CACHE_TTL_MS });
  }
}

/**
 * A slow lookup (LOOKUP_MS) of a check that fails open: when another is already pending, the
 * request skips it. Alone, one request at a time, every request is checked.
 */
class FailOpenLookup {
  private pending = 0;

  /** True when this request's check is skipped. */
  async skips(): Promise<boolean> {
    if (this.pending >= LOOKUPS_AT_ONCE) return true;
    this.pending++;
    try {
      await sleep(LOOKUP_MS);
    } finally {
      this.pending--;
    }
    return false;
  }
}

/** Result of the overload check: a 503 to send, the connection to close with no answer, or nothing. */
export type OverloadVerdict = { statusCode: 503; message: string } | { drop: string } | undefined;

/** State of the load faults of one server instance. */
export class LoadFaults {
  readonly cache: SharedCache | undefined;
  private readonly faults: FaultSet;
  private served = 0;
  private busyConnections = 0;
  private readonly scopeLookup = new FailOpenLookup();
  private readonly limitLookup = new FailOpenLookup();
  private readonly defaultLookup = new FailOpenLookup();
  /** auth-cached-per-tenant: tenant code → epoch ms until which its admission stands. */
  private readonly admittedUntil = new Map<string, number>();

  constructor(faults: FaultSet) {
    this.faults = faults;
    this.cache = faults.has('shared-cache') ? new SharedCache() : undefined;
  }

  get active(): boolean {
    return (
      this.faults.has('overload-5xx') ||
      this.faults.has('overload-drops-connection') ||
      this.faults.has('soak-drift')
    );
  }

  /**
   * Runs before every request. overload-5xx: each request holds one of 4 "database connections"
   * for 5 ms, and when none is free it fails at once with 503 instead of queueing or answering 429.
   * overload-drops-connection: the same pool, and when none is free the request's connection is
   * closed with no answer at all, as a server whose pool error escapes to its socket layer.
   * soak-drift: latency grows with the number of requests served, as with a leak.
   */
  async beforeRequest(): Promise<OverloadVerdict> {
    this.served++;
    if (this.faults.has('soak-drift'))
      await sleep(Math.min(MAX_INJECTED_MS, this.served * MS_PER_REQUEST_SERVED));
    const drops = this.faults.has('overload-drops-connection');
    if (!this.faults.has('overload-5xx') && !drops) return undefined;
    if (this.busyConnections >= POOL_SIZE) {
      const message = 'database connection pool exhausted';
      return drops ? { drop: message } : { statusCode: 503, message };
    }
    this.busyConnections++;
    try {
      await sleep(QUERY_HOLD_MS);
    } finally {
      this.busyConnections--;
    }
    return undefined;
  }

  /**
   * scope-skipped-under-concurrency: scopes are looked up in a slow authorisation service (5 ms),
   * and when another lookup is already pending the check fails open: true when this request's scope
   * check is skipped. Alone, one at a time, every request is checked.
   */
  async skipsScopes(): Promise<boolean> {
    return this.faults.has('scope-skipped-under-concurrency') && this.scopeLookup.skips();
  }

  /**
   * limit-unchecked-when-busy: the limit's bounds are looked up in a slow validation service
   * (5 ms), and when another lookup is already pending the check fails open: true when this
   * request's limit is clamped into 1..100 instead of refused. Alone, every limit is checked.
   */
  async skipsLimitCheck(): Promise<boolean> {
    return this.faults.has('limit-unchecked-when-busy') && this.limitLookup.skips();
  }

  /**
   * auth-cached-per-tenant: the decision "this tenant is allowed" is kept for 300 ms after any of its
   * keys was admitted, and every key of the tenant rides on it, revoked, expired or lacking a scope.
   */
  admittedRecently(tenant: string): boolean {
    return this.faults.has('auth-cached-per-tenant') && (this.admittedUntil.get(tenant) ?? 0) > Date.now();
  }

  admitted(tenant: string): void {
    if (this.faults.has('auth-cached-per-tenant'))
      this.admittedUntil.set(tenant, Date.now() + AUTH_CACHE_TTL_MS);
  }

  /**
   * default-limit-when-busy: the default page size is read from a slow configuration service
   * (5 ms), and when another read is already pending the code falls back to a constant of 20: true
   * when this request without a limit gets that fallback. Alone, every such page holds 50.
   */
  async fallsBackOnDefault(): Promise<boolean> {
    return this.faults.has('default-limit-when-busy') && this.defaultLookup.skips();
  }

  /** deep-page-slowdown: page N costs (N - 1) × 2 ms more, like an offset scan. */
  async beforeQuery(page: number): Promise<void> {
    if (this.faults.has('deep-page-slowdown') && page > 1) {
      await sleep(Math.min(MAX_INJECTED_MS, (page - 1) * MS_PER_PAGE_DEPTH));
    }
  }
}
