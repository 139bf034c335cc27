/**
 * The cases of http.conditional that send one validator once (properties/http-conditional.ts):
 * another tenant's, and a key's own on quiescent data; the shared pieces of the conditional requests.
 */
import { notModifiedJustified, type Condition } from '../lib/checks/not-modified-justified.ts';
import type { ApiCall } from '../lib/http/call.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { requestRecord } from '../lib/paging/records.ts';
import type { Survey } from '../lib/props/survey.ts';
import type { PropertyContext } from '../lib/props/types.ts';
import { errorShape, samePage, servedPage, type CellInput, type PageSpot } from './http-pages.ts';
import { answerOf, compared } from './repeats.ts';
import { verdict, type Answered } from './walks.ts';
import { isQuiescent } from '../lib/target/target.ts';

export type Validator = 'etag' | 'last-modified';
export const VALIDATORS: readonly Validator[] = ['etag', 'last-modified'];
export const HEADER: Record<Validator, Condition['header']> = {
  etag: 'if-none-match',
  'last-modified': 'if-modified-since',
};
export const NAME: Record<Validator, string> = { etag: 'ETag', 'last-modified': 'Last-Modified' };

type Case =
  | { kind: 'foreign'; validator: Validator; from: string }
  | { kind: 'unchanged'; validator: Validator }
  | { kind: 'changing' };

export interface ConditionalInput extends CellInput {
  spot: PageSpot;
  case: Case;
}

export const send = (context: PropertyContext, call: ApiCall) => context.client.send(call);

/** The call of `served` with one conditional header. */
export const conditional = (served: Answered, validator: Validator, value: string): ApiCall => ({
  ...served.call,
  headers: { [HEADER[validator]]: value },
});

export const judge = (
  call: ApiCall,
  status: number,
  request: string,
  condition: Condition,
  stale: string | null,
) =>
  runWalkSetCheck(notModifiedJustified, { request, status, condition, stale }, [requestRecord(call, status)]);

/** A validator from the page of another tenant, sent with this tenant's key (spot.tenant). */
export async function foreign(
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
  const sameData = answer.status === 304 || !isQuiescent(survey.tenants, spot.tenant);
  verdict(context, [
    ...judge(call, answer.status, request, condition, stale),
    ...(sameData ? [] : compared(call, own, answer, `${request} with ${from}'s ${NAME[validator]}`)),
    ...errorShape(call, answer, request),
  ]);
}

/** A key's own validator on quiescent data: a 304, or the same page again. */
export async function unchanged(
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
