import type { Database, Statement } from 'better-sqlite3';

/** Where a page starts: after a key (keyset), or at a row offset (the offset-cursor fault). */
export type PageStart =
  | { kind: 'first' }
  | { kind: 'after'; key: readonly [string | number, number] }
  | { kind: 'offset'; offset: number };

/**
 * How the keyset predicate compares with the last key. `exclusive` is correct; `inclusive` repeats
 * the boundary record (page-boundary-duplicate); `sort-column-only` drops the unique tiebreaker
 * (unstable-order), so records sharing the sort value with the boundary are lost.
 */
export type KeysetMode = 'exclusive' | 'inclusive' | 'sort-column-only';

/** Where list queries get their statements: the cache below, or a recorder in tests. */
export interface Statements {
  get(sql: string): { all(params: unknown[]): unknown[] };
}

/**
 * Prepared statements by SQL text. List queries are assembled from the filters present, so the
 * set of distinct texts is small and each is prepared once for the life of the store.
 */
export class StatementCache implements Statements {
  private readonly statements = new Map<string, Statement>();
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  get(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

interface SortColumns {
  sort: string;
  seq: string;
  /** '>' for ascending lists, '<' for descending ones. */
  direction: '<' | '>';
}

/** Appends the page-start predicate, then renders WHERE, ORDER BY (sort, seq) and LIMIT. */
export function pageClauses(
  start: PageStart,
  mode: KeysetMode,
  columns: SortColumns,
  where: string[],
  params: unknown[],
  limit: number,
): string {
  const order = columns.direction === '>' ? 'ASC' : 'DESC';
  const tiebreak = mode === 'sort-column-only' ? '' : `, ${columns.seq} ${order}`;
  if (start.kind === 'after') {
    const [sortValue, seq] = start.key;
    if (mode === 'sort-column-only') {
      where.push(`${columns.sort} ${columns.direction} ?`);
      params.push(sortValue);
    } else {
      const op = mode === 'inclusive' ? `${columns.direction}=` : columns.direction;
      where.push(`(${columns.sort}, ${columns.seq}) ${op} (?, ?)`);
      params.push(sortValue, seq);
    }
  }
  const whereSql = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  params.push(limit);
  let tail = `${whereSql} ORDER BY ${columns.sort} ${order}${tiebreak} LIMIT ?`;
  if (start.kind === 'offset') {
    tail += ' OFFSET ?';
    params.push(start.offset);
  }
  return tail;
}
