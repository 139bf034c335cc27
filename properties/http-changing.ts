/**
 * The case of http.conditional on data that changes (properties/http-conditional.ts): a key's own
 * validators from before a change of its first page, sent once unconditional requests show the change.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Endpoint } from '../lib/contract/endpoints.ts';
import type { Failure } from '../lib/failure.ts';
import type { Survey } from '../lib/props/survey.ts';
import type { PropertyContext } from '../lib/props/types.ts';
import { errorShape, samePage, servedPage, unasked, type PageSpot } from './http-pages.ts';
import { answerOf } from './repeats.ts';
import { conditional, judge, send, HEADER, VALIDATORS, type ConditionalInput } from './http-validators.ts';
import { verdict, type Answered } from './walks.ts';

/** How long a run waits for changing data to change a first page, polling it. */
const CHANGE_WAIT_MS = 1500;
const POLL_MS = 50;
/** Menu items change one at a time: their first page at limit 100 changes most often. */
const CHANGING_QUERY: Record<Endpoint, Record<string, string>> = { menuItems: { limit: '100' }, orders: {} };

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

/** Server dates have whole seconds: a pause this long moves the next Date on by one at least. */
const NEXT_SECOND_MS = 1100;

const secondAfter = (answered: Answered): boolean => {
  const modified = answered.headers['last-modified'];
  return modified === undefined || Date.parse(answered.headers.date ?? '') >= Date.parse(modified) + 1000;
};

/**
 * The page to hold, served a second after its Last-Modified when it has one (its date then tells a
 * later change apart): sent again once after a pause when the first answer came within that second.
 */
async function secondAfterDate(context: PropertyContext, survey: Survey, spot: PageSpot) {
  const served = await servedPage(context, survey, spot, CHANGING_QUERY[spot.endpoint]);
  if (secondAfter(served)) return served;
  await sleep(NEXT_SECOND_MS);
  return servedPage(context, survey, spot, CHANGING_QUERY[spot.endpoint]);
}

/**
 * A key's own validators from before a change of its page. Last-Modified has whole seconds: it is
 * judged only when the page was still unchanged a second after the validator's date (the change came
 * in a later second, so a Last-Modified that follows changes is later than the validator).
 */
export async function changing(context: PropertyContext, survey: Survey, input: ConditionalInput) {
  const { spot } = input;
  const served = await secondAfterDate(context, survey, spot);
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
