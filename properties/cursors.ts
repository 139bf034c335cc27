/**
 * Cursors (spec §4.3 rules 3 and 4): a cursor the server did not issue for this very list (tampered,
 * truncated, random, from the other endpoint, from other filters) is a 4xx, never a 5xx, never data.
 */
import fc from 'fast-check';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { cursorRejected } from '../lib/checks/cursor-rejected.ts';
import type { Failure } from '../lib/failure.ts';
import type { Query } from '../lib/http/call.ts';
import { digitsOrHex } from './arbitraries/constructed-cursors.ts';
import { applyTamper, randomCursor, tamper } from './arbitraries/cursors.ts';
import { filters, listChoice, type ListChoice } from './arbitraries/lists.ts';
import { listRequest } from './arbitraries/requests.ts';
import { constructedCursors } from './cursors-constructed.ts';
import { probeProperty } from './probes.ts';
import { FULL_KEY, genuineToken, listSources, tenantSurvey } from './support.ts';
import { tenantNames, type Survey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import { credential, probe, verdict } from './walks.ts';

/** Small limits: a genuine cursor needs a list longer than one page. */
const smallLimit = fc.integer({ min: 1, max: 5 }).map(String);

interface Misuse {
  /** The list whose first page issues the genuine cursor. */
  source: ListChoice & { query: Query };
  /** The list the cursor is then sent to, and how it is changed on the way. */
  target: ListChoice & { query: Query };
  alter?: (token: string) => string;
  probe: string;
}

function misusedCursorProperty(
  name: string,
  description: string,
  misuses: (context: PropertyContext, survey: Survey) => fc.Arbitrary<Misuse>,
  judge: (failures: Failure[]) => Failure[] = (failures) => failures,
) {
  return defineProperty({
    name,
    family: 'cursors',
    description,
    checks: [cursorRejected.name, errorBodyShape.name],
    needs: [FULL_KEY],
    runs: 30,
    async prepare(context) {
      const survey = await context.survey();
      return prepared(misuses(context, survey), async (misuse) => {
        const token = await genuineToken(context, survey, misuse.source);
        const cursor = misuse.alter ? misuse.alter(token) : token;
        // A cursor of digits or hex (a keyset position) may be one the target issues for this list.
        const issuedHere = cursor === token && misuse.target.endpoint === misuse.source.endpoint;
        if (!issuedHere && digitsOrHex(token) && digitsOrHex(cursor))
          return context.inconclusive(
            'the target’s cursors are digits or hex: this one may be a cursor of its list',
          );
        const { target } = misuse;
        const call = {
          endpoint: target.endpoint,
          query: { ...target.query, cursor },
          credential: credential(target.tenant, 'full', target.scheme),
        };
        verdict(context, judge((await probe(context, call, cursorRejected, misuse.probe)).failures));
      });
    },
  });
}

const tamperedCursor = misusedCursorProperty(
  'cursors.tampered',
  'A genuine cursor with one character changed, or its end cut off, is a 4xx.',
  (_context, survey) =>
    fc
      .record({ list: listChoice(tenantNames(survey)), limit: smallLimit, how: tamper })
      .map(({ list, limit, how }) => {
        const source = { ...list, query: { limit } };
        return {
          source,
          target: source,
          alter: (token: string) => applyTamper(token, how),
          probe: `a ${how.kind}d cursor`,
        };
      }),
);

const crossEndpointCursor = misusedCursorProperty(
  'cursors.cross-endpoint',
  'A cursor of one endpoint sent to the other is a 4xx.',
  (_context, survey) =>
    fc.record({ list: listChoice(tenantNames(survey)), limit: smallLimit }).map(({ list, limit }) => {
      const other = list.endpoint === 'orders' ? 'menuItems' : 'orders';
      return {
        source: { ...list, query: { limit } },
        target: { ...list, endpoint: other, query: { limit } },
        probe: `a ${list.endpoint} cursor sent to ${other}`,
      };
    }),
);

/** Filters in a canonical form; activeOnly=false restricts nothing, so it counts as absent. */
const canonical = (query: Query): string =>
  JSON.stringify(
    Object.entries(query)
      .filter(([name, value]) => !(name === 'activeOnly' && value === 'false'))
      .sort(),
  );

/**
 * A cursor sent with other filters. Spec §4.3 rule 4 calls changing filters mid-walk "unsupported"
 * without naming the answer, so data there is an advisory finding; a 5xx is always a failure.
 */
const crossFilterCursor = misusedCursorProperty(
  'cursors.cross-filter',
  'A cursor sent with other filters is a 4xx (data is an advisory finding, a 5xx a failure).',
  (context, survey) =>
    listChoice(tenantNames(survey))
      .chain((list) => {
        const filter = filters(context.target, list.endpoint, tenantSurvey(survey, list.tenant));
        return fc.record({ list: fc.constant(list), limit: smallLimit, first: filter, second: filter });
      })
      .filter(({ first, second }) => canonical(first) !== canonical(second))
      .map(({ list, limit, first, second }) => ({
        source: { ...list, query: { ...first, limit } },
        target: { ...list, query: { ...second, limit } },
        probe: `a cursor of ${canonical(first)} sent with ${canonical(second)}`,
      })),
  (failures) =>
    failures.map((failure) =>
      failure.code === 'SERVER_ERROR' ? failure : { ...failure, severity: 'advisory' },
    ),
);

const randomCursors = probeProperty({
  name: 'cursors.random',
  family: 'cursors',
  description: 'A cursor the server never issued (random text) is a 4xx with any filters, never a 5xx.',
  check: cursorRejected,
  needs: [FULL_KEY],
  runs: 50,
  inputs: (context, survey) =>
    fc
      .record({
        request: listRequest(context.target, listSources(context.target, survey), { cursor: 'never' }),
        cursor: randomCursor,
      })
      .map(({ request, cursor }) => ({
        request,
        key: { tenant: request.tenant, role: 'full' as const },
        set: { cursor },
        probe: 'a random cursor',
      })),
});

export const CURSORS = [
  tamperedCursor,
  randomCursors,
  constructedCursors,
  crossEndpointCursor,
  crossFilterCursor,
];
