/**
 * The OpenAPI 3.1 document of the public read API, built from the schemas in schemas.ts so that
 * document, types and validators share one source. The repo keeps it as spec/openapi.json
 * (`npm run build` rewrites it; test/lib/openapi.test.ts fails when it drifts);
 * `npm run report -- --openapi` prints it.
 */
import { ApiError, MenuItem, MenuItemsPage, Order, OrdersPage, Pagination } from './schemas.ts';
import { ENDPOINT_INFO, LIMITS, type Endpoint } from './endpoints.ts';

/** The version label of the machine-readable description (spec §9). */
export const API_VERSION_LABEL = '2026-06-14';

// TypeBox keeps bookkeeping in symbol keys (dropped by JSON) and in `$id`, which would declare
// duplicate schema resources once a schema is embedded in another; the document needs neither.
const plain = (schema: object): object =>
  JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === '$id' ? undefined : value))) as object;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const param = (name: string, description: string, schema: object) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});

const limitParam = param('limit', 'Page size (spec §4.3 rule 6: above the maximum is a 400).', {
  type: 'integer',
  minimum: LIMITS.min,
  maximum: LIMITS.max,
  default: LIMITS.default,
});
const cursorParam = param('cursor', 'Value of pagination.nextPageToken from the previous page; opaque.', {
  type: 'string',
});
const statusParam = (endpoint: Endpoint) =>
  param('status', 'Filter by status.', { type: 'string', enum: [...ENDPOINT_INFO[endpoint].statuses] });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('Error') } },
});

// spec §8 does not show the rate-limit headers; Retry-After is the standard one (RFC 9110 §10.2.3,
// delay-seconds or an HTTP date) that a client honours when it is sent, so it is not required.
const retryAfter = {
  description: 'How long to wait before retrying: delay-seconds or an HTTP date.',
  required: false,
  schema: { type: 'string' },
};

const ERROR_RESPONSES = {
  '400': errorResponse('Validation failed, for example limit above the maximum.'),
  '401': errorResponse('API key missing, malformed, revoked or expired.'),
  '403': errorResponse('Key valid but lacks at least one required scope.'),
  '404': errorResponse("Resource does not exist inside the key's tenant boundary."),
  '429': {
    ...errorResponse('Rate limit exceeded; back off before retrying.'),
    headers: { 'Retry-After': retryAfter },
  },
};

/**
 * The next page of the same list (spec §4.3 rules 2 and 4): the cursor from this page, the same
 * limit and the same filters, so that a tool can walk a list by following the link.
 */
const nextPageLink = (endpoint: Endpoint) => {
  const info = ENDPOINT_INFO[endpoint];
  const unchanged = ['limit', ...info.filters].map((name): [string, string] => [
    name,
    `$request.query.${name}`,
  ]);
  return {
    nextPage: {
      operationId: info.operationId,
      description: 'The next page: pagination.nextPageToken as cursor, the same limit and filters.',
      parameters: {
        cursor: '$response.body#/pagination/nextPageToken',
        ...Object.fromEntries(unchanged),
      },
    },
  };
};

type Parameter = ReturnType<typeof param>;

const operation = (endpoint: Endpoint, summary: string, parameters: Parameter[], page: string) => {
  const info = ENDPOINT_INFO[endpoint];
  return {
    get: {
      operationId: info.operationId,
      summary,
      description: `Required scopes: ${info.scopes.join(' and ')}.`,
      'x-required-scopes': [...info.scopes],
      parameters: [limitParam, cursorParam, ...parameters, statusParam(endpoint)],
      responses: {
        '200': {
          description: 'One page of the list.',
          content: { 'application/json': { schema: ref(page) } },
          links: nextPageLink(endpoint),
        },
        ...ERROR_RESPONSES,
      },
    },
  };
};

/** The header name of the API-key scheme, its brand part a placeholder (spec §5). */
const SERVICE_API_KEY_HEADER = 'X-Service-Api-Key';

/**
 * Builds the document; a function so callers get a fresh, mutable copy. `apiKeyHeader` puts a
 * deployment's brand into the API-key header name, for tools that send it as the document says.
 */
export function openApiDocument({ apiKeyHeader = SERVICE_API_KEY_HEADER }: { apiKeyHeader?: string } = {}) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Public Read API of the Restaurant and Retail Platform',
      version: API_VERSION_LABEL,
      description: 'Read-only lists of menu items and orders, bound to the tenant that owns the API key.',
    },
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'https://example.invalid/api/v1' } } }],
    security: [{ bearerApiKey: [] }, { serviceApiKey: [] }],
    paths: {
      [ENDPOINT_INFO.menuItems.path]: operation(
        'menuItems',
        'List the menu items of the key tenant',
        [
          param('q', 'Case-insensitive search by item name or SKU.', { type: 'string' }),
          param('categoryId', "Filter by menu category within the key's tenant.", { type: 'string' }),
          param('locationId', 'Filters items and prices by tenant location.', { type: 'string' }),
          param('salesChannel', 'Selects channel visibility; type and values not shown (spec §4.1).', {}),
        ],
        'MenuItemsPage',
      ),
      [ENDPOINT_INFO.orders.path]: operation(
        'orders',
        'List the orders of the key tenant',
        [
          param('locationId', 'Filter by tenant location.', { type: 'string' }),
          param('activeOnly', 'When true, returns OPEN and SENT_TO_KITCHEN orders.', { type: 'boolean' }),
        ],
        'OrdersPage',
      ),
    },
    components: {
      securitySchemes: {
        bearerApiKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' },
        serviceApiKey: {
          type: 'apiKey',
          in: 'header',
          name: apiKeyHeader,
          description: 'The word Service stands for the brand part of the header name (spec §5).',
        },
      },
      schemas: {
        MenuItem: plain(MenuItem),
        Order: plain(Order),
        Pagination: plain(Pagination),
        Error: plain(ApiError),
        MenuItemsPage: plain(MenuItemsPage),
        OrdersPage: plain(OrdersPage),
      },
    },
  };
}

/** Where the repo keeps the document, from the project root. */
export const OPENAPI_FILE = 'spec/openapi.json';

/** The document as the repo keeps it: two-space JSON and a final newline. */
export const openApiJson = (): string => `${JSON.stringify(openApiDocument(), null, 2)}\n`;
