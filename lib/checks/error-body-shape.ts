import { describeProblems, errorBodyProblems } from '../contract/validate.ts';
import { decodedContent } from './content-coding-decoded.ts';
import type { ApiCall } from '../http/call.ts';
import { isJsonContentType, parseBody, type ApiResponse } from '../http/response.ts';
import type { PageCheck, ProbeCheck } from './types.ts';

/**
 * The error's content as a client reads it: a body coded as its Content-Encoding says (an answer to
 * a request that sent Accept-Encoding, a 429 among them) decoded first; one that does not decode is
 * content-coding-decoded's finding, not this check's.
 */
function content(response: ApiResponse): { body: unknown } | null {
  const coding = response.headers['content-encoding'];
  if (coding === undefined || response.bodyBytes === undefined) return { body: response.body };
  const decoded = decodedContent(response.bodyBytes, coding);
  return decoded === undefined ? null : { body: parseBody(decoded.toString('utf8')) };
}

/**
 * spec §7: every error body uses the Error shape of §2, sent as application/json (spec §4: not another
 * `+json` type such as application/problem+json), with the status it was sent with.
 */
export const errorBodyShape: PageCheck & ProbeCheck = {
  name: 'error-body-shape',
  description:
    'Every non-2xx response is application/json (parameters allowed, not another +json type, not a list of types) in the Error shape, its statusCode equal to the HTTP status.',
  catches: [
    'error-shape',
    'error-content-type',
    'throttle-text-body',
    'problem-json-403',
    'error-two-content-types',
  ],
  run({ call, response }: { call?: ApiCall; response: ApiResponse }) {
    if (response.status < 400) return null;
    // A HEAD answer has no content, whatever its status (RFC 9110 §9.3.2): head-like-get judges it.
    if (call?.method === 'HEAD') return null;
    const received = `${response.status} ${response.headers['content-type'] ?? '(no content type)'}: ${response.bodyText.slice(0, 200)}`;
    if (!isJsonContentType(response))
      return {
        code: 'ERROR_NOT_JSON',
        message: `error response is not application/json (spec §4, §7): ${response.headers['content-type'] ?? 'no content type'}`,
        expected: 'application/json (parameters allowed)',
        received,
      };
    const read = content(response);
    if (read === null) return null;
    const problems = errorBodyProblems(read.body);
    if (problems.length > 0)
      return {
        code: 'ERROR_SHAPE',
        message: `error body: ${describeProblems(problems)}`,
        expected: 'Error shape (spec §2)',
        received,
      };
    const { statusCode } = read.body as { statusCode: number };
    if (statusCode !== response.status)
      return {
        code: 'ERROR_STATUS_MISMATCH',
        message: `statusCode ${statusCode} differs from HTTP ${response.status}`,
        expected: `statusCode ${response.status}`,
        received,
      };
    return null;
  },
};
