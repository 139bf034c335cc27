/**
 * The shape every parameters.* property of one parameter's outside shares: draw a legal request
 * of a list (any filters, any limit, page 1 or 2, either scheme) and the outside values of one run,
 * then send each in place of the request's own and judge it (params-outside-judge.ts).
 */
import fc from 'fast-check';
import type { Endpoint } from '../lib/contract/endpoints.ts';
import type { Coverage } from '../lib/props/coverage.ts';
import { spellingMeansValue } from '../lib/checks/spelling-means-value.ts';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { refusalDisclosesNothing } from '../lib/checks/refusal-discloses-nothing.ts';
import { tenantIsolation } from '../lib/checks/tenant-isolation.ts';
import { invalidParameterRejected } from '../lib/checks/invalid-parameter-rejected.ts';
import type { ProbeCheck } from '../lib/checks/types.ts';
import type { Survey, TenantSurvey } from '../lib/props/survey.ts';
import { defineProperty, prepared } from '../lib/props/types.ts';
import type { Outside } from './arbitraries/outside.ts';
import { listRequest, type ListRequest } from './arbitraries/requests.ts';
import { probeOutside } from './params-outside-judge.ts';
import { sentQuery } from './probes.ts';
import { FULL_KEY, listSources, tenantSurvey } from './support.ts';
import { verdict } from './walks.ts';

/** One run's input: a legal request and the outside values sent in it, one at a time. */
export interface OutsideInput {
  request: ListRequest;
  values: Outside[];
}

/** One parameters.* property: its name, what it sends and what it judges beyond the common checks. */
interface OutsideSpec {
  name: string;
  description: string;
  endpoints: readonly Endpoint[];
  runs: number;
  /** The outside values of one run, for a request of this tenant's list of `endpoint`. */
  values(tenant: TenantSurvey, endpoint: Endpoint, survey: Survey): fc.Arbitrary<Outside[]>;
  /** Inputs run before the random ones, each a cell: what must be sent on every run. */
  coverage?: (survey: Survey) => Coverage<OutsideInput>;
  /** Judge the values no tenant has (an unknown id or cursor) besides invalid-parameter-rejected. */
  unknown?: readonly ProbeCheck[];
  /** Page 2 also sends its cursor twice. */
  cursorTwice?: boolean;
  /** A served spelling of a value the spec names is judged as that value (spelling-means-value). */
  spellings?: boolean;
}

const cursorTwice = (cursor: string): Outside => ({
  name: 'cursor',
  encoded: [cursor, cursor].map(encodeURIComponent),
  kind: 'a parameter given twice',
  unknown: false,
});

/** A parameters.* property of one parameter's outside, as `spec` describes it. */
export const outsideProperty = (spec: OutsideSpec) =>
  defineProperty({
    name: spec.name,
    family: 'parameters',
    description: spec.description,
    checks: [
      invalidParameterRejected.name,
      errorBodyShape.name,
      refusalDisclosesNothing.name,
      tenantIsolation.name,
      ...(spec.unknown ?? []).map((check) => check.name),
      ...(spec.spellings ? [spellingMeansValue.name] : []),
    ],
    needs: [FULL_KEY],
    runs: spec.runs,
    async prepare(context) {
      const survey = await context.survey();
      const sources = listSources(context.target, survey);
      const options = { cursor: 'maybe' as const, endpoints: spec.endpoints };
      const arbitrary = listRequest(context.target, sources, options).chain((request) =>
        spec
          .values(tenantSurvey(survey, request.tenant), request.endpoint, survey)
          .map((values): OutsideInput => ({ request, values })),
      );
      const run = async ({ request, values }: OutsideInput) => {
        const query = await sentQuery(context, survey, request);
        const cursor = spec.cursorTwice ? query.cursor : undefined;
        const all = cursor === undefined ? values : [...values, cursorTwice(cursor)];
        const { quiescent } = tenantSurvey(survey, request.tenant);
        verdict(context, await probeOutside(context, request, query, all, { ...spec, quiescent }));
      };
      return prepared(arbitrary, run, spec.coverage?.(survey));
    },
  });
