/**
 * Response validators derived from the contract schemas, compiled once (TypeBox's TypeCompiler):
 * every page of every walk under load goes through them.
 */
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import type { TSchema } from '@sinclair/typebox';
import { ApiError, MenuItem, MenuItemsPage, Order, OrdersPage, Pagination } from './schemas.ts';
import type { Endpoint } from './endpoints.ts';

/** One way a value departs from its schema: where (a JSON pointer) and what is wrong. */
export interface SchemaProblem {
  path: string;
  message: string;
}

const MAX_PROBLEMS = 5;

function problemsOf(schema: TypeCheck<TSchema>, value: unknown): SchemaProblem[] {
  if (schema.Check(value)) return [];
  const problems: SchemaProblem[] = [];
  for (const error of schema.Errors(value)) {
    problems.push({ path: error.path || '/', message: error.message });
    if (problems.length >= MAX_PROBLEMS) break;
  }
  return problems;
}

/** A schema compiled on first use: a run that never needs one never pays for it. */
function compiled<T extends TSchema>(schema: T): () => TypeCheck<T> {
  let check: TypeCheck<T> | undefined;
  return () => (check ??= TypeCompiler.Compile(schema));
}

const PAGE_SCHEMAS: Record<Endpoint, () => TypeCheck<TSchema>> = {
  menuItems: compiled(MenuItemsPage),
  orders: compiled(OrdersPage),
};
const RECORD_SCHEMAS: Record<Endpoint, () => TypeCheck<TSchema>> = {
  menuItems: compiled(MenuItem),
  orders: compiled(Order),
};
const PAGINATION_SCHEMA = compiled(Pagination);
const ERROR_SCHEMA = compiled(ApiError);

/** The page schema's own check, taken apart into pagination and records. Same verdict. */
function conformsToPage(endpoint: Endpoint, body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { data, pagination } = body as Record<string, unknown>;
  if (!Array.isArray(data) || !PAGINATION_SCHEMA().Check(pagination)) return false;
  const record = RECORD_SCHEMAS[endpoint]();
  for (let index = 0; index < data.length; index += 1) if (!record.Check(data[index])) return false;
  return true;
}

/** Problems of a 200 body of a list endpoint (spec §4.1, §4.2); empty when it conforms. */
export const pageProblems = (endpoint: Endpoint, body: unknown): SchemaProblem[] =>
  conformsToPage(endpoint, body) ? [] : problemsOf(PAGE_SCHEMAS[endpoint](), body);

/** Problems of an error body (spec §7: error bodies use the Error shape). */
export const errorBodyProblems = (body: unknown): SchemaProblem[] => problemsOf(ERROR_SCHEMA(), body);

export const describeProblems = (problems: SchemaProblem[]): string =>
  problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ');
