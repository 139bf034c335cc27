/** Valid and invalid bodies, built from spec §2 and §4, shared by the contract tests. */
export const validMenuPage = {
  data: [
    { id: 'm1', name: 'Soup', sku: 'SKU-1', status: 'ACTIVE', price: 450 },
    { id: 'm2', name: 'Tea', sku: null, status: 'STOP_LIST' },
    { id: 'm3', name: 'Old', status: 'ARCHIVED' },
  ],
  pagination: { nextPageToken: 'opaque', hasMore: true },
  meta: 'extra top-level fields are allowed',
};

export const validOrdersPage = {
  data: [
    { id: 'o1', number: '101', status: 'OPEN', locationId: 'l1' },
    { id: 'o2', number: null, status: 'CANCELLED', locationId: null, totals: { gross: 1 } },
  ],
  pagination: { nextPageToken: null, hasMore: false },
};

export const emptyPage = { data: [], pagination: { nextPageToken: null, hasMore: false } };

const menuItem = { id: 'm1', name: 'Soup', status: 'ACTIVE' };

/** Each kind of invalid page, by what is wrong with it. */
export const invalidMenuPages: Record<string, unknown> = {
  'missing data': { pagination: emptyPage.pagination },
  'missing pagination': { data: [] },
  'missing record field': { data: [{ id: 'm1', status: 'ACTIVE' }], pagination: emptyPage.pagination },
  'bad enum': { data: [{ ...menuItem, status: 'SOLD_OUT' }], pagination: emptyPage.pagination },
  'extra field on Pagination': { data: [], pagination: { ...emptyPage.pagination, total: 0 } },
  'missing hasMore': { data: [], pagination: { nextPageToken: null } },
  'wrong id type': { data: [{ ...menuItem, id: 1 }], pagination: emptyPage.pagination },
  'wrong hasMore type': { data: [], pagination: { nextPageToken: null, hasMore: 'false' } },
  'sku of wrong type': { data: [{ ...menuItem, sku: 7 }], pagination: emptyPage.pagination },
  'data not an array': { data: {}, pagination: emptyPage.pagination },
};

export const validErrors = [
  { statusCode: 400, error: 'Bad Request', message: 'limit must be <= 100' },
  { statusCode: 400, message: ['limit must be an integer', 'status is invalid'], traceId: 'x' },
];

export const invalidErrors: Record<string, unknown> = {
  'missing statusCode': { error: 'Bad Request', message: 'x' },
  'missing message': { statusCode: 400, error: 'Bad Request' },
  'message of numbers': { statusCode: 400, message: [1, 2] },
  'statusCode not an integer': { statusCode: 400.5, message: 'x' },
  'not an object': 'Bad Request',
};
