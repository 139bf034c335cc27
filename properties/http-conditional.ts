/**
 * Conditional GET (RFC 9110 §13.1; spec §4: both endpoints are GET). A 304 tells a client that the
 * copy its validator names is the current page, so when a 200 carries an ETag or a Last-Modified:
 * another tenant's key sending that validator gets its own page, never a 304 (spec §5); on data that
 * changes, a validator from before a change gets no 304; a key's own validator on quiescent data may
 * get a 304, or the same page again. Every unconditional answer of these runs is judged too: a 304
 * to it is a failure. A target that sends no validators is not reached, and says so.
 */
import { notSharedCacheable } from '../lib/checks/not-shared-cacheable.ts';
import fc from 'fast-check';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { notModifiedJustified } from '../lib/checks/not-modified-justified.ts';
import { repeatGivesSamePage } from '../lib/checks/repeat-gives-same-page.ts';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import type { CoverageCell } from '../lib/props/coverage.ts';
import type { Survey, TenantSurvey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import { fixedCells, PAGE_KINDS, schemeOf, type PageSpot } from './http-pages.ts';
import { changing } from './http-changing.ts';
import {
  foreign,
  unchanged,
  NAME,
  VALIDATORS,
  type ConditionalInput,
  type Validator,
} from './http-validators.ts';
import { FULL_KEY } from './support.ts';
import { credential } from './walks.ts';

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
  checks: [notModifiedJustified.name, repeatGivesSamePage.name, errorBodyShape.name, notSharedCacheable.name],
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
