/**
 * Two answers to requests that mean the same list page, compared: their records (as sets: the
 * spec leaves the order "not shown", §4.3 rule 8) and whether more followed.
 */

/** An answer as these checks read it: its status and records, and whether more followed. */
export interface PageAnswer {
  status: number;
  records: readonly Record<string, unknown>[];
  hasMore: unknown;
}

const idsOf = (answer: PageAnswer): string[] => answer.records.map((record) => String(record.id)).sort();

/**
 * How `got` is not the page of `due`, in words naming `due` as `dueWords` (the canonical value, the
 * plain request); null when they hold the same records and the same hasMore.
 */
export function pageDiffers(got: PageAnswer, due: PageAnswer, dueWords: string): string | null {
  const [gotIds, dueIds] = [idsOf(got), idsOf(due)];
  if (gotIds.join('\n') !== dueIds.join('\n'))
    return `${gotIds.length} records where ${dueWords} gives ${dueIds.length}, other ones`;
  if (got.hasMore !== due.hasMore)
    return `hasMore ${String(got.hasMore)} where ${dueWords} gives ${String(due.hasMore)}`;
  return null;
}

/** Two requests that mean the same page: a variant of a plain request, and both answers. */
export interface SameMeaning {
  /** The plain request in words. */
  request: string;
  /** What the variant changes, in words, with what it sent: `offset=1 added`. */
  variant: string;
  served: PageAnswer;
  plain: PageAnswer;
  /** Quiescent data: the two answers must hold the same records. */
  quiescent: boolean;
}

/**
 * How the variant's answer is not the plain request's: another status, or (both 200, quiescent
 * data) another page; null when it is the same, and when either answer is a 429 (a throttled
 * answer says nothing of the request).
 */
export function answerDiffers({ served, plain, quiescent }: SameMeaning): string | null {
  if (served.status === 429 || plain.status === 429) return null;
  if (served.status !== plain.status)
    return `answered ${served.status} where the plain request answers ${plain.status}`;
  return served.status === 200 && quiescent ? pageDiffers(served, plain, 'the plain request') : null;
}
