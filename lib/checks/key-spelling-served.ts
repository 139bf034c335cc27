import { answerDiffers, type SameMeaning } from './same-page.ts';
import type { WalkSetCheck } from './types.ts';

/** The failure code of a spelling answered with another status: the status alone shows the bug. */
export const KEY_SPELLING_CHANGED_STATUS = 'KEY_SPELLING_CHANGED_STATUS';

/**
 * spec §5: `Authorization: Bearer <API_KEY>` is HTTP's bearer scheme, whose grammar takes one or
 * more spaces after the scheme (RFC 6750 §2.1: `"Bearer" 1*SP b64token`); RFC 9110 §5.5: the
 * whitespace around a field value is not part of it, on Authorization and on the key header alike.
 * So `Bearer  <key>` or a value with a space and a tab around it is the plain credential: the same
 * status (200, 401, 403 alike), and on quiescent data the same page. Not judged when either
 * answer is a 429 (a throttled answer says nothing of the request).
 */
export const keySpellingServed: WalkSetCheck<SameMeaning> = {
  name: 'key-spelling-served',
  description:
    "A key header spelled another way HTTP allows (Bearer and two or three spaces; spaces and tabs around either header's value) answers as the plain header: the same status, the same page.",
  catches: ['bearer-one-space-only'],
  run(same) {
    const differs = answerDiffers(same);
    if (differs === null) return null;
    return {
      code:
        same.served.status === same.plain.status ? 'KEY_SPELLING_CHANGED_PAGE' : KEY_SPELLING_CHANGED_STATUS,
      message: `${same.request}, the key ${same.variant}: ${differs} (RFC 6750 §2.1: "Bearer" 1*SP token; RFC 9110 §5.5: OWS is not part of a value)`,
      expected: 'the answer of the plain key header: same status, same page',
      received: differs,
    };
  },
};
