/**
 * The I/O loops of the property runs: walks (whole, or their first pages) and single probes, both
 * through the recording client, both judged by the lib/checks registry and nothing else.
 */
import { canonicalJson } from '../lib/canonical-json.ts';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { tenantIsolation } from '../lib/checks/tenant-isolation.ts';
import { refusalDisclosesNothing } from '../lib/checks/refusal-discloses-nothing.ts';
import fc from 'fast-check';
import type { Endpoint } from '../lib/contract/endpoints.ts';
import type { ProbeCheck } from '../lib/checks/types.ts';
import { isError, type Failure } from '../lib/failure.ts';
import type { ApiCall, AuthScheme, Credential, CredentialRole, Query } from '../lib/http/call.ts';
import { isClientError, type ApiResponse } from '../lib/http/response.ts';
import { runProbeChecks } from '../lib/paging/run-checks.ts';
import { foldPage, nextCall, startWalk, type WalkSpec, type WalkState } from '../lib/paging/walk.ts';
import { walkList, type Walk, type WalkOptions } from '../lib/paging/walk-list.ts';
import { foreignOwner, recordOwners, type Survey } from '../lib/props/survey.ts';
import { ContractViolation } from '../lib/props/transcript.ts';
import type { PropertyContext } from '../lib/props/types.ts';

export const credential = (
  tenant: string,
  role: CredentialRole,
  scheme: AuthScheme = 'bearer',
): Credential => ({
  tenant,
  role,
  scheme,
});

/**
 * Walks until the list ends, or until `pages` pages when only a prefix is needed. `paceMs` spaces
 * the pages out, so data that changes has time to change during the walk.
 */
export async function walk(
  context: PropertyContext,
  spec: WalkSpec,
  pages = Infinity,
  paceMs = 0,
  onPage?: WalkOptions['onPage'],
): Promise<Walk> {
  const deadlineMs = Date.now() + context.budget.walkMs;
  const walked = await walkList(context.client, spec, { deadlineMs, pages, paceMs, onPage });
  preWithinBudget(context, walked);
  return walked;
}

/**
 * A walk that ran out of its page or time budget proves nothing either way: the run is
 * inconclusive (never a failure), and the list is named as too long for the budget.
 */
export function preWithinBudget(context: PropertyContext, state: WalkState): void {
  const budget = budgetReached(context, state);
  if (budget !== null)
    context.tooLong({
      list: listName(state.spec),
      why: `more than ${state.ids.size.toLocaleString('en-US')} records (still going after ${budget})`,
    });
  fc.pre(budget === null);
}

/** The budget a walk ran out of, in words, or null when it ended otherwise. */
function budgetReached(context: PropertyContext, state: WalkState): string | null {
  if (state.end === 'budget-reached') return `${state.pageCount} pages`;
  if (state.end === 'timed-out') return `${context.budget.walkMs / 1000} s`;
  return null;
}

/** `tenant-a orders status=PAID`: the list a walk reads, its filters named, not its limit. */
function listName(spec: WalkSpec): string {
  const filters = Object.entries(spec.query).filter(([name]) => name !== 'limit' && name !== 'cursor');
  return [spec.credential.tenant, spec.endpoint, ...filters.map(([name, value]) => `${name}=${value}`)].join(
    ' ',
  );
}

export interface WalkInput {
  endpoint: Endpoint;
  tenant: string;
  query: Query;
  scheme?: AuthScheme;
  /**
   * Limits taken in turn, page by page, cycling (page n asks `limits[n % length]`): a walk whose
   * limit changes between pages, which spec §4.3 rule 4 allows (it binds filters, not the
   * limit). Overrides any limit in `query`.
   */
  limits?: readonly number[];
}

/** Page n's limit when the walk takes `limits` in turn. */
const limitInTurn =
  (limits: readonly number[]) =>
  (page: number): string | undefined => {
    const limit = limits[page % limits.length];
    return limit === undefined ? undefined : String(limit);
  };

/** A walk of `tenant`'s full key whose pages are also checked for records of other tenants. */
export function walkSpecOf(input: WalkInput, maxPages: number, survey: Survey): WalkSpec {
  const { limits } = input;
  const first = limits?.[0];
  return {
    endpoint: input.endpoint,
    query: first === undefined ? input.query : { ...input.query, limit: String(first) },
    credential: credential(input.tenant, 'full', input.scheme),
    maxPages,
    foreignOwner: foreignOwner(survey, input.tenant),
    ...(limits !== undefined && limits.length > 1 ? { limitOfPage: limitInTurn(limits) } : {}),
  };
}

/**
 * Each record a walk's 200 pages carried, by id, as canonical JSON (every field, keys sorted), and
 * the onPage hook of `walk` that collects them.
 */
export function recordCollector(): { records: Map<string, string>; onPage: WalkOptions['onPage'] } {
  const records = new Map<string, string>();
  return {
    records,
    onPage(_state, _call, response) {
      const data = (response.body as { data?: unknown } | undefined)?.data;
      if (response.status !== 200 || !Array.isArray(data)) return;
      for (const record of data as { id?: unknown }[]) records.set(String(record?.id), canonicalJson(record));
    },
  };
}

/** Sends one request and runs one probe check on it; `probe` says in words what was sent. */
export async function probe(
  context: PropertyContext,
  call: ApiCall,
  check: ProbeCheck,
  description: string,
): Promise<{ response: ApiResponse; failures: Failure[] }> {
  const response = await context.client.send(call);
  // Every refusal a probe meets is judged by its Error shape too (spec §7), whatever the probe is
  // for, and must disclose no record (spec §5).
  const checks = [...new Set([check, errorBodyShape, refusalDisclosesNothing])];
  const recordOwner = recordOwners(await context.survey());
  const failures = runProbeChecks(checks, { call, response, probe: description, recordOwner });
  return { response, failures: [...failures, ...(await servedIsolation(context, call, response))] };
}

/**
 * tenant-isolation on an answer a probe was served (spec §5): another tenant's id anywhere in it is a
 * leak there as on a walk's page. Nothing for a refusal, for a call sent without a usable key, or
 * for one with a second key of another tenant (whose data two-keys-served-alone and key-rejected
 * judge: either tenant's may be the one served).
 */
export async function servedIsolation(
  context: PropertyContext,
  call: ApiCall,
  response: ApiResponse,
): Promise<Failure[]> {
  const { role, tenant, second } = call.credential;
  if (response.status !== 200 || role === 'none' || role === 'malformed') return [];
  if (second !== undefined && second.tenant !== tenant) return [];
  const owner = foreignOwner(await context.survey(), tenant);
  const spec = { endpoint: call.endpoint, query: call.query, credential: call.credential, maxPages: 1 };
  return foldPage(startWalk({ ...spec, foreignOwner: owner }), call, response, [tenantIsolation]);
}

/** Ends a run: errors fail it with the run's transcript, advisories are only reported. */
export function verdict(context: PropertyContext, failures: readonly Failure[]): void {
  for (const failure of failures.filter((entry) => !isError(entry))) context.advise(failure);
  const errors = failures.filter(isError);
  if (errors.length > 0) throw new ContractViolation(errors, context.client.transcript());
}

/** A response with the call that got it. */
export type Answered = ApiResponse & { call: ApiCall };

/**
 * Sends the next page of `state` through the recording client and folds it into the walk (every
 * page check runs); null when the walk has ended. `refusable`: a 4xx is returned unfolded, for a
 * property to which a refusal is an allowed answer (a cursor that expired during a pause).
 */
export async function stepWalk(
  context: PropertyContext,
  state: WalkState,
  options: { refusable?: boolean } = {},
): Promise<Answered | null> {
  const call = nextCall(state);
  if (call === null) return null;
  const response = await context.client.send(call);
  const refused = isClientError(response.status);
  if (!(options.refusable && refused)) foldPage(state, call, response);
  return { ...response, call };
}

/** The first page of a walk, judged by every page check and by `check` as a probe. */
export async function probeFirstPage(
  context: PropertyContext,
  spec: WalkSpec,
  check: ProbeCheck,
  description: string,
): Promise<Failure[]> {
  const state = startWalk(spec);
  const call = nextCall(state);
  if (call === null) return [];
  const response = await context.client.send(call);
  foldPage(state, call, response);
  return [...state.failures, ...runProbeChecks([check], { call, response, probe: description })];
}
