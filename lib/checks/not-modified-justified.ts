import type { WalkSetCheck } from './types.ts';

/** A conditional header as sent: which, its value, and whose answer the validator came from. */
export interface Condition {
  header: 'if-none-match' | 'if-modified-since';
  value: string;
  /** Whose answer gave the validator, in words (`tenant-a's first page of orders`). */
  from: string;
}

export interface ConditionalAnswer {
  /** The request in words. */
  request: string;
  status: number;
  /** The conditional header sent; null for an unconditional request. */
  condition: Condition | null;
  /**
   * Why the client's copy (the validator's answer) is not this request's current representation,
   * shown by the harness's own requests; null when it may be.
   */
  stale: string | null;
}

/**
 * RFC 9110 §13.1.1-13.1.3 and RFC 9110 §15.4.5: a 304 tells the client that the copy its validator names is
 * the current representation of the request's target. So a 304 answers only a conditional request
 * whose validator matches what this key would be sent now: never an unconditional request, never
 * a validator from another tenant's page (spec §5: each key sees its own tenant's data), never a
 * validator of data that has changed since. A server that sends no validators, or ignores them and
 * always answers 200, passes; so does a 304 to a key's own validator on unchanged data.
 */
export const notModifiedJustified: WalkSetCheck<ConditionalAnswer> = {
  name: 'not-modified-justified',
  description:
    "A 304 only answers a conditional request whose validator is the key's own current page: never unasked, never another tenant's, never after a change.",
  catches: ['etag-ignores-tenant', 'last-modified-stale', 'not-modified-unasked'],
  run({ request, status, condition, stale }) {
    if (status !== 304) return null;
    if (condition === null)
      return {
        code: 'NOT_MODIFIED_UNASKED',
        message: `${request} answered 304 without a conditional header`,
        expected: 'the 200 page (nothing to be not modified)',
        received: '304',
      };
    if (stale === null) return null;
    return {
      code: 'NOT_MODIFIED_STALE',
      message: `${request} answered 304 to ${condition.header}: ${condition.value} (from ${condition.from}), but ${stale}`,
      expected: "200 with the key's current page",
      received: '304',
    };
  },
};
