import type { Query } from '../http/call.ts';
import { filterRules, ruleHolds } from './filter-rules.ts';
import { pageDiffers, type PageAnswer } from './same-page.ts';
import type { WalkSetCheck } from './types.ts';

/** An answer as this check reads it: its status and records, and whether more followed. */
export type SpelledAnswer = PageAnswer;

export interface Spelling {
  /** The request in words, the spelling left out. */
  request: string;
  name: string;
  /** The spelling sent (`TRUE`) and the value it spells (`true`). */
  sent: string;
  canonical: string;
  /** The request's query with the canonical value: the rules every served record must keep. */
  canonicalQuery: Query;
  /** The limit the canonical request asks (the default when it sends none). */
  limit: number;
  served: SpelledAnswer;
  /** The same request with the canonical value. */
  reference: SpelledAnswer;
  /** Quiescent data: the two answers must hold the same records. */
  quiescent: boolean;
}

/** What is wrong with the served answer, read as the canonical value's, in words; null if nothing. */
function misread(spelling: Spelling): string | null {
  const { served, reference, canonicalQuery, limit } = spelling;
  if (served.records.length > limit) return `${served.records.length} records, over limit ${limit}`;
  // A short page that says more follow read another limit (limit=010 as 8): on any data.
  if (served.hasMore === true && served.records.length < limit)
    return `${served.records.length} records with hasMore: true, under limit ${limit}`;
  for (const rule of filterRules(canonicalQuery)) {
    const offender = served.records.find((record) => !ruleHolds(rule, record));
    if (offender !== undefined) return `record ${String(offender.id)} does not satisfy ${rule.label}`;
  }
  if (!spelling.quiescent || reference.status !== 200) return null;
  return pageDiffers(served, reference, 'the canonical value');
}

/**
 * spec §4.1, §4.2, §4.3 rule 6: a spelling of a value the spec names (activeOnly=TRUE, status=open,
 * limit=010) may be refused with a 400, or served as that value; served as another (TRUE read as
 * no filter, 010 read as octal 8) the request was silently altered. A served spelling's records keep the canonical
 * value's filter rules and limit, and on quiescent data are the canonical request's records.
 */
export const spellingMeansValue: WalkSetCheck<Spelling> = {
  name: 'spelling-means-value',
  description:
    'A served spelling of a value (activeOnly=TRUE, status=open, limit=010) answers as that value: its filter rules, its limit (full when more follow) and, on quiescent data, its records.',
  catches: ['active-only-spelling-ignored', 'limit-radix-prefix'],
  run(spelling) {
    if (spelling.served.status !== 200) return null;
    const wrong = misread(spelling);
    if (wrong === null) return null;
    const { name, sent, canonical } = spelling;
    return {
      code: 'SPELLING_MISREAD',
      message: `${name}=${sent} was served, not as ${name}=${canonical}: ${wrong}; in ${spelling.request}`,
      expected: `refused (400), or served as ${name}=${canonical}`,
      received: wrong,
    };
  },
};
