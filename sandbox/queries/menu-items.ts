import { withoutAccents } from '../store.ts';
import { pageClauses, type KeysetMode, type PageStart, type Statements } from './statements.ts';

interface MenuSearch {
  /** Lower-cased unless caseSensitive (the q-case-sensitive fault). */
  text: string;
  caseSensitive: boolean;
  matchSku: boolean;
  /** The q-like-wildcards fault: q goes into a LIKE pattern unescaped, so % and _ match anything. */
  like?: boolean;
  /** The search-ignores-accents fault: both sides compared without diacritics (unaccent, store.ts). */
  unaccent?: boolean;
  /** The search-words-any-order fault: each word of q is searched for alone, all must be found. */
  words?: boolean;
  /** The q-folded-unlike-names fault: names and SKUs folded per character (case_folded), q only lower-cased. */
  foldedNames?: boolean;
  /** The relaxed-search faults switched on (sandbox/faults/search.ts): q also found as they read it. */
  relaxed?: string;
}

export interface MenuFilter {
  /** null drops the tenant predicate (the search-leak fault). */
  tenant: number | null;
  category?: number;
  location?: number;
  status?: number;
  /** Bit of the requested sales channel in the visibility mask. */
  channelBit?: number;
  search?: MenuSearch;
}

export interface MenuRow {
  seq: number;
  id: string;
  name: string;
  sku: string | null;
  status: number;
  category: number;
  price: number;
  channels: number;
}

/** Menu items sort by (name, seq): alphabetical for people, seq as the unique tiebreaker. */
export const menuSortKey = (row: MenuRow): readonly [string, number] => [row.name, row.seq];

function searchClause(search: MenuSearch, params: unknown[]): string {
  const [name, sku] = search.caseSensitive
    ? ['m.name', 'm.sku']
    : search.foldedNames
      ? ['case_folded(m.name)', 'case_folded(m.sku)']
      : ['m.name_lc', 'm.sku_lc'];
  /** The clause "`plain` holds `value`", its parameters pushed in the order it binds them. */
  const contains = (plain: string, value: string) => {
    const column = search.unaccent ? `unaccent(${plain})` : plain;
    if (search.relaxed !== undefined) {
      params.push(search.relaxed, plain === sku ? 'sku' : 'name', value);
      return `relaxed_match(?, ?, ${column}, ?) = 1`;
    }
    params.push(value);
    return search.like ? `${column} LIKE '%' || ? || '%'` : `instr(${column}, ?) > 0`;
  };
  const text = search.unaccent ? withoutAccents(search.text) : search.text;
  const words = text.split(' ').filter((word) => word !== '');
  if (search.words && words.length > 1)
    return `(${words.map((word) => `(${contains(name, word)} OR ${contains(sku, word)})`).join(' AND ')})`;
  if (!search.matchSku) return contains(name, text);
  return `(${contains(name, text)} OR ${contains(sku, text)})`;
}

export function listMenuItems(
  cache: Statements,
  filter: MenuFilter,
  start: PageStart,
  mode: KeysetMode,
  limit: number,
): MenuRow[] {
  const where: string[] = [];
  const params: unknown[] = [];
  // When a location is given, price and channel visibility are that location's (spec §2 MenuItem).
  let from = 'menu_items m';
  let price = 'm.price';
  let channels = 'm.channels';
  if (filter.location !== undefined) {
    from += ' JOIN menu_item_locations l ON l.item = m.seq AND l.location = ? AND l.visible = 1';
    params.push(filter.location);
    [price, channels] = ['l.price', 'l.channels'];
  }
  const add = (clause: string, value: unknown): void => {
    where.push(clause);
    params.push(value);
  };
  if (filter.tenant !== null) add('m.tenant = ?', filter.tenant);
  if (filter.category !== undefined) add('m.category = ?', filter.category);
  if (filter.status !== undefined) add('m.status = ?', filter.status);
  if (filter.channelBit !== undefined) add(`(${channels} & ?) != 0`, 1 << filter.channelBit);
  if (filter.search !== undefined) where.push(searchClause(filter.search, params));
  const tail = pageClauses(
    start,
    mode,
    { sort: 'm.name', seq: 'm.seq', direction: '>' },
    where,
    params,
    limit,
  );
  const sql = `SELECT m.seq, m.id, m.name, m.sku, m.status, m.category, ${price} AS price, ${channels} AS channels FROM ${from} ${tail}`;
  return cache.get(sql).all(params) as MenuRow[];
}
