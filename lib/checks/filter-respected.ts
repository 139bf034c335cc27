import { filterRules, ruleHolds } from './filter-rules.ts';
import type { PageCheck } from './types.ts';

/** spec §4.1, §4.2, §4.3 rule 4: the filters hold on every page, not just the first. */
export const filterRespected: PageCheck = {
  name: 'filter-respected',
  description:
    'Every record on every page satisfies the walk filters (status, activeOnly, q, categoryId, locationId).',
  catches: [
    'filter-lost-on-later-pages',
    'active-only-wrong',
    'q-like-wildcards',
    'q-decoded-twice',
    'q-decoded-before-split',
    'search-ignores-accents',
    'search-words-any-order',
    'search-folds-look-alikes',
    'search-forgives-missing-letter',
    'search-squeezes-repeats',
    'search-forgives-swapped-letters',
    'search-ignores-separators',
    'sku-search-ignores-separators',
    'search-stems-plurals',
    'search-truncates-q',
  ],
  run({ page, walk }) {
    if (page === null) return null;
    const records = page.data;
    for (const rule of filterRules(walk.spec.query)) {
      let offender: Record<string, unknown> | undefined;
      for (let index = 0; index < records.length && offender === undefined; index += 1) {
        const record = records[index] as Record<string, unknown>;
        if (!ruleHolds(rule, record)) offender = record;
      }
      if (offender)
        return {
          code: 'FILTER_VIOLATED',
          message: `page ${walk.pageCount + 1}: record ${String(offender.id)} does not satisfy ${rule.label}`,
          // q relaxes letter case only: not accents, spelling, word order or separators (spec §4.1).
          expected:
            rule.kind === 'containsFold'
              ? `${rule.label}: name or SKU contains "${rule.values[0]}", ignoring letter case only`
              : rule.label,
          received: JSON.stringify(offender).slice(0, 300),
        };
    }
    return null;
  },
};
