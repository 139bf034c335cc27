/**
 * Every request a property run makes, in order: the shrunk counterexample of a failed property is
 * the transcript of its last run, and the curl reproduction is written from it.
 */
import fc from 'fast-check';
import type { NodeClient } from '../adapters/node-http.ts';
import type { Failure } from '../failure.ts';
import type { ApiCall } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import { TenantTraffic } from '../paging/tenant-traffic.ts';
import { withBackoff, type BackoffSender } from '../paging/walk-list.ts';

/** One request and what came back, with the key named by tenant and role only. */
export interface Exchange {
  call: ApiCall;
  status: number;
  /** The page's nextPageToken, so a reproduction can follow the walk with fresh cursors. */
  nextPageToken: string | null;
}

/**
 * Sends through the one 429 retry loop (withBackoff), with the backoff and deadline a walk gives it
 * (else the client's own backoff): a request still throttled after its retries makes the run
 * inconclusive (`fc.pre`), as a 429 is never a contract failure (spec §7). It backs off itself, so
 * walkList does not retry it again.
 */
export interface RecordingClient extends BackoffSender {
  /** Starts a new transcript (one per property run). */
  begin(): void;
  transcript(): readonly Exchange[];
  /** The same recording, one transcript, over another client (the context's pipelining one). */
  over(client: NodeClient): RecordingClient;
}

/** Thrown by a run whose checks failed; fast-check keeps it for the shrunk counterexample. */
export class ContractViolation extends Error {
  override readonly name = 'ContractViolation';
  readonly failures: readonly Failure[];
  readonly transcript: readonly Exchange[];

  constructor(failures: readonly Failure[], transcript: readonly Exchange[]) {
    super(failures.map((failure) => `${failure.check}: ${failure.message}`).join('; '));
    this.failures = failures;
    this.transcript = transcript;
  }
}

function tokenOf(response: ApiResponse): string | null {
  const pagination = (response.body as { pagination?: { nextPageToken?: unknown } } | undefined)?.pagination;
  return typeof pagination?.nextPageToken === 'string' ? pagination.nextPageToken : null;
}

interface Shared {
  exchanges: Exchange[];
  /** The context's traffic per tenant: its sends are the target's only ones from this process. */
  traffic: TenantTraffic;
}

/** Records the sends of `client` into `exchanges`, which every recording of one context shares. */
function recordingOver(client: NodeClient, shared: Shared): RecordingClient {
  // The one loop's answer, with whatever options the walk gave it (deadline, backoff, onResponse).
  const recording = withBackoff(client, (call, sent) => {
    if (sent.failures.length > 0) {
      // A 429 that is not an Error (spec §7) fails the run, though its status never does; so does
      // any answer without a Date or with a byte order mark (lib/paging/answer-checks.ts).
      shared.exchanges.push({ call, status: sent.response.status, nextPageToken: tokenOf(sent.response) });
      throw new ContractViolation(sent.failures, [...shared.exchanges]);
    }
    fc.pre(sent.response.status !== 429);
    shared.exchanges.push({ call, status: sent.response.status, nextPageToken: tokenOf(sent.response) });
  });
  const sendBackingOff: BackoffSender['sendBackingOff'] = (call, options = {}) =>
    recording.sendBackingOff(call, { traffic: shared.traffic, ...options });
  return {
    ...recording,
    sendBackingOff,
    send: async (call) => (await sendBackingOff(call)).response,
    begin() {
      shared.exchanges = [];
    },
    transcript: () => [...shared.exchanges],
    over: (other) => recordingOver(other, shared),
  };
}

export function createRecordingClient(client: NodeClient): RecordingClient {
  return recordingOver(client, { exchanges: [], traffic: new TenantTraffic() });
}
