import { canonicalJson, differingField } from '../canonical-json.ts';
import { firstDifference } from './set-difference.ts';
import type { WalkSetCheck } from './types.ts';

/** One answer to a request, as a client reads the page: its status, records and hasMore. */
export interface PageAnswer {
  status: number;
  ids: ReadonlySet<string>;
  /** Each record as canonical JSON (keys sorted), by id: every field, the extra ones too. */
  records: ReadonlyMap<string, string>;
  hasMore: unknown;
}

/** The page a parsed body of `status` is, as a client reads it (no data array: no records). */
export function pageAnswerOf(status: number, parsed: unknown): PageAnswer {
  const body = parsed as { data?: unknown; pagination?: { hasMore?: unknown } } | undefined;
  const records = Array.isArray(body?.data) ? (body.data as { id?: unknown }[]) : [];
  return {
    status,
    ids: new Set(records.map((record) => String(record?.id))),
    records: new Map(records.map((record) => [String(record?.id), canonicalJson(record)])),
    hasMore: body?.pagination?.hasMore,
  };
}

export interface Repeat {
  /** The request sent twice, in words. */
  request: string;
  first: PageAnswer;
  again: PageAnswer;
}

const shownIds = (ids: ReadonlySet<string>): string => `${ids.size} records`;

/** Text longer than this is cut when shown. */
const SHOWN_CHARS = 300;
const shown = (text: string): string =>
  text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}… (${text.length} characters)` : text;

/**
 * The first record both answers hold with a field of different values: its id and both texts. A
 * field only one of them shows is not compared (differingField: spec §2 lets objects carry further
 * fields, and says nothing of each answer carrying the same ones).
 */
function changedRecord(first: PageAnswer, again: PageAnswer): [string, string, string] | null {
  for (const [id, text] of first.records) {
    const other = again.records.get(id);
    if (other !== undefined && other !== text && differingField(text, other) !== null)
      return [id, text, other];
  }
  return null;
}

/**
 * RFC 9110 §9.2.1-9.2.2 (GET is safe and idempotent, spec §4: both endpoints are GET): on quiescent
 * data a request sent again, as a client retrying after a timeout does, gives the same page. Same
 * records, each with the same fields and values (the extra fields spec §2 allows too: a read that
 * changes a price it shows is not safe), and hasMore; not the same bytes: the order is not shown
 * (spec §4.3 rule 8), the token is opaque (rule 3), so where the tokens lead is compared by
 * following them, not their text, and the page's own extra top-level fields (a request id) may differ.
 * A rate-limit burst repeats one request the same way (properties/burst-same-page.ts): a request
 * over the limit answered 200 with an empty last page, not 429, is another page.
 */
export const repeatGivesSamePage: WalkSetCheck<Repeat> = {
  name: 'repeat-gives-same-page',
  description:
    'On quiescent data a request sent again (a retried page, a token used twice) gives the same status, records (every field of each) and hasMore.',
  catches: [
    'cursor-single-use',
    'cursor-advances-on-repeat',
    'cursor-state-per-key',
    'record-drifts-on-read',
    'throttle-serves-empty-page',
    'cursor-shared-scratch',
  ],
  run({ request, first, again }) {
    const differ = (message: string, expected: string, received: string) => ({
      code: 'REPEAT_DIFFERS',
      message: `${request} sent again: ${message}`,
      expected,
      received,
    });
    if (first.status !== again.status)
      return differ(
        `answered ${again.status} after ${first.status}`,
        `${first.status} again`,
        `${again.status}`,
      );
    const difference = firstDifference([first, again]);
    if (difference !== null)
      return differ(
        `another page (${shownIds(first.ids)}, then ${shownIds(again.ids)})`,
        'the same records',
        `only the first time: [${difference.lost.join(', ')}]; only the second: [${difference.gained.join(', ')}]`,
      );
    const changed = changedRecord(first, again);
    if (changed !== null)
      return differ(
        `record ${changed[0]} changed (a GET is safe: reading it must not change it)`,
        shown(changed[1]),
        shown(changed[2]),
      );
    if (first.hasMore !== again.hasMore)
      return differ(
        `hasMore ${String(first.hasMore)}, then ${String(again.hasMore)}`,
        `hasMore ${String(first.hasMore)} again`,
        `hasMore ${String(again.hasMore)}`,
      );
    return null;
  },
};
