/**
 * Whether a client was alone on its tenant while it waited out a Retry-After (RFC 9110 §10.2.3):
 * the one 429 loop (walk-list.ts) counts, per tenant, the sends in flight and the sends begun, so a
 * 429 that comes back after the whole wait can be told from one another request of the tenant
 * earned. Per process: only what this process sends is known, so only a suite that is the
 * target's one client in this process (the properties stage) hands the loop one.
 */
export class TenantTraffic {
  readonly #inFlight = new Map<string, number>();
  readonly #begun = new Map<string, number>();

  /** A send of `tenant` begins; returns its end. */
  begin(tenant: string): () => void {
    this.#inFlight.set(tenant, (this.#inFlight.get(tenant) ?? 0) + 1);
    this.#begun.set(tenant, (this.#begun.get(tenant) ?? 0) + 1);
    return () => this.#inFlight.set(tenant, (this.#inFlight.get(tenant) ?? 1) - 1);
  }

  /** A mark to hand `aloneSince`: null when another send of the tenant is in flight now. */
  mark(tenant: string): number | null {
    return this.#inFlight.get(tenant) === 1 ? (this.#begun.get(tenant) ?? 0) : null;
  }

  /** No other send of the tenant began since `mark`, and none is in flight. */
  aloneSince(tenant: string, mark: number | null): boolean {
    return mark !== null && this.#inFlight.get(tenant) === 1 && this.#begun.get(tenant) === mark;
  }
}
