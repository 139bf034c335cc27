/** Pagination on changing data (spec §4.3): a walk never returns a record twice while orders change. */
import fc from 'fast-check';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import { pageLimit, pageLimits } from './arbitraries/limits.ts';
import { listChoice } from './arbitraries/lists.ts';
import { cellKey } from '../lib/props/coverage.ts';
import { defineProperty, prepared } from '../lib/props/types.ts';
import { verdict, walk, walkSpecOf, type WalkInput } from './walks.ts';

/** Pages a walk on changing data spans: long enough for inserts to land between its pages. */
const CHANGING_WALK_PAGES = 10;
/** The coverage walks' limit: ten pages of it stay near the newest records, where inserts land. */
const CHANGING_COVERAGE_LIMIT = 5;
const CHANGING_LABEL = `${CHANGING_WALK_PAGES} pages at limit ${CHANGING_COVERAGE_LIMIT}`;

export const noDuplicatesWhileChanging = defineProperty({
  name: 'pagination.no-duplicates-while-changing',
  family: 'pagination',
  description:
    "While a tenant's data changes (new orders, new states), a walk still returns no record twice.",
  checks: ['no-duplicate-ids'],
  needs: [{ kind: 'changing' }],
  runs: 4,
  async prepare(context) {
    const survey = await context.survey();
    const changing = survey.tenants.filter((tenant) => !tenant.quiescent);
    const limits = fc.oneof(
      pageLimit().map((limit) => [limit]),
      pageLimits(),
    );
    const arbitrary = listChoice(changing.map((tenant) => tenant.name)).chain((choice) =>
      limits.map((taken) => ({ ...choice, query: {}, limits: taken })),
    );
    // Every changing list is walked once at a small limit before the random draws: a walk of one
    // list only, or at limits that end it in two pages, sees no insert land between its pages.
    const examples = changing.flatMap((tenant) =>
      ENDPOINTS.map((endpoint) => ({
        endpoint,
        tenant: tenant.name,
        scheme: 'bearer' as const,
        query: {},
        limits: [CHANGING_COVERAGE_LIMIT],
      })),
    );
    const where = (input: { endpoint: Endpoint; tenant: string }) => `${input.tenant} ${input.endpoint}`;
    const cells = examples.map((input) => ({ where: where(input), label: CHANGING_LABEL }));
    const reached = (input: WalkInput) =>
      input.limits?.[0] === CHANGING_COVERAGE_LIMIT
        ? [cellKey({ where: where(input), label: CHANGING_LABEL })]
        : [];
    return prepared(
      arbitrary,
      async (input) => {
        const spec = walkSpecOf(input, Number.MAX_SAFE_INTEGER, survey);
        verdict(context, (await walk(context, spec, CHANGING_WALK_PAGES, context.budget.paceMs)).failures);
      },
      { cells, examples, reached },
    );
  },
});
