/** What a mutation operator is and what it asks of its site: shared by operators, sites and the matrix. */
import type { Response } from './response.ts';

/**
 * What an operator needs of the responses at a site, checked by the generator (matrix.ts): a page,
 * an error of a status spec §7 names, records, a next token, a cursor before it, menu items, a
 * filter its records show, an answer to GET, a 405 to another method.
 */
export type Need = 'page' | 'error' | 'records' | 'token' | 'cursor' | 'menu' | 'filter' | 'get' | 'method';

export interface Operator {
  name: string;
  /** What it changes, for the docs and reports. */
  description: string;
  needs: readonly Need[];
  /** The spec allows the result: the gate must pass it. */
  equivalent?: boolean;
  apply(response: Response): void;
}
