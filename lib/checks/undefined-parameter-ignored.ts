import { pageDiffers, type SameMeaning } from './same-page.ts';
import type { WalkSetCheck } from './types.ts';

/**
 * spec §4.3 rules 1 and 5: the contract is limit and cursor, and offset pagination does not exist;
 * §4.1, §4.2 list every parameter. A parameter the spec does not define (offset=1, page=2, sort,
 * tenantId) changes nothing: the answer is the page of the request without it, or a 400 (a server
 * may refuse what it does not know; the Error shape is error-body-shape's). Judged against a plain
 * request served 200; a 429 is not judged.
 */
export const undefinedParameterIgnored: WalkSetCheck<SameMeaning> = {
  name: 'undefined-parameter-ignored',
  description:
    'A parameter the spec does not define (offset, page, sort, tenantId, ...) changes nothing: the page of the request without it, or a 400.',
  catches: ['offset-honoured'],
  run({ request, variant, served, plain, quiescent }) {
    if (plain.status !== 200 || served.status === 400 || served.status === 429) return null;
    const differs =
      served.status !== 200
        ? `answered ${served.status}`
        : quiescent
          ? pageDiffers(served, plain, 'the request without it')
          : null;
    if (differs === null) return null;
    return {
      code: 'UNDEFINED_PARAMETER_HONOURED',
      message: `${variant} changed the answer of ${request}: ${differs} (spec §4.3: the contract is limit and cursor; offset pagination does not exist)`,
      expected: 'the page of the request without it, or 400',
      received: differs,
    };
  },
};
