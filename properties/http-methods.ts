/**
 * Other methods than GET (spec §4: both endpoints use GET): POST, PUT, PATCH, DELETE, OPTIONS and a
 * method no registry lists, sent to each list's first page and a page its cursor reaches, with a
 * tenant's full key via either header and with no key; each write method with no body, `{}` and a
 * record-shaped JSON body. Judged only where the answer is a definite violation: a server error
 * other than 501, a write answered 2xx or 3xx (spec §1: read-only), a 405 without an Allow that
 * lists GET, a refusal of a status spec §7 names outside the Error shape, and on quiescent data a
 * page or the whole list that changed.
 */
import fc from 'fast-check';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { otherMethodRefused } from '../lib/checks/other-method-refused.ts';
import { otherRouteRefused } from '../lib/checks/other-route-refused.ts';
import { repeatGivesSamePage } from '../lib/checks/repeat-gives-same-page.ts';
import { ENDPOINTS } from '../lib/contract/endpoints.ts';
import type { Failure } from '../lib/failure.ts';
import { OTHER_METHODS, UNKNOWN_METHOD, type ApiCall, type CredentialRole } from '../lib/http/call.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { requestRecord } from '../lib/paging/records.ts';
import type { Survey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import {
  errorShape,
  fixedCells,
  PAGE_KINDS,
  servedPage,
  SPEC_ERRORS,
  spotWhere,
  type CellInput,
  type PageSpot,
} from './http-pages.ts';
import { bodiesOf, wholeListUnchanged, withBody, type SentBody } from './http-writes.ts';
import { otherRoutes } from './http-routes.ts';
import { compared } from './repeats.ts';
import { FULL_KEY } from './support.ts';
import { credential, verdict, type Answered } from './walks.ts';
import { isQuiescent, steadiest } from '../lib/target/target.ts';

interface MethodInput extends CellInput {
  spot: PageSpot;
  /** The key the other methods are sent with: the tenant's full key, or none. */
  role: CredentialRole;
}

/** Every cell: both lists, first and cursor pages, a full key via each header and no key. */
function methodCells(survey: Survey) {
  // A tenant whose data holds still, when there is one: only there can "unchanged" be judged.
  const tenant = steadiest(survey.tenants)?.name ?? '';
  const inputs: MethodInput[] = [];
  for (const endpoint of ENDPOINTS)
    for (const page of PAGE_KINDS)
      for (const [scheme, role] of [
        ['bearer', 'full'],
        ['serviceHeader', 'full'],
        ['bearer', 'none'],
      ] as const) {
        const where = spotWhere({ endpoint, page, scheme });
        const label = role === 'none' ? 'no key' : 'full key';
        inputs.push({ cell: { where, label }, spot: { tenant, endpoint, page, scheme }, role });
      }
  return fixedCells(inputs, []);
}

/** One other method sent where the served page was, with one body, and what its answer broke. */
async function sendOther(
  context: PropertyContext,
  served: Answered,
  method: (typeof OTHER_METHODS)[number],
  { cell, spot, role }: MethodInput,
  sent: SentBody,
): Promise<Failure[]> {
  const bare: ApiCall = { ...served.call, method, credential: credential(spot.tenant, role, spot.scheme) };
  const call = withBody(bare, sent);
  const response = await context.client.send(call);
  const request = `${method} with ${cell.label} and ${sent.label}, ${cell.where}`;
  const answer = { request, method, status: response.status, allow: response.headers.allow };
  const failures = runWalkSetCheck(otherMethodRefused, answer, [requestRecord(call, response.status)]);
  // A method no server knows may be refused before the API reads it (by the HTTP parser, a proxy).
  if (method !== UNKNOWN_METHOD && SPEC_ERRORS.has(response.status))
    failures.push(...errorShape(call, response, request));
  return failures;
}

export const otherMethodsProperty = defineProperty({
  name: 'http.other-methods',
  family: 'http',
  description:
    'POST, PUT, PATCH, DELETE (with no body, {} and a record as JSON), OPTIONS and an unknown method, on first and cursor pages of both lists, with a full key via both headers and with none: never a 5xx but 501, never a write answered 2xx/3xx, a 405 with Allow listing GET, a 400/401/403/404 in the Error shape, and on quiescent data the page and the whole list unchanged.',
  checks: [otherMethodRefused.name, otherRouteRefused.name, errorBodyShape.name, repeatGivesSamePage.name],
  needs: [FULL_KEY],
  runs: 4,
  async prepare(context) {
    const survey = await context.survey();
    const coverage = methodCells(survey);
    return prepared(
      fc.constantFrom(...coverage.examples),
      async (input) => {
        const served = await servedPage(context, survey, input.spot);
        const failures: Failure[] = [];
        // Paths beside the list are asked once per list and header: on its first page's cells.
        if (input.role === 'full' && input.spot.page === 'first')
          failures.push(...(await otherRoutes(context, survey, input.spot, served)));
        for (const method of OTHER_METHODS)
          for (const sent of bodiesOf(method, served))
            failures.push(...(await sendOther(context, served, method, input, sent)));
        if (isQuiescent(survey.tenants, input.spot.tenant)) {
          // Safe methods aside, none of these may have changed what GET reads (spec §1: no writes).
          const again = await context.client.send(served.call);
          failures.push(
            ...compared(served.call, served, again, `${input.cell.where}, read before and after`),
            // A write only a key could make: the whole list (a walk) is read again after a full key's.
            ...(input.role === 'full' ? await wholeListUnchanged(context, survey, input.spot) : []),
          );
        }
        verdict(context, failures);
      },
      coverage,
    );
  },
});
