/**
 * What the HTTP-semantics properties share: the page a cell is about (a full key's first page of a
 * list, or the page its nextPageToken leads to, each judged by every page check on the way), the
 * comparison of two answers as pages, and a coverage phase of fixed cells.
 */
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { refusalDisclosesNothing } from '../lib/checks/refusal-discloses-nothing.ts';
import { notModifiedJustified } from '../lib/checks/not-modified-justified.ts';
import type { PageAnswer } from '../lib/checks/repeat-gives-same-page.ts';
import type { Failure } from '../lib/failure.ts';
import type { Endpoint } from '../lib/contract/endpoints.ts';
import type { ApiCall, AuthScheme, Query } from '../lib/http/call.ts';
import type { ApiResponse } from '../lib/http/response.ts';
import { runProbeChecks, runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { requestRecord } from '../lib/paging/records.ts';
import { startWalk, type WalkState } from '../lib/paging/walk.ts';
import { cellKey, type Coverage, type CoverageCell } from '../lib/props/coverage.ts';
import type { Survey } from '../lib/props/survey.ts';
import type { PropertyContext } from '../lib/props/types.ts';
import { stepWalk, verdict, walkSpecOf, type Answered } from './walks.ts';
import { steadiest } from '../lib/target/target.ts';

export type PageKind = 'first' | 'cursor';
export const PAGE_KINDS: readonly PageKind[] = ['first', 'cursor'];

/** Where a cell's requests go: a tenant's list, its first page or the next, via one header. */
export interface PageSpot {
  tenant: string;
  endpoint: Endpoint;
  page: PageKind;
  scheme: AuthScheme;
}

/** A cursor page's limit: small, so that a list of a few records has a second page. */
const CURSOR_LIMIT = 3;

/** `orders cursor page via serviceHeader`: a cell's place. */
export const spotWhere = ({ endpoint, page, scheme }: Omit<PageSpot, 'tenant'>): string =>
  `${endpoint} ${page} page via ${scheme}`;

/** The two schemes the spec names, taken in turn by the cells. */
export const schemeOf = (index: number): AuthScheme => (index % 2 === 0 ? 'bearer' : 'serviceHeader');

/**
 * The GET of `spot` with the tenant's full key (first pages at the default limit, or `query`), sent
 * and folded into a walk so that every page check judges it; a list with one page leaves a cursor
 * cell inconclusive.
 */
export async function servedPage(
  context: PropertyContext,
  survey: Survey,
  spot: PageSpot,
  query: Query = spot.page === 'cursor' ? { limit: String(CURSOR_LIMIT) } : {},
): Promise<Answered> {
  const state = startWalk(walkSpecOf({ ...spot, query }, 2, survey));
  const first = await stepWalk(context, state);
  judged(context, state, first, 'first page');
  if (spot.page === 'first' && first !== null) return first;
  if (state.end !== null)
    context.inconclusive(`${spot.tenant} ${spot.endpoint} has one page at limit ${CURSOR_LIMIT}`);
  const next = await stepWalk(context, state);
  judged(context, state, next, 'cursor page');
  if (next === null) context.inconclusive(`${spot.tenant} ${spot.endpoint}: no second page`);
  return next as Answered;
}

/** Ends the run on a walk's failures, a 304 to its unconditional request named first (not a page). */
function judged(context: PropertyContext, state: WalkState, answered: Answered | null, page: string): void {
  const notModified =
    answered === null ? [] : unasked(answered.call, answered, `${state.spec.credential.tenant}'s ${page}`);
  verdict(context, [...notModified, ...state.failures]);
}

/**
 * Whether two answers are the same page: status, hasMore and every record's whole text. Stricter
 * than repeat-gives-same-page (lib/canonical-json.ts differingField, which skips a field only one
 * answer shows) on purpose: a validator names a representation (RFC 9110 §8.8), so a field that
 * appeared or went makes another representation, and a 304 to the old validator is stale.
 */
export function samePage(a: PageAnswer, b: PageAnswer): boolean {
  if (a.status !== b.status || a.hasMore !== b.hasMore || a.records.size !== b.records.size) return false;
  for (const [id, text] of a.records) if (b.records.get(id) !== text) return false;
  return true;
}

/**
 * The tenant whose answers a property compares: a quiescent one, where two answers to one request
 * must be the same records; any tenant with a full key else (then only statuses are compared).
 */
export const comparedTenant = (survey: Survey): Survey['tenants'][number] | undefined =>
  steadiest(survey.tenants);

/** An input of a fixed cell. */
export interface CellInput {
  cell: CoverageCell;
}

/**
 * The coverage of fixed cells: every input is run once before the random runs, which draw from
 * `inputs` again; `unreachable` cells say why no input aims at them.
 */
export function fixedCells<Input extends CellInput>(
  inputs: readonly Input[],
  unreachable: readonly CoverageCell[],
): Coverage<Input> {
  return {
    cells: [...inputs.map((input) => input.cell), ...unreachable],
    examples: inputs,
    reached: (input) => [cellKey(input.cell)],
  };
}

/** A 304 to a request that sent no conditional header is a failure (RFC 9110 §15.4.5). */
export const unasked = (call: ApiCall, response: ApiResponse, request: string): Failure[] =>
  runWalkSetCheck(notModifiedJustified, { request, status: response.status, condition: null, stale: null }, [
    requestRecord(call, response.status),
  ]);

/** The refusals spec §7 names: one of them must be in the Error shape, whatever was asked. */
export const SPEC_ERRORS: ReadonlySet<number> = new Set([400, 401, 403, 404, 429]);

/** The Error shape of a refusal no walk folded (spec §7), and no record in it (spec §5). */
export const errorShape = (call: ApiCall, response: ApiResponse, request: string): Failure[] =>
  runProbeChecks([errorBodyShape, refusalDisclosesNothing], { call, response, probe: request });
