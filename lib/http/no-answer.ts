/** A request the target left without an HTTP answer, as data every job classifies the same way. */
import { requestName, type ApiCall } from './call.ts';

/**
 * A request the target left without an HTTP answer once it was reached (a connection accepted):
 * the connection closed or reset before or during the answer, an answer that is not HTTP (a bad
 * Content-Length or chunking), a body cut short, no answer in time, or a refused connection once it
 * was up (it stopped answering). Not the user's to fix (a HarnessError) but the target's: a finding, exit 1.
 * The request is named by method, path and credential role, never by its key.
 */
export class NoAnswer extends Error {
  override readonly name = 'NoAnswer';
  readonly call: ApiCall;
  /** What happened instead of an answer, for a finding's `received`. */
  readonly why: string;

  constructor(call: ApiCall, why: string) {
    super(noAnswerMessage(call, why));
    this.call = call;
    this.why = why;
  }
}

/** What a finding says of `call` left without an answer: the request named, then `why`. */
export const noAnswerMessage = (call: ApiCall, why: string): string =>
  `no HTTP answer to ${requestName(call)}: ${why}`;
