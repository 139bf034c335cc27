/**
 * The case of http.conditional on data that changes (properties/http-conditional.ts): a key's own
 * validators from before a change of its first page, sent once unconditional requests show the change.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Endpoint } from '../lib/contract/endpoints.ts';
import type { Query } from '../lib/http/call.ts';
import type { PageAnswer } from '../lib/checks/repeat-gives-same-page.ts';
import type { Failure } from '../lib/failure.ts';
import type { Survey } from '../lib/props/survey.ts';
import type { PropertyContext } from '../lib/props/types.ts';
import { errorShape, samePage, servedPage, unasked, type PageSpot } from './http-pages.ts';
import { answerOf } from './repeats.ts';
import { conditional, judge, send, HEADER, VALIDATORS, type ConditionalInput } from './http-validators.ts';
import { verdict, type Answered } from './walks.ts';

/** How long a run waits for changing data to change one of its pages, polling them in turn. */
const CHANGE_WAIT_MS = 4000;
const POLL_MS = 100;
/**
 * The lists a run holds and polls, each at limit 100: the first page of the whole list, and for
 * orders the active ones and the OPEN ones too. Data that changes by new records appended after
 * the first page, or by orders moving between states, changes one of these before the whole list's
 * first page.
 */
const CHANGING_QUERIES: Record<Endpoint, readonly Query[]> = {
  menuItems: [{ limit: '100' }],
  orders: [{ limit: '100' }, { activeOnly: 'true', limit: '100' }, { status: 'OPEN', limit: '100' }],
};

/** A held page, read as a page once, and the Date of its last unchanged answer. */
interface Held {
  served: Answered;
  answer: PageAnswer;
  unchangedAt: string | undefined;
}

/**
 * Polls the held pages unconditionally, in turn, until one differs from its held answer: that one
 * with the Date of its last unchanged answer, or null when none changed in time.
 */
async function awaitChange(context: PropertyContext, pages: readonly Answered[], failures: Failure[]) {
  const held: Held[] = pages.map((served) => ({
    served,
    answer: answerOf(served),
    unchangedAt: served.headers.date,
  }));
  for (const deadline = Date.now() + CHANGE_WAIT_MS; Date.now() < deadline;) {
    await sleep(POLL_MS);
    for (const each of held) {
      const again = await send(context, each.served.call);
      failures.push(...unasked(each.served.call, again, `${each.served.call.endpoint} first page, polled`));
      if (!samePage(answerOf(again), each.answer)) return each;
      each.unchangedAt = again.headers.date;
    }
  }
  return null;
}

/** `activeOnly=true&limit=100`: a held list in words. */
const described = (query: Query): string => new URLSearchParams(query).toString();

/** Server dates have whole seconds: a pause this long moves the next Date on by one at least. */
const NEXT_SECOND_MS = 1100;

const secondAfter = (answered: Answered): boolean => {
  const modified = answered.headers['last-modified'];
  return modified === undefined || Date.parse(answered.headers.date ?? '') >= Date.parse(modified) + 1000;
};

/**
 * The pages to hold, each served a second after its Last-Modified when it has one (its date then
 * tells a later change apart): all sent again once after a pause when one came within that second.
 */
async function secondAfterDate(context: PropertyContext, survey: Survey, spot: PageSpot) {
  const serveAll = () =>
    Promise.all(CHANGING_QUERIES[spot.endpoint].map((query) => servedPage(context, survey, spot, query)));
  const served = await serveAll();
  if (served.every(secondAfter)) return served;
  await sleep(NEXT_SECOND_MS);
  return serveAll();
}

/**
 * A key's own validators from before a change of its page. Last-Modified has whole seconds: it is
 * judged only when the page was still unchanged a second after the validator's date (the change came
 * in a later second, so a Last-Modified that follows changes is later than the validator).
 */
export async function changing(context: PropertyContext, survey: Survey, input: ConditionalInput) {
  const { spot } = input;
  const pages = await secondAfterDate(context, survey, spot);
  const carrying = pages.filter((page) =>
    VALIDATORS.some((validator) => page.headers[validator] !== undefined),
  );
  if (carrying.length === 0)
    return context.inconclusive(`${input.cell.where} carried no ETag or Last-Modified`);
  const failures: Failure[] = [];
  const change = await awaitChange(context, carrying, failures);
  verdict(context, failures);
  if (change === null)
    return context.inconclusive(
      `none of ${spot.tenant}'s ${spot.endpoint} lists ${CHANGING_QUERIES[spot.endpoint].map(described).join(', ')} changed within ${CHANGE_WAIT_MS / 1000} s`,
    );
  const { served } = change;
  const sent = VALIDATORS.filter((validator) => served.headers[validator] !== undefined);
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
