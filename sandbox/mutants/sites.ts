/**
 * Site selectors: which responses a mutant touches. Each site says what its responses can offer an
 * operator (records, a token, a cursor, a filter), so the generator knows where a cell applies.
 */
import { pagination, queryOf, records, type Response } from './response.ts';
import type { Need } from './types.ts';

export interface Site {
  name: string;
  description: string;
  provides: readonly Need[];
  /** Reached only past the rate limit: the matrix starts its mutants' sandbox with a low limit. */
  throttled?: boolean;
  matches(response: Response): boolean;
}

/** Requests above this many in flight are the `concurrent` site. */
const CONCURRENT_ABOVE = 1;

const PAGE_WITH_RECORDS: Need[] = ['get', 'page', 'records', 'token'];
const ENDPOINTS = [
  { name: 'menu', path: '/api/v1/public/menu/items', needs: ['menu'] as Need[] },
  { name: 'orders', path: '/api/v1/public/orders', needs: [] as Need[] },
] as const;

const isPage = (response: Response) =>
  response.reply.statusCode === 200 && pagination(response.body) !== undefined;
const onPath = (response: Response, path: string) => response.request.url.split('?')[0] === path;
const hasCursor = (response: Response) => queryOf(response).cursor !== undefined;
const hasRecords = (response: Response) => records(response.body).length > 0;

function endpointSites(name: string, path: string, needs: readonly Need[]): Site[] {
  const page = (response: Response) => isPage(response) && onPath(response, path);
  return [
    {
      name: `${name}.first-page`,
      description: `a first page of ${path} (no cursor) with records`,
      provides: [...PAGE_WITH_RECORDS, ...needs],
      matches: (response) => page(response) && !hasCursor(response) && hasRecords(response),
    },
    {
      name: `${name}.cursor-page`,
      description: `a page of ${path} reached by a cursor`,
      provides: [...PAGE_WITH_RECORDS, 'cursor', ...needs],
      matches: (response) => page(response) && hasCursor(response) && hasRecords(response),
    },
    {
      name: `${name}.last-page`,
      description: `the last page of a walk of ${path} (hasMore false) with records`,
      provides: ['get', 'page', 'records', ...needs],
      matches: (response) =>
        page(response) && pagination(response.body)?.hasMore === false && hasRecords(response),
    },
    {
      name: `${name}.empty`,
      description: `an empty result of ${path}`,
      provides: ['get', 'page', ...needs],
      matches: (response) => page(response) && !hasRecords(response),
    },
  ];
}

/**
 * Pages filtered by `parameter` (=`value` when given). `shown`: its records show what the filter
 * selects by (a status, a location, a name), so a record it should have left out can be told; a
 * menu item carries no location, so which items a location has is not shown.
 */
function filterSite(endpoint: 'menu' | 'orders', parameter: string, value?: string, shown = true): Site {
  const path = ENDPOINTS.find((entry) => entry.name === endpoint)?.path ?? '';
  return {
    name: `${endpoint}.filter-${parameter}`,
    description: `a page of ${path} filtered by ${parameter}${value === undefined ? '' : `=${value}`}`,
    provides: [
      ...PAGE_WITH_RECORDS,
      ...(shown ? (['filter'] as Need[]) : []),
      ...(endpoint === 'menu' ? (['menu'] as Need[]) : []),
    ],
    matches: (response) => {
      const given = queryOf(response)[parameter];
      return (
        isPage(response) &&
        onPath(response, path) &&
        hasRecords(response) &&
        given !== undefined &&
        (value === undefined || given === value)
      );
    },
  };
}

const keySite = (name: string, description: string, uses: (response: Response) => boolean): Site => ({
  name,
  description,
  provides: PAGE_WITH_RECORDS,
  matches: (response) => isPage(response) && hasRecords(response) && uses(response),
});

const errorSite = (status: number): Site => ({
  name: `error-${status}`,
  description: `an error answer with status ${status}`,
  provides: ['get', 'error'],
  ...(status === 429 && { throttled: true }),
  matches: (response) => response.reply.statusCode === status,
});

export const SITES: readonly Site[] = [
  ...ENDPOINTS.flatMap((entry) => endpointSites(entry.name, entry.path, entry.needs)),
  filterSite('orders', 'status'),
  filterSite('orders', 'activeOnly', 'true'),
  filterSite('orders', 'locationId'),
  // Every filter the spec defines for menu items (spec §4.1).
  filterSite('menu', 'status'),
  filterSite('menu', 'locationId', undefined, false),
  filterSite('menu', 'categoryId'),
  filterSite('menu', 'q'),
  keySite(
    'key.bearer',
    'a page asked for with Authorization: Bearer',
    (r) => r.request.headers.authorization !== undefined,
  ),
  keySite(
    'key.api-key-header',
    'a page asked for with the X-<Brand>-Api-Key header',
    (r) => r.request.headers.authorization === undefined,
  ),
  errorSite(400),
  errorSite(401),
  errorSite(403),
  errorSite(404),
  errorSite(429),
  {
    name: 'method-405',
    description: 'a 405 refusing POST, PUT, PATCH or DELETE on a list (spec §4: both endpoints use GET)',
    // Not an error spec §7 names nor an answer to GET: its status and Allow are what is judged.
    provides: ['method'],
    matches: (response) => response.reply.statusCode === 405,
  },
  {
    name: `concurrent>${CONCURRENT_ABOVE}`,
    description: `a page answered while more than ${CONCURRENT_ABOVE} requests are in flight`,
    provides: PAGE_WITH_RECORDS,
    matches: (response) => isPage(response) && hasRecords(response) && response.inFlight > CONCURRENT_ABOVE,
  },
];
