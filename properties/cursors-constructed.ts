/**
 * cursors.constructed (spec §4.3 rules 3 and 5): a cursor a client built (10, page=2, base64 of
 * {"offset":10}, null) is no cursor the server issued, and offset pagination does not exist: a
 * 4xx, never a page, never a 5xx. Before its runs it reads one first page at limit 1 of each list
 * of each tenant, for the cursors the target issues: a kind of their form is not judged on that
 * endpoint (a keyset on a numeric id issues digits, and may serve any), and its cells say so. Its
 * coverage phase sends every fixed value of every kind judged on each endpoint, the schemes by turn.
 */
import fc from 'fast-check';
import { cursorRejected } from '../lib/checks/cursor-rejected.ts';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import { AUTH_SCHEMES } from '../lib/http/call.ts';
import { cellKey, type Coverage, type CoverageCell } from '../lib/props/coverage.ts';
import type { Survey } from '../lib/props/survey.ts';
import type { PropertyContext } from '../lib/props/types.ts';
import {
  CONSTRUCTED_KINDS,
  CONSTRUCTED_VALUES,
  CONSTRUCTED_WORDS,
  constructedCursor,
  constructedKind,
  unjudgedWhy,
  type ConstructedKind,
} from './arbitraries/constructed-cursors.ts';
import { listRequest, type ListRequest } from './arbitraries/requests.ts';
import type { ProbeInput } from './probe-input.ts';
import { probeProperty } from './probes.ts';
import { FULL_KEY, listSources } from './support.ts';
import { credential } from './walks.ts';

/** Tenants whose first pages show the cursors an endpoint issues. */
const ISSUERS = 3;

/** The nextPageToken of the first page at limit 1 of each tenant's list of each endpoint. */
async function issuedCursors(context: PropertyContext, survey: Survey): Promise<Record<Endpoint, string[]>> {
  const issued: Record<Endpoint, string[]> = { menuItems: [], orders: [] };
  for (const endpoint of ENDPOINTS)
    for (const tenant of survey.tenants
      .filter((each) => each.lists[endpoint].records.length > 1)
      .slice(0, ISSUERS)) {
      const call = { endpoint, query: { limit: '1' }, credential: credential(tenant.name, 'full') };
      const response = await context.client.send(call);
      const token = (response.body as { pagination?: { nextPageToken?: unknown } } | undefined)?.pagination
        ?.nextPageToken;
      if (response.status === 200 && typeof token === 'string') issued[endpoint].push(token);
    }
  return issued;
}

const cellOf = (endpoint: Endpoint, kind: ConstructedKind): CoverageCell => ({
  where: `${endpoint} first page`,
  label: CONSTRUCTED_WORDS[kind],
});

/** `text` sent as the cursor of a first page's request, in words. */
const inputOf = (request: ListRequest, text: string): ProbeInput => ({
  request,
  key: { tenant: request.tenant, role: 'full' },
  set: { cursor: text },
  probe: `a constructed cursor (${CONSTRUCTED_WORDS[constructedKind(text)]})`,
});

/** Each kind's cells on each endpoint, why one is not judged, and the coverage phase's inputs. */
function constructedCoverage(survey: Survey, issued: Record<Endpoint, string[]>): Coverage<ProbeInput> {
  const cells: CoverageCell[] = [];
  const examples: ProbeInput[] = [];
  for (const endpoint of ENDPOINTS) {
    const tenant = survey.tenants[0]?.name ?? '';
    for (const kind of CONSTRUCTED_KINDS) {
      const values = CONSTRUCTED_VALUES[kind];
      const judged = values.filter((text) => unjudgedWhy(text, issued[endpoint]) === null);
      const why = unjudgedWhy(values[0] ?? '', issued[endpoint]);
      cells.push(
        judged.length === 0 && why !== null ? { ...cellOf(endpoint, kind), why } : cellOf(endpoint, kind),
      );
      judged.forEach((text, turn) => {
        const scheme = AUTH_SCHEMES[turn % AUTH_SCHEMES.length] ?? 'bearer';
        examples.push(inputOf({ endpoint, tenant, scheme, query: { limit: '5' }, cursor: false }, text));
      });
    }
  }
  const reached = (input: ProbeInput): string[] => {
    const text = input.set?.cursor;
    return text === undefined ? [] : [cellKey(cellOf(input.request.endpoint, constructedKind(text)))];
  };
  return { cells, examples, reached };
}

export const constructedCursors = probeProperty({
  name: 'cursors.constructed',
  family: 'cursors',
  description:
    'A cursor a client built (an integer such as 10, page=2, base64 of {"offset":10}, null) is a 4xx, never a page, never a 5xx; a kind the target’s own cursors have is not judged.',
  check: cursorRejected,
  needs: [FULL_KEY],
  runs: 20,
  async inputs(context, survey) {
    const issued = await issuedCursors(context, survey);
    const coverage = constructedCoverage(survey, issued);
    const endpoints = ENDPOINTS.filter((endpoint) =>
      coverage.examples.some((example) => example.request.endpoint === endpoint),
    );
    if (endpoints.length === 0)
      return { skip: `inconclusive: ${coverage.cells[0]?.why ?? 'no constructed cursor can be judged'}` };
    const arbitrary = fc
      .record({
        request: listRequest(context.target, listSources(context.target, survey), {
          cursor: 'never',
          endpoints,
        }),
        text: constructedCursor,
      })
      .filter(({ request, text }) => unjudgedWhy(text, issued[request.endpoint]) === null)
      .map(({ request, text }) => inputOf(request, text));
    return { arbitrary, coverage };
  },
});
