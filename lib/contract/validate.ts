/**
 * Response validators derived from the contract schemas. Pure JavaScript, so the same code runs in
 * Node and inside k6. The schemas are compiled once (TypeBox's TypeCompiler): in k6 a compiled
 * check of a 50-record page costs about an eighth of the interpreted `Value.Check` (npm run bench).
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

/**
 * A schema compiled on first use. In k6 every VU compiles its own, and a walk whose pages the Go
 * page screen passes never checks one in JavaScript (lib/adapters/k6-screen.ts): compiling them
 * all up front cost each VU time and memory at start for checks it may never run.
 */
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

/**
 * The page schema's own check, taken apart: the compiled page check walks `data` with for...of,
 * which k6's interpreter runs several times slower than an index loop. Same verdict.
 */
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
