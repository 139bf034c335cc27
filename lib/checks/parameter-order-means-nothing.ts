import { answerDiffers, type SameMeaning } from './same-page.ts';
import type { WalkSetCheck } from './types.ts';

/**
 * spec §4.1 and §4.2 define each parameter by its name, never by its place in the query; spec §4.3
 * rule 2: the client passes nextPageToken as cursor in the next request, and rule 4 asks only that
 * the filters stay unchanged, which they are in another order. RFC 3986 §3.4 leaves what a query
 * means to the application, and this one names its parameters. So the same name=value pairs in
 * another order are the plain request: the same status (the same 400 for an invalid one, a
 * cursor issued under one order served under another), and on quiescent data the same page. Not
 * judged when either answer is a 429.
 */
export const parameterOrderMeansNothing: WalkSetCheck<SameMeaning> = {
  name: 'parameter-order-means-nothing',
  description:
    'A request with the same parameters in another order (limit=1&status=OPEN&cursor=T reversed) answers as the plain request: the same status, the same page.',
  catches: ['cursor-bound-to-param-order'],
  run(same) {
    const differs = answerDiffers(same);
    if (differs === null) return null;
    return {
      code: 'PARAMETER_ORDER_CHANGED_ANSWER',
      message: `${same.variant} changed the answer of ${same.request}: ${differs} (spec §4.1, §4.2 define the parameters by name, not by place; §4.3 rule 2: the nextPageToken is the next request's cursor, whatever the order of its parameters)`,
      expected: 'the answer of the plain request: same status, same page',
      received: differs,
    };
  },
};
