/**
 * Conditional GET (RFC 9110 §13.1; spec §4: both endpoints are GET). A 304 tells a client that the
 * copy its validator names is the current page, so when a 200 carries an ETag or a Last-Modified:
 * another tenant's key sending that validator gets its own page, never a 304 (spec §5); on data that
 * changes, a validator from before a change gets no 304; a key's own validator on quiescent data may
 * get a 304, or the same page again. Every unconditional answer of these runs is judged too: a 304
 * to it is a failure. A target that sends no validators is not reached, and says so.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { notModifiedJustified, type Condition } from '../lib/checks/not-modified-justified.ts';
import { repeatGivesSamePage } from '../lib/checks/repeat-gives-same-page.ts';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import type { Failure } from '../lib/failure.ts';
import type { ApiCall } from '../lib/http/call.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { requestRecord } from '../lib/paging/records.ts';
import type { CoverageCell } from '../lib/props/coverage.ts';
import type { Survey, TenantSurvey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import {
  errorShape,
  fixedCells,
  PAGE_KINDS,
  samePage,
  schemeOf,
  servedPage,
  unasked,
  type CellInput,
  type PageSpot,
} from './http-pages.ts';
import { answerOf, compared } from './repeats.ts';
import { FULL_KEY } from './support.ts';
import { credential, verdict, type Answered } from './walks.ts';

type Validator = 'etag' | 'last-modified';
const VALIDATORS: readonly Validator[] = ['etag', 'last-modified'];
const HEADER: Record<Validator, Condition['header']> = {
  etag: 'if-none-match',
  'last-modified': 'if-modified-since',
};
const NAME: Record<Validator, string> = { etag: 'ETag', 'last-modified': 'Last-Modified' };

/** How long a run waits for changing data to change a first page, polling it. */
const CHANGE_WAIT_MS = 1500;
const POLL_MS = 50;
/** Menu items change one at a time: their first page at limit 100 changes most often. */
const CHANGING_QUERY: Record<Endpoint, Record<string, string>> = { menuItems: { limit: '100' }, orders: {} };

type Case =
  | { kind: 'foreign'; validator: Validator; from: string }
  | { kind: 'unchanged'; validator: Validator }
  | { kind: 'changing' };

interface ConditionalInput extends CellInput {
  spot: PageSpot;
  case: Case;
}

const send = (context: PropertyContext, call: ApiCall) => context.client.send(call);

/** The call of `served` with one conditional header. */
const conditional = (served: Answered, validator: Validator, value: string): ApiCall => ({
  ...served.call,
  headers: { [HEADER[validator]]: value },
});

const judge = (call: ApiCall, status: number, request: string, condition: Condition, stale: string | null) =>
  runWalkSetCheck(notModifiedJustified, { request, status, condition, stale }, [requestRecord(call, status)]);

/** A validator from the page of another tenant, sent with this tenant's key (spot.tenant). */
async function foreign(
  context: PropertyContext,
  survey: Survey,
  input: ConditionalInput,
  validator: Validator,
  from: string,
) {
  const { spot } = input;
  const theirs = await servedPage(context, survey, { ...spot, tenant: from, scheme: 'bearer' });
  const value = theirs.headers[validator];
  if (value === undefined)
    return context.inconclusive(`${from}'s ${input.cell.where} carried no ${NAME[validator]}`);
  const own = await servedPage(context, survey, spot);
  const [their, mine] = [answerOf(theirs), answerOf(own)];
  if (samePage(their, mine)) return context.inconclusive(`${from}'s and ${spot.tenant}'s pages are alike`);
  const ownDate = own.headers['last-modified'];
  const stale =
    validator === 'etag'
      ? `it is ${spot.tenant}'s key, whose page (${mine.ids.size} records) is not ${from}'s (${their.ids.size} records)`
      : ownDate !== undefined && Date.parse(ownDate) > Date.parse(value)
        ? `${spot.tenant}'s own page says Last-Modified: ${ownDate}, later than that`
        : null;
  if (stale === null)
    return context.inconclusive(
      `${spot.tenant}'s own page is not later than ${from}'s Last-Modified: a date cannot tell`,
    );
  const call = conditional(own, validator, value);
  const answer = await send(context, call);
  const request = `${spot.tenant}'s ${input.cell.where}`;
  const condition = { header: HEADER[validator], value, from: `${from}'s page` };
  const sameData = answer.status === 304 || !survey.tenants.find((t) => t.name === spot.tenant)?.quiescent;
  verdict(context, [
    ...judge(call, answer.status, request, condition, stale),
    ...(sameData ? [] : compared(call, own, answer, `${request} with ${from}'s ${NAME[validator]}`)),
    ...errorShape(call, answer, request),
  ]);
}

/** A key's own validator on quiescent data: a 304, or the same page again. */
async function unchanged(
  context: PropertyContext,
  survey: Survey,
  input: ConditionalInput,
  validator: Validator,
) {
  const served = await servedPage(context, survey, input.spot);
  const value = served.headers[validator];
  if (value === undefined) return context.inconclusive(`${input.cell.where} carried no ${NAME[validator]}`);
  const call = conditional(served, validator, value);
  const answer = await send(context, call);
  const request = `${input.spot.tenant}'s ${input.cell.where}`;
  const condition = { header: HEADER[validator], value, from: 'its own page' };
  verdict(context, [
    ...judge(call, answer.status, request, condition, null),
    ...(answer.status === 304
      ? []
      : compared(call, served, answer, `${request} with its own ${NAME[validator]}`)),
    ...errorShape(call, answer, request),
  ]);
}

/** Polls the page unconditionally until it differs from `held`: the changed answer and the last unchanged one's Date. */
async function awaitChange(context: PropertyContext, served: Answered, failures: Failure[]) {
  const held = answerOf(served);
  let unchangedAt = served.headers.date;
  for (const deadline = Date.now() + CHANGE_WAIT_MS; Date.now() < deadline;) {
    await sleep(POLL_MS);
    const again = await send(context, served.call);
    failures.push(...unasked(served.call, again, `${served.call.endpoint} first page, polled`));
    if (!samePage(answerOf(again), held)) return { unchangedAt };
    unchangedAt = again.headers.date;
  }
  return null;
}

/**
 * A key's own validators from before a change of its page. Last-Modified has whole seconds: it is
 * judged only when the page was still unchanged a second after the validator's date (the change came
 * in a later second, so a Last-Modified that follows changes is later than the validator).
 */
async function changing(context: PropertyContext, survey: Survey, input: ConditionalInput) {
  const { spot } = input;
  const served = await servedPage(context, survey, spot, CHANGING_QUERY[spot.endpoint]);
  const sent = VALIDATORS.filter((validator) => served.headers[validator] !== undefined);
  if (sent.length === 0) return context.inconclusive(`${input.cell.where} carried no ETag or Last-Modified`);
  const failures: Failure[] = [];
  const change = await awaitChange(context, served, failures);
  verdict(context, failures);
  if (change === null)
    return context.inconclusive(
      `${spot.tenant}'s ${input.cell.where} did not change within ${CHANGE_WAIT_MS / 1000} s`,
    );
  let judged = 0;
  for (const validator of sent) {
    const value = served.headers[validator] as string;
    const call = conditional(served, validator, value);
    const answer = await send(context, call);
    const after = await send(context, served.call);
    failures.push(
      ...unasked(served.call, after, `${spot.tenant}'s ${input.cell.where}, again`),
      ...errorShape(call, answer, input.cell.where),
    );
    const secondLater = Date.parse(change.unchangedAt ?? '') >= Date.parse(value) + 1000;
    if (validator === 'last-modified' && !secondLater) continue;
    judged += 1;
    const stale = samePage(answerOf(after), answerOf(served))
      ? null
      : 'unconditional requests before and after it showed the page changed since';
    const condition = { header: HEADER[validator], value, from: 'its own page before the change' };
    failures.push(...judge(call, answer.status, `${spot.tenant}'s ${input.cell.where}`, condition, stale));
  }
  verdict(context, failures);
  if (judged === 0)
    context.inconclusive('the page changed within the second of its Last-Modified: a date cannot tell');
}

/** Which validators each endpoint's first page carries, by a request outside any run; null when it could not tell. */
async function validatorsSent(context: PropertyContext, tenant: TenantSurvey) {
  const sent = new Map<Endpoint, Set<Validator>>();
  for (const endpoint of ENDPOINTS) {
    const response = await context.raw.send({
      endpoint,
      query: {},
      credential: credential(tenant.name, 'full'),
    });
    if (response.status !== 200) return null;
    sent.set(endpoint, new Set(VALIDATORS.filter((validator) => response.headers[validator] !== undefined)));
  }
  return sent;
}

const LABEL = {
  foreign: (validator: Validator) => `another tenant's ${NAME[validator]}`,
  unchanged: (validator: Validator) => `own ${NAME[validator]}, data unchanged`,
  changing: 'own validators, data changing',
};

/**
 * Who sends another tenant's validator, and whose it is. An ETag: a quiescent tenant sends it (its
 * page again, if not a 304, must be the same). A Last-Modified is a date, not a tenant's: only a
 * page that changed after it must not be a 304, so a tenant whose data changes sends a quiescent
 * one's.
 */
function foreignPair(
  survey: Survey,
  validator: Validator,
): [TenantSurvey | undefined, TenantSurvey | undefined] {
  const quiet = survey.tenants.find((tenant) => tenant.quiescent);
  const moving = survey.tenants.find((tenant) => !tenant.quiescent);
  const sender = (validator === 'etag' ? quiet : moving) ?? survey.tenants[0];
  const source =
    (validator === 'etag' ? moving : quiet) ?? survey.tenants.find((tenant) => tenant !== sender);
  return [sender, source === sender ? undefined : source];
}

function conditionalCells(survey: Survey, sent: Map<Endpoint, Set<Validator>> | null) {
  const inputs: ConditionalInput[] = [];
  const unreachable: CoverageCell[] = [];
  const quiet = survey.tenants.find((tenant) => tenant.quiescent);
  const moving = survey.tenants.find((tenant) => !tenant.quiescent);
  const add = (cell: CoverageCell, why: string | null, input: () => ConditionalInput) =>
    why === null ? inputs.push(input()) : unreachable.push({ ...cell, why });
  const lacks = (endpoint: Endpoint, validator: Validator) =>
    sent !== null && !sent.get(endpoint)?.has(validator)
      ? `the target sends no ${NAME[validator]} on ${endpoint}`
      : null;
  let index = 0;
  for (const endpoint of ENDPOINTS) {
    for (const page of PAGE_KINDS)
      for (const validator of VALIDATORS) {
        const where = `${endpoint} ${page} page`;
        const scheme = schemeOf((index += 1));
        const spot = (tenant: string): PageSpot => ({ tenant, endpoint, page, scheme });
        const foreignCell = { where, label: LABEL.foreign(validator) };
        const [sender, source] = foreignPair(survey, validator);
        add(
          foreignCell,
          lacks(endpoint, validator) ?? (source === undefined ? 'one tenant with a full key' : null),
          () => ({
            cell: foreignCell,
            spot: spot(sender?.name ?? ''),
            case: { kind: 'foreign', validator, from: source?.name ?? '' },
          }),
        );
        const unchangedCell = { where, label: LABEL.unchanged(validator) };
        add(
          unchangedCell,
          lacks(endpoint, validator) ?? (quiet === undefined ? 'no quiescent tenant' : null),
          () => ({
            cell: unchangedCell,
            spot: spot(quiet?.name ?? ''),
            case: { kind: 'unchanged', validator },
          }),
        );
      }
    const changingCell = { where: `${endpoint} first page`, label: LABEL.changing };
    const none =
      sent !== null && sent.get(endpoint)?.size === 0
        ? `the target sends no ETag or Last-Modified on ${endpoint}`
        : null;
    add(
      changingCell,
      none ??
        (moving === undefined ? 'no tenant whose data changes (quiescent: false in the target file)' : null),
      () => ({
        cell: changingCell,
        spot: { tenant: moving?.name ?? '', endpoint, page: 'first', scheme: 'bearer' },
        case: { kind: 'changing' },
      }),
    );
  }
  return fixedCells(inputs, unreachable);
}

export const conditionalProperty = defineProperty({
  name: 'http.conditional',
  family: 'http',
  description:
    "A 304 answers only a key's own current validator (RFC 9110 §13.1): never another tenant's ETag or Last-Modified, never one from before its data changed, never an unconditional request; a 304 or the same page to its own on quiescent data.",
  checks: [notModifiedJustified.name, repeatGivesSamePage.name, errorBodyShape.name],
  needs: [FULL_KEY],
  runs: 4,
  async prepare(context) {
    const survey = await context.survey();
    const first = survey.tenants[0];
    if (first === undefined) return { skip: 'no tenant with a full key' };
    const sent = await validatorsSent(context, first);
    if (sent !== null && [...sent.values()].every((validators) => validators.size === 0))
      return {
        skip: 'inconclusive: not reached: the target sends no ETag or Last-Modified (RFC 9110 §8.8), so no request of it can be conditional',
      };
    const all = conditionalCells(survey, sent);
    // Random runs leave out the cells that wait for data to change.
    const quick = all.examples.filter((input) => input.case.kind !== 'changing');
    return prepared(
      fc.constantFrom(...(quick.length > 0 ? quick : all.examples)),
      async (input) => {
        const { case: which } = input;
        if (which.kind === 'foreign') await foreign(context, survey, input, which.validator, which.from);
        else if (which.kind === 'unchanged') await unchanged(context, survey, input, which.validator);
        else await changing(context, survey, input);
      },
      all,
    );
  },
});
