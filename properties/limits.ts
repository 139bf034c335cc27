/** Limits (spec §4, §4.3 rule 6, §8): 1..100 is served as asked; anything else is a 400. */
import fc from 'fast-check';
import { LIMITS } from '../lib/contract/endpoints.ts';
import { limitBoundsEnforced } from '../lib/checks/limit-bounds-enforced.ts';
import { invalidLimit } from './arbitraries/limits.ts';
import { listChoice } from './arbitraries/lists.ts';
import { listRequest } from './arbitraries/requests.ts';
import { probeProperty } from './probes.ts';
import { FULL_KEY, listSources } from './support.ts';
import { tenantNames } from '../lib/props/survey.ts';
import { defineProperty, prepared } from '../lib/props/types.ts';
import { probeFirstPage, verdict, walkSpecOf } from './walks.ts';

const acceptedLimits = defineProperty({
  name: 'limits.accepted',
  family: 'limits',
  description: `Every limit ${LIMITS.min}..${LIMITS.max} is served with 200 and at most that many records.`,
  checks: [limitBoundsEnforced.name, 'page-size-within-limit'],
  needs: [FULL_KEY],
  runs: 50,
  async prepare(context) {
    const survey = await context.survey();
    const arbitrary = fc.record({
      list: listChoice(tenantNames(survey)),
      limit: fc.integer({ min: LIMITS.min, max: LIMITS.max }),
    });
    return prepared(arbitrary, async ({ list, limit }) => {
      const spec = walkSpecOf({ ...list, query: { limit: String(limit) } }, Number.MAX_SAFE_INTEGER, survey);
      verdict(context, await probeFirstPage(context, spec, limitBoundsEnforced, `limit=${limit}`));
    });
  },
});

const rejectedLimits = probeProperty({
  name: 'limits.rejected',
  family: 'limits',
  description:
    'limit 0, negative, above 100, fractional or not a number is a 400 with any filters, on page 1 or 2.',
  check: limitBoundsEnforced,
  needs: [FULL_KEY],
  runs: 50,
  inputs: (context, survey) =>
    fc
      .record({
        request: listRequest(context.target, listSources(context.target, survey), { cursor: 'maybe' }),
        limit: invalidLimit,
      })
      .map(({ request, limit }) => ({
        request,
        key: { tenant: request.tenant, role: 'full' as const },
        set: { limit },
        probe: `limit=${limit}`,
      })),
});

export const LIMITS_FAMILY = [acceptedLimits, rejectedLimits];
