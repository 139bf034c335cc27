import type { FailureFields } from '../failure.ts';
import type { ProbeContext } from './types.ts';

/** The failure of a probe that answered outside the statuses the contract fixes for it. */
export function unexpectedStatus(
  context: ProbeContext,
  expected: string,
  accepts: (status: number) => boolean,
): FailureFields | null {
  const { status } = context.response;
  if (accepts(status)) return null;
  return {
    code: status >= 500 ? 'SERVER_ERROR' : status === 200 ? 'ACCEPTED' : 'WRONG_STATUS',
    message: `${context.probe} answered ${status}, expected ${expected}`,
    expected,
    received: `${status}: ${context.response.bodyText.slice(0, 200)}`,
  };
}
