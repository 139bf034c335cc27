import { answerDiffers, type SameMeaning } from './same-page.ts';
import type { WalkSetCheck } from './types.ts';

/**
 * RFC 3986 §2.3 and RFC 3986 §6.2.2.2: a percent-encoded unreserved character (%6C) is the
 * character (l), in a parameter's name as in its value; spec §4.3 rule 6: the request is never
 * silently altered. A
 * request whose names and values are so encoded is the plain request: the same status (the same
 * 400 for an invalid one), and on quiescent data the same page. Not judged when either answer is a
 * 429 (a throttled answer says nothing of the request).
 */
export const encodingMeansNothing: WalkSetCheck<SameMeaning> = {
  name: 'encoding-means-nothing',
  description:
    'A request with the unreserved characters of its parameter names and values percent-encoded (%6Cimit=500) answers as the plain request: the same status, the same page.',
  catches: ['encoded-name-ignored'],
  run(same) {
    const differs = answerDiffers(same);
    if (differs === null) return null;
    return {
      code: 'ENCODING_CHANGED_ANSWER',
      message: `${same.variant} changed the answer of ${same.request}: ${differs} (RFC 3986 §2.3: %6C is l)`,
      expected: 'the answer of the plain request: same status, same page',
      received: differs,
    };
  },
};
