/** The empty result (spec §4.3 rule 7): a list that matches nothing is exactly the empty page. */
import fc from 'fast-check';
import { listChoice } from './arbitraries/lists.ts';
import { FULL_KEY } from './support.ts';
import { defineProperty, prepared } from '../lib/props/types.ts';
import { verdict, walk, walkSpecOf } from './walks.ts';
import { tenantNames } from '../lib/props/survey.ts';

export const emptyResult = defineProperty({
  name: 'pagination.empty-result',
  family: 'pagination',
  description:
    'A search that matches nothing is exactly { data: [], pagination: { nextPageToken: null, hasMore: false } }.',
  checks: ['empty-result-exact'],
  needs: [FULL_KEY],
  runs: 10,
  async prepare(context) {
    const survey = await context.survey();
    const arbitrary = fc.record({
      list: listChoice(tenantNames(survey)),
      nonsense: fc.stringMatching(/^[a-z0-9]{10,16}$/),
    });
    return prepared(arbitrary, async ({ list, nonsense }) => {
      const input = { ...list, endpoint: 'menuItems' as const, query: { q: `zq-no-such-item-${nonsense}` } };
      const state = await walk(context, walkSpecOf(input, 2, survey), 1);
      verdict(context, state.failures);
      fc.pre(state.ids.size === 0);
    });
  },
});
