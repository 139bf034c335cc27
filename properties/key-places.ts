/**
 * A real key sent where spec §5 does not look for one (lib/http/key-place.ts): a query parameter, a
 * cookie, another Authorization scheme, another header; and in neither of the two headers §5 names.
 * The coverage phase sends every place on each endpoint's first page and on a page reached by a
 * real cursor; the random runs then draw a place, a tenant's full key and a legal request.
 */
import fc from 'fast-check';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import type { Query } from '../lib/http/call.ts';
import { keyElsewhereWords, keyPlacesFor, type KeyPlace } from '../lib/http/key-place.ts';
import { cellKey, type Coverage, type CoverageCell } from '../lib/props/coverage.ts';
import type { Survey } from '../lib/props/survey.ts';
import type { Skip } from '../lib/props/types.ts';
import type { Target } from '../lib/target/target.ts';
import { listRequest, type ListRequest } from './arbitraries/requests.ts';
import type { ProbeInput, ProbeInputs } from './probe-input.ts';

/** The two sites of a list a key probe covers: its first page and a page reached by a cursor. */
export const PAGES = ['first page', 'cursor page'] as const;

type Page = (typeof PAGES)[number];

const where = (endpoint: Endpoint, page: Page): string => `${endpoint} ${page}`;

const placed = (request: ListRequest, keyPlace: KeyPlace): ProbeInput => ({
  request,
  key: { tenant: request.tenant, role: 'full', keyPlace },
  probe: keyElsewhereWords('full', request.tenant, keyPlace),
});

/** The request a coverage cell sends: a page reached by a cursor needs a list of two records at limit 1. */
export function cellRequest(
  survey: Survey,
  endpoint: Endpoint,
  page: Page,
  turn: number,
): ListRequest | null {
  const tenants =
    page === 'first page'
      ? survey.tenants
      : survey.tenants.filter((tenant) => tenant.lists[endpoint].records.length >= 2);
  const tenant = tenants[turn % Math.max(tenants.length, 1)];
  if (tenant === undefined) return null;
  const query: Query = page === 'first page' ? {} : { limit: '1' };
  return { endpoint, tenant: tenant.name, scheme: 'bearer', query, cursor: page === 'cursor page' };
}

/**
 * Every label on each endpoint's first and cursor page (PAGES), a tenant by turn, made an input by
 * `make`; an input reaches the cell of its request's site and of what `labelOf` reads from it.
 */
export function siteCoverage<Label extends string, Input extends { request: ListRequest }>(
  survey: Survey,
  labels: readonly Label[],
  make: (request: ListRequest, label: Label) => Input,
  labelOf: (input: Input) => Label | undefined,
): Coverage<Input> {
  const cells: CoverageCell[] = [];
  const examples: Input[] = [];
  for (const endpoint of ENDPOINTS)
    for (const page of PAGES)
      labels.forEach((label, turn) => {
        const request = cellRequest(survey, endpoint, page, turn);
        const cell = { where: where(endpoint, page), label };
        if (request === null) cells.push({ ...cell, why: 'no surveyed list has two records' });
        else {
          cells.push(cell);
          examples.push(make(request, label));
        }
      });
  return {
    cells,
    examples,
    reached: (input) => {
      const label = labelOf(input);
      const { endpoint, cursor } = input.request;
      return label === undefined
        ? []
        : [cellKey({ where: where(endpoint, cursor ? 'cursor page' : 'first page'), label })];
    },
  };
}

/** The probes of the key-elsewhere property; a skip when no tenant has a full key to place. */
export function keyPlaceInputs(target: Target, survey: Survey): ProbeInputs | Skip {
  if (survey.tenants.length === 0) return { skip: 'no tenant has a full key to send elsewhere' };
  const places = keyPlacesFor(target.apiKeyHeader);
  const sources = survey.tenants.map((tenant) => ({ tenant, paged: true }));
  const arbitrary = fc
    .record({
      place: fc.constantFrom(...places),
      request: listRequest(target, sources, { cursor: 'maybe' }),
    })
    .map(({ place, request }) => placed(request, place));
  return { arbitrary, coverage: siteCoverage(survey, places, placed, ({ key }) => key.keyPlace) };
}
