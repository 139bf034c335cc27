/**
 * The sandbox's catalogue of injectable server bugs (docs/sandbox.md). Each entry is a
 * realistic mistake a real implementation of the public read API could make; the harness proves
 * its worth by catching every one of them while passing the clean sandbox.
 */

/** Where in the sandbox a fault hooks in; documentation for readers and for reports. */
type FaultHook = 'store' | 'cursor' | 'page' | 'validation' | 'auth' | 'errors' | 'rate-limit' | 'load';

export interface FaultInfo<Name extends string = string> {
  name: Name;
  description: string;
  /** Only shows under concurrent load (load scenarios), not in a sequential property suite. */
  needsLoad: boolean;
  /** Only shows while data changes during a walk (start the sandbox with churn). */
  needsChurn: boolean;
  /** Only shows past the rate limit: the matrix starts its sandbox with a limit a burst reaches. */
  needsThrottling: boolean;
  hook: FaultHook;
}

const fault = <Name extends string>(
  name: Name,
  hook: FaultHook,
  description: string,
  needs: 'load' | 'churn' | 'throttling' | '' = '',
): FaultInfo<Name> => ({
  name,
  description,
  needsLoad: needs === 'load',
  needsChurn: needs === 'churn',
  needsThrottling: needs === 'throttling',
  hook,
});

export const FAULTS = [
  fault(
    'page-boundary-duplicate',
    'store',
    'inclusive keyset: the last record of page N is the first of page N+1',
  ),
  fault(
    'page-boundary-skip',
    'page',
    'the cursor points past the peeked record, so one record is lost at each boundary',
  ),
  fault('unstable-order', 'store', 'keyset over a non-unique column (name, createdAt) without a tiebreaker'),
  fault(
    'offset-cursor',
    'cursor',
    'the cursor encodes an offset, so inserts during a walk shift pages',
    'churn',
  ),
  fault(
    'page-number-cursor',
    'cursor',
    'page n starts at (n - 1) x the current limit: a walk whose limit changes skips or repeats records',
  ),
  fault('cursor-cycle', 'page', 'after three pages the next token points back to page two'),
  fault(
    'small-limit-skip',
    'page',
    'at limits 1 to 3, each page from the 20th on loses one record at its boundary',
  ),
  fault(
    'cursor-state-per-key',
    'cursor',
    "the server keeps each key's walk position and ignores the cursor's: two walks of one key interfere",
  ),
  fault(
    'cursor-single-use',
    'cursor',
    'a cursor is answered once: sent again (a retried page) it is refused with 400, as if expired',
  ),
  fault(
    'cursor-advances-on-repeat',
    'cursor',
    'a cursor names a server-side scroll that each use reads on: a retried page returns the page after',
  ),
  fault(
    'record-drifts-on-read',
    'store',
    "each read raises a menu item's price (a computed price written back to the shared row): reads differ",
  ),
  fault(
    'location-price-first-page-only',
    'page',
    "with locationId, pages after the first show each item's base price, not the location's",
  ),
  fault(
    'cursor-mixup-under-concurrency',
    'cursor',
    "each key's cursor sits in one slot during a 2 ms lookup: requests of one key at once swap places",
  ),
  fault(
    'cursor-shared-scratch',
    'cursor',
    'a cursor is decoded into one module-level scratch read after an await: cursor pages at once swap places',
  ),
  fault('has-more-token-mismatch', 'page', 'the last page says hasMore true with a null nextPageToken'),
  fault(
    'has-more-on-full-page',
    'page',
    'hasMore is true whenever a page is full: a list that fills its last page ends with an empty one',
  ),
  fault('empty-result-shape', 'page', 'an empty list omits pagination.nextPageToken'),
  fault(
    'search-limit-capped',
    'page',
    'with q, a page holds at most 50 records: limit 51 to 100 gives 50 with hasMore true and a valid cursor',
  ),
  fault('page-overflow', 'page', 'a page carries limit + 1 records (the peeked record is not trimmed)'),
  fault('limit-clamp', 'validation', 'a limit above 100 is silently served as 100 instead of 400'),
  fault(
    'bad-limit-accepted',
    'validation',
    'limit 0, negative, non-integer or non-numeric is replaced instead of 400',
  ),
  fault(
    'limit-radix-prefix',
    'validation',
    'limit is read like strtol(s, 0): limit=010 serves 8 records (octal), limit=0x10 16 (hex)',
  ),
  fault('cursor-500', 'cursor', 'the cursor is decoded before its signature is checked: tampering gives 500'),
  fault(
    'digit-cursor-offset',
    'cursor',
    'a cursor of plain digits is read as a legacy record offset: cursor=10&limit=5 serves records 11 to 15',
  ),
  fault(
    'cursor-expiry-500',
    'cursor',
    'a cursor older than 800 ms is answered 500: its expiry throws instead of refusing with a 4xx',
  ),
  fault(
    'last-status-empty',
    'store',
    "status=ARCHIVED or status=CANCELLED (each enum's last value) selects nothing: a table off by one",
  ),
  fault(
    'filter-lost-on-later-pages',
    'store',
    'pages after the first ignore status, location, q and other filters',
  ),
  fault('cross-tenant-cursor', 'cursor', "a cursor from tenant A sent with B's key returns A's data"),
  fault('foreign-location', 'store', "A's locationId with B's key returns A's data instead of 404"),
  fault('foreign-category', 'store', "A's categoryId with B's key returns A's data instead of 404"),
  fault(
    'foreign-404-names-owner',
    'store',
    "the 404 for A's locationId or categoryId with B's key names A, unlike an unknown id's plain 404",
  ),
  fault(
    'tenant-shared-across-await',
    'auth',
    "the tenant is kept in a module variable across an await: overlapping tenants' requests get each other's data",
  ),
  fault('search-leak', 'store', 'q search forgets the tenant predicate and returns other tenants’ items'),
  fault(
    'foreign-ids-in-search',
    'page',
    'q results carry `similar`: ids of items of the same name in any tenant, other tenants’ included',
  ),
  fault(
    'shared-cache',
    'load',
    'a ~150 ms response cache keyed by path and query (not tenant) leaks across tenants',
    'load',
  ),
  fault(
    'menu-public-cacheable',
    'page',
    'menu pages say Cache-Control: public, max-age=300 with only Vary: Accept-Encoding',
  ),
  fault('scope-bypass', 'auth', 'GET /public/orders does not check the orders.read scope'),
  fault(
    'malformed-key-drops-connection',
    'auth',
    'a malformed key (a bad Authorization or key header value) gets no answer: the socket is closed, no 401',
  ),
  fault(
    'names-escaped-with-location',
    'page',
    'GET /public/menu/items with a locationId HTML-escapes item names (& < > " \'), which read plainly without one',
  ),
  fault(
    'channel-view-row-ids',
    'page',
    'GET /public/menu/items with locationId and salesChannel both shows ids of the location-menu table',
  ),
  fault(
    'refusal-carries-data',
    'auth',
    'GET /public/orders answers a key lacking a scope with a 403 whose Error fields are merged into the page',
  ),
  fault(
    'scope-skipped-with-cursor',
    'auth',
    'a request with a cursor skips the scope check, as if page 1 had authorised the whole walk',
  ),
  fault(
    'scope-skipped-under-concurrency',
    'auth',
    'the scope check fails open when its slow lookup (5 ms) already has another pending',
    'load',
  ),
  fault(
    'limit-unchecked-when-busy',
    'validation',
    'the limit check fails open when its slow lookup (5 ms) has another pending: limit=101 is served',
    'load',
  ),
  fault(
    'default-limit-when-busy',
    'validation',
    'without limit, a page holds 20 when the slow lookup of the default (5 ms) has another pending',
    'load',
  ),
  fault(
    'auth-cached-per-tenant',
    'auth',
    "a tenant's admission is cached for 300 ms: its revoked, expired, scope-lacking keys ride on it",
    'load',
  ),
  fault('revoked-key-works', 'auth', 'a revoked key is accepted'),
  fault('expired-key-works', 'auth', 'an expired key is accepted'),
  fault(
    'challenge-dropped-revoked-expired',
    'auth',
    "a revoked or expired key's 401 carries no WWW-Authenticate; the other 401s carry Bearer's",
  ),
  fault(
    'stale-date-on-revoked',
    'auth',
    "a revoked or expired key's 401 is dated by the key's record: its revocation (6 h ago) or expiry (2 days)",
  ),
  fault(
    'key-case-folded',
    'auth',
    'keys are looked up lower-cased: an issued key with its letters upper-cased (not a key) is accepted',
  ),
  fault(
    'key-prefix-only',
    'auth',
    'keys are looked up by their first 25 characters: an issued key with its last one changed is accepted',
  ),
  fault(
    'key-header-bearer-accepted',
    'auth',
    "the key header's value goes through Authorization's helper: X-...-Api-Key: Bearer <key> is served",
  ),
  fault(
    'first-of-repeated-key',
    'auth',
    'a key header holding a list (K, K2; or sent twice, which Node joins with ", ") is read as its first: served',
  ),
  fault(
    'last-of-repeated-key',
    'auth',
    'a key header holding a list (K, K2; or sent twice, each line overwriting the last) is read as its last',
  ),
  fault(
    'key-headers-split',
    'auth',
    "with a key in each header, the tenant is X-…-Api-Key's key's, validity and scopes Authorization's",
  ),
  fault(
    'auth-cached-on-connection',
    'auth',
    "a keep-alive connection keeps the first key it authenticated: later requests on it are that key's, any key or none",
  ),
  fault(
    'key-in-query',
    'auth',
    'with neither key header, the key is read from the access_token query parameter (RFC 6750 §2.3): served',
  ),
  fault(
    'key-in-other-header',
    'auth',
    'with neither key header, the key is read from an X-Api-Key header (no brand): served, not a 401',
  ),
  fault(
    'key-in-cookie',
    'auth',
    'with neither key header, the key is read from an api_key cookie: served, not a 401',
  ),
  fault(
    'authorization-other-scheme',
    'auth',
    'Authorization: Token <key> is read like Bearer (a scheme spec §5 does not name): served, not a 401',
  ),
  fault(
    'empty-key-400',
    'auth',
    'a key header with no key in it (empty, blanks, Bearer alone) fails a validator before auth: 400',
  ),
  fault(
    'expired-key-discloses-key',
    'auth',
    "an expired key's 401 message names the tenant's working key in full, to use instead",
  ),
  fault('active-only-wrong', 'store', 'activeOnly=true also returns PAID orders'),
  fault(
    'active-only-false-filters',
    'store',
    'activeOnly=false filters like activeOnly=true: the parameter is read as present, not as a boolean',
  ),
  fault('q-case-sensitive', 'store', 'q matches case-sensitively and only on the name, never the SKU'),
  fault(
    'q-decoded-twice',
    'validation',
    'q is form-decoded a second time: a literal + searches for a space, a literal %41 for A',
  ),
  fault(
    'q-decoded-before-split',
    'validation',
    'the raw query is decoded before it is split on & and =: q=Fish%20%26%20Chips searches for "Fish "',
  ),
  fault(
    'q-folded-unlike-names',
    'store',
    'names and SKUs folded to lower(upper(c)) per character, q only lower-cased: q=Weiß misses Weißwurst',
  ),
  fault(
    'search-ignores-accents',
    'store',
    'q and the names and SKUs are compared without diacritics: q=creme finds Crème Brûlée',
  ),
  fault(
    'search-words-any-order',
    'store',
    'each word of q is searched for on its own: q=Salad Caesar finds Caesar Salad, q=Cae Sa too',
  ),
  fault(
    'search-folds-look-alikes',
    'store',
    'Cyrillic letters drawn like Latin ones are read as those: q=Cаesar (Cyrillic а) finds Caesar Salad',
  ),
  fault(
    'search-forgives-missing-letter',
    'store',
    'a q of 4+ characters also matches with one letter of the name left out: q=Casar finds Caesar Salad',
  ),
  fault(
    'search-squeezes-repeats',
    'store',
    'runs of one letter are read as one on both sides: q=Caessar finds Caesar Salad',
  ),
  fault(
    'search-forgives-swapped-letters',
    'store',
    'a q of 4+ characters also matches with two neighbouring letters swapped: q=Casear finds Caesar Salad',
  ),
  fault(
    'search-ignores-separators',
    'store',
    'spaces, hyphens, dots and slashes are left out on both sides: q=Caesar-Salad finds Caesar Salad',
  ),
  fault(
    'sku-search-ignores-separators',
    'store',
    'SKUs are compared without their separators: q=CA1001a finds the item with SKU CA-1001a',
  ),
  fault(
    'search-stems-plurals',
    'store',
    'a trailing s of each word of q is also dropped (a stemmer): q=Caesar Salads finds Caesar Salad',
  ),
  fault(
    'search-quotes-escaped',
    'store',
    'q is SQL-escaped (\' doubled, " backslashed), then bound as a parameter: a q holding a quote finds nothing',
  ),
  fault(
    'search-truncates-q',
    'store',
    'q is cut to its first 16 characters: a name and more (Latte Macchiato Small xq) finds the name',
  ),
  fault('q-like-wildcards', 'store', 'q goes into a SQL LIKE pattern unescaped: % and _ in q match any text'),
  fault('error-shape', 'errors', 'error bodies lack statusCode and message, and error is an object'),
  fault('error-content-type', 'errors', 'error bodies are sent as text/plain'),
  fault(
    'problem-json-403',
    'errors',
    'a 403 is sent as application/problem+json, not the application/json the spec names',
  ),
  fault('default-limit-wrong', 'validation', 'without limit the page size is 20 instead of 50'),
  fault(
    'cursor-page-default-limit',
    'validation',
    'a page reached by a cursor without limit holds 20 records: the default of 50 is set on first pages only',
  ),
  fault('pagination-extra-field', 'page', 'the pagination object carries an extra total field'),
  fault(
    'status-lowercase',
    'page',
    'every record carries its status in lower case (active, paid), outside its enum',
  ),
  fault(
    'status-filter-500',
    'store',
    'a request with a status filter answers 500: the query binds the status to the wrong column',
  ),
  fault(
    'location-filter-400',
    'validation',
    'a locationId filter is refused with 400, validated as a number',
  ),
  fault(
    'enum-case-insensitive',
    'validation',
    'status and salesChannel are matched ignoring case: status=open is served as OPEN instead of 400',
  ),
  fault(
    'empty-filter-ignored',
    'validation',
    'on orders, an empty status= or locationId= is read as not given: the whole list is served, not a 400 or 404',
  ),
  fault(
    'bad-enum-500',
    'validation',
    'a status outside its enum answers 500: it is looked up in a table and the miss is dereferenced',
  ),
  fault(
    'active-only-any-word',
    'validation',
    'activeOnly is true for any value but "false": activeOnly=maybe is served instead of 400',
  ),
  fault(
    'active-only-spelling-ignored',
    'validation',
    'activeOnly=TRUE, 1, yes or on is served as no filter: only the exact word "true" filters',
  ),
  fault(
    'long-param-500',
    'validation',
    'a q, locationId or categoryId over 200 characters answers 500: it overflows its column, not a 400',
  ),
  fault(
    'bad-escape-500',
    'validation',
    'a query escape that is not UTF-8 (%FF) answers 500: the query is decoded again and nothing catches it',
  ),
  fault(
    'repeated-param-500',
    'validation',
    'a parameter given twice answers 500: its value is an array where the code expects a string',
  ),
  fault(
    'repeated-param-first-wins',
    'validation',
    'a parameter given twice is read as its first value: limit=5&limit=500 is served, not a 400',
  ),
  fault(
    'location-id-case-folded',
    'validation',
    "locationId is looked up ignoring case: LOC_A_1 (no tenant's id) filters by the tenant's loc_a_1",
  ),
  fault(
    'encoded-name-ignored',
    'validation',
    'parameter names are compared as written: %6Cimit=500 is not limit, so it is ignored (200, 50 records), not a 400',
  ),
  fault(
    'offset-honoured',
    'page',
    'the menu still reads a legacy offset=N on first pages and skips N records (offset pagination does not exist)',
  ),
  fault(
    'null-literal-location',
    'validation',
    'locationId=null (or NULL, undefined, None, nil) is read as no location: the unfiltered list is served, not 404',
  ),
  fault(
    'place-id-format-400',
    'validation',
    "a place id not shaped like the sandbox's own (loc_ or cat_, 12 hex digits) is 400, not 404: nowhere, LOC-1",
  ),
  fault(
    'unknown-place-empty',
    'store',
    'a locationId or categoryId no tenant has is served as an empty list instead of 404',
  ),
  fault('service-header-ignored', 'auth', 'the X-…-Api-Key header is ignored; only Bearer works'),
  fault(
    'cursor-bound-to-scheme',
    'auth',
    'a cursor is bound to the header its key came in: the same key in the other header gets 400',
  ),
  fault(
    'cursor-bound-to-param-order',
    'cursor',
    'a cursor is bound to the order its filters were named in: status=X&locationId=Y, then locationId=Y&status=X, is 400',
  ),
  fault(
    'bearer-case-sensitive',
    'auth',
    'the Authorization scheme must be written "Bearer": "bearer <key>" is 401',
  ),
  fault(
    'bearer-one-space-only',
    'auth',
    'Authorization is split on single spaces: "Bearer  <key>" (two spaces, RFC 6750 §2.1 allows 1*SP) is 401, malformed',
  ),
  fault(
    'head-skips-auth',
    'auth',
    'HEAD is answered 200 before the key is read: no key, revoked or scope-lacking keys get 200 on HEAD',
  ),
  fault(
    'head-content-length-zero',
    'page',
    "HEAD's fields are computed for an empty body: Content-Length: 0 where GET's body has hundreds of octets",
  ),
  fault(
    'head-etag-of-empty-body',
    'page',
    "a HEAD's ETag is hashed from the empty body it sends: never the tag GET gives the same page",
  ),
  fault(
    'head-error-body',
    'errors',
    "a HEAD's error answer (400, 401, 403, 404, 429) is followed on the wire by the Error body its Content-Length counts",
  ),
  fault(
    'connection-dead-after-404',
    'errors',
    'after a 404 for an unknown or foreign locationId or categoryId, later requests on its connection are never answered',
  ),
  fault(
    'etag-ignores-tenant',
    'page',
    "a weak ETag of the URL alone: If-None-Match with it is 304 for any key and any data, another tenant's",
  ),
  fault(
    'last-modified-stale',
    'page',
    'Last-Modified is the server start: If-Modified-Since at or after it is 304 though the data changed',
    'churn',
  ),
  fault(
    'not-modified-unasked',
    'page',
    "a tenant's request of a URL answered in the last 5 s is 304, conditional header or not",
  ),
  fault(
    'accept-params-406',
    'validation',
    'Accept is compared literally: application/json;q=0.9 or with charset, or in a list, is refused 406',
  ),
  fault(
    'gzip-twice-on-repeat',
    'page',
    'a list answer is gzipped when asked; the same request again is gzipped twice under one Content-Encoding: gzip',
  ),
  fault('error-bom', 'errors', 'a 400 body starts with a UTF-8 byte order mark (EF BB BF) before its JSON'),
  fault('error-no-date', 'errors', 'a 4xx answer (400, 401, 403, 404, 429) carries no Date header'),
  fault(
    'date-local-time',
    'errors',
    "every answer's Date is the server's local time (UTC+1) labelled GMT: an hour ahead of the true time",
  ),
  fault(
    'error-two-content-types',
    'errors',
    'a 404 answer carries a second Content-Type line, text/html, after its application/json one',
  ),
  fault(
    'content-type-unquoted-parameter',
    'page',
    "a page's Content-Type names its schema URL in an unquoted parameter: profile=https://… is no token",
  ),
  fault(
    'method-405-no-allow',
    'errors',
    'POST, PUT, PATCH and DELETE are refused 405 without an Allow header',
  ),
  fault(
    'post-creates-order',
    'validation',
    'POST /public/orders with a full key and a JSON order creates it: 201 with Location, in later lists',
  ),
  fault(
    'order-detail-route',
    'store',
    "an internal GET /public/orders/{id} answers any tenant's order by its id, 200",
  ),
  fault(
    'retry-after-short',
    'rate-limit',
    'Retry-After rounds the wait down to whole seconds: with under a second left it says 0',
    'throttling',
  ),
  fault(
    'retry-after-milliseconds',
    'rate-limit',
    'Retry-After gives the wait in milliseconds: a 2 s wait says 1946, as if half an hour',
    'throttling',
  ),
  fault(
    'retry-after-fractional',
    'rate-limit',
    'Retry-After gives the wait in seconds with a fraction (1.946), not a whole number of seconds',
    'throttling',
  ),
  fault(
    'throttle-cacheable',
    'rate-limit',
    'a 429 carries Cache-Control: public, max-age=<its Retry-After>, so caches keep serving the refusal',
    'throttling',
  ),
  fault(
    'throttle-serves-empty-page',
    'rate-limit',
    'soft throttling: a request over the limit is answered 200 with an empty last page, not 429',
    'throttling',
  ),
  fault(
    'head-not-rate-limited',
    'rate-limit',
    'HEAD skips the rate limiter, neither counted nor refused: a key past its limit gets 429 to GET, 200 to HEAD',
  ),
  fault(
    'head-throttled-503',
    'rate-limit',
    "a HEAD over a key's rate limit is refused 503 (Retry-After, no body), while the same key's GETs get 429",
  ),
  fault(
    'tenant-limit-503',
    'rate-limit',
    "a tenant's shared limit refuses with 503 (Error shape, Retry-After), while a key's own limit says 429",
    'throttling',
  ),
  fault(
    'global-rate-limit',
    'rate-limit',
    'one rate-limit bucket for everyone: a noisy tenant starves the others',
    'load',
  ),
  fault(
    'global-rate-limit-high',
    'rate-limit',
    'one rate-limit bucket for everyone at 3x the per-tenant limit: only a flood past it starves the others',
    'load',
  ),
  fault(
    'flood-blocked-403',
    'rate-limit',
    'a key refused 50 times in a row without backing off is blocked with 403 (Error shape), not 429',
    'load',
  ),
  fault(
    'overload-5xx',
    'load',
    'each request holds one of 4 DB connections for 5 ms; when none is free it answers 503, not 429',
    'load',
  ),
  fault(
    'overload-drops-connection',
    'load',
    'each request holds one of 4 DB connections for 5 ms; when none is free it closes the socket unanswered',
    'load',
  ),
  fault(
    'deep-page-slowdown',
    'load',
    'latency grows with page depth (2 ms per page), like an offset scan',
    'load',
  ),
  fault(
    'throttle-text-body',
    'rate-limit',
    'a 429 is answered as plain text ("Too Many Requests"), while every other error has the Error shape',
    'load',
  ),
  fault(
    'soak-drift',
    'load',
    'latency grows with requests served (0.05 ms per request, capped at 2 s)',
    'load',
  ),
] as const;

export type FaultName = (typeof FAULTS)[number]['name'];

const KNOWN: ReadonlySet<string> = new Set(FAULTS.map((entry) => entry.name));

/** The set of faults switched on in one sandbox instance. */
export interface FaultSet {
  has(name: FaultName): boolean;
  readonly names: readonly FaultName[];
}

/** Validates fault names; an unknown name fails with one line listing the valid ones. */
export function faultSet(names: readonly string[] = []): FaultSet {
  for (const name of names) {
    if (!KNOWN.has(name)) {
      throw new Error(`unknown fault "${name}"; valid faults: ${[...KNOWN].join(', ')}`);
    }
  }
  const active = new Set(names as readonly FaultName[]);
  return { has: (name) => active.has(name), names: [...active] };
}
