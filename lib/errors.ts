/**
 * A problem the user must fix (bad target file, unreachable host, Artillery not installed): printed as one line,
 * never with a stack trace. The message names the problem and what to do.
 */
export class HarnessError extends Error {
  override readonly name = 'HarnessError';
}

/** Whether `error` is the user's to fix (a HarnessError) rather than a failure of the harness. */
export const isHarnessError = (error: unknown): error is HarnessError =>
  error instanceof Error && error.name === 'HarnessError';
