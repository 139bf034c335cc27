/**
 * Every parameter's outside (spec §4.1, §4.2, §4.3, §7): a legal request of a list (any filters,
 * any limit, page 1 or 2, either scheme) with one parameter set to a value outside its domain,
 * every kind of outside value in each run (arbitraries/outside*.ts). A value the spec rules out is
 * a 400; an id or cursor no tenant has is refused; a value whose reading the spec leaves open may
 * be served (an advisory finding), and a served spelling of a named value (activeOnly=TRUE) must
 * answer as that value (spelling-means-value); no answer is a 5xx, and every error is in the Error shape.
 * salesChannel has no outside here: its type and values are "not shown" (spec §4.1). The property
 * shape all share: params-outside-property.ts (drawing), params-outside-judge.ts (judging);
 * parameters.unknown-place and its coverage: params-outside-places.ts.
 */
import { cursorRejected } from '../lib/checks/cursor-rejected.ts';
import { cursorOutside } from './arbitraries/outside-ids.ts';
import { repeatedParameters } from './arbitraries/outside-repeated.ts';
import { activeOnlyOutside, limitOutside, statusOutside } from './arbitraries/outside-typed.ts';
import { searchOutside } from './arbitraries/outside.ts';
import { blankCoverage, blankValues } from './params-blank.ts';
import { equivalentFormsProperty } from './params-equivalent.ts';
import { limitFormsCoverage } from './params-limit.ts';
import { outsideProperty } from './params-outside-property.ts';
import { placeOutsideProperty } from './params-outside-places.ts';

const statusOutsideProperty = outsideProperty({
  name: 'parameters.status-outside',
  description:
    "status outside its enum (case variants, the other endpoint's, other words, spaces, two in one, control characters, bad escapes, over-long) is 400; empty is 400 too; never a 5xx.",
  endpoints: ['menuItems', 'orders'],
  runs: 12,
  values: (_tenant, endpoint) => statusOutside(endpoint),
  spellings: true,
});

const activeOnlyOutsideProperty = outsideProperty({
  name: 'parameters.active-only-outside',
  description:
    'activeOnly other than true or false: a word no boolean reading makes is 400; other spellings (1, TRUE, yes) are refused or served as the value they spell; empty is 400; never a 5xx.',
  endpoints: ['orders'],
  runs: 10,
  values: () => activeOnlyOutside,
  spellings: true,
});

const limitOutsideProperty = outsideProperty({
  name: 'parameters.limit-outside',
  description:
    'limit huge, not UTF-8, with a control character or not a decimal integer (0x10, 0b101, 1e1, 5.0, spaces, 1_0, other scripts) is 400; padded decimals (010, +5) are refused or served as exactly that decimal; empty is 400; never a 5xx.',
  endpoints: ['menuItems', 'orders'],
  runs: 8,
  values: () => limitOutside,
  coverage: limitFormsCoverage,
  spellings: true,
});

const searchOutsideProperty = outsideProperty({
  name: 'parameters.q-outside',
  description:
    'q over-long, with control characters, with escapes that are not UTF-8, or empty is served or refused with a 4xx; never a 5xx.',
  endpoints: ['menuItems'],
  runs: 8,
  values: (tenant) => searchOutside(tenant),
});

const cursorOutsideProperty = outsideProperty({
  name: 'parameters.cursor-outside',
  description:
    'A cursor over-long, with control characters or with escapes that are not UTF-8 is a 4xx; empty is open; never a 5xx.',
  endpoints: ['menuItems', 'orders'],
  runs: 8,
  values: () => cursorOutside,
  unknown: [cursorRejected],
});

const repeatedProperty = outsideProperty({
  name: 'parameters.repeated',
  description:
    'Any parameter given twice (limit, status, activeOnly, q, locationId, categoryId, cursor) is served or refused with a 4xx, never a 5xx; with two legal values, served is open; with one value outside its domain (limit=5&limit=500), 400.',
  endpoints: ['menuItems', 'orders'],
  runs: 10,
  values: (tenant, endpoint) => repeatedParameters(endpoint, tenant),
  cursorTwice: true,
});

const blankProperty = outsideProperty({
  name: 'parameters.blank',
  description:
    'status, limit, activeOnly, locationId and categoryId given empty, as spaces only, or twice with one empty, on a first page and with a cursor: 400 (a place id: 404 or 400), never the list as if not given, never a 5xx.',
  endpoints: ['menuItems', 'orders'],
  runs: 4,
  values: (tenant, endpoint) => blankValues(tenant, endpoint),
  coverage: blankCoverage,
});

export const PARAMETERS = [
  statusOutsideProperty,
  activeOnlyOutsideProperty,
  limitOutsideProperty,
  searchOutsideProperty,
  placeOutsideProperty,
  cursorOutsideProperty,
  repeatedProperty,
  blankProperty,
  equivalentFormsProperty,
];
