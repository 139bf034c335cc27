import type { WalkSetCheck } from './types.ts';

/** A request sent as GET and as HEAD, with what each got. */
export interface HeadAndGet {
  /** The request in words: the key, the list, the page. */
  request: string;
  /** GET's status. */
  get: number;
  head: { status: number; bodyText: string };
  /** The statuses the spec gives this request (200 for a page, 401, 403, 404 or 400 for a refusal). */
  spec: readonly number[];
}

const one = (statuses: readonly number[]): string => statuses.join(' or ');

/**
 * RFC 9110 §9.3.2: HEAD is GET without content, its status and header fields those GET would send
 * (spec §4: both endpoints are GET, so both answer HEAD as a GET). A HEAD served where GET is
 * refused skips the refusal's rule (spec §5: 401 and 403 before anything is read); a HEAD refused
 * where GET is served is no GET without content either.
 */
export const headLikeGet: WalkSetCheck<HeadAndGet> = {
  name: 'head-like-get',
  description:
    "HEAD answers with GET's status for the same request (the spec's: 200, 400, 401, 403, 404) and without content.",
  catches: ['head-skips-auth'],
  run({ request, get, head, spec }) {
    const received = `HEAD ${head.status}, GET ${get}`;
    if (head.status !== get)
      return {
        code: 'HEAD_DIFFERS',
        message: `${request}: HEAD answered ${head.status} where GET answered ${get}`,
        expected: `HEAD ${get}, as GET (RFC 9110 §9.3.2)`,
        received,
      };
    if (!spec.includes(head.status))
      return {
        code: 'HEAD_WRONG_STATUS',
        message: `${request}: HEAD answered ${head.status}, as GET did; the spec gives ${one(spec)}`,
        expected: one(spec),
        received,
      };
    if (head.bodyText.length > 0)
      return {
        code: 'HEAD_HAS_CONTENT',
        message: `${request}: HEAD answered with content (${head.bodyText.length} characters)`,
        expected: 'no content (RFC 9110 §9.3.2)',
        received: head.bodyText.slice(0, 200),
      };
    return null;
  },
};
