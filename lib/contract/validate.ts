/**
 * Response validators derived from the contract schemas. Pure JavaScript (TypeBox's `Value`), so
 * the same code runs in Node and inside k6.
 */
import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import { ApiError, MenuItemsPage, OrdersPage } from './schemas.ts';
import type { Endpoint } from './endpoints.ts';

/** One way a value departs from its schema: where (a JSON pointer) and what is wrong. */
export interface SchemaProblem {
  path: string;
  message: string;
}

const MAX_PROBLEMS = 5;

function problemsOf(schema: TSchema, value: unknown): SchemaProblem[] {
  if (Value.Check(schema, value)) return [];
  const problems: SchemaProblem[] = [];
  for (const error of Value.Errors(schema, value)) {
    problems.push({ path: error.path || '/', message: error.message });
    if (problems.length >= MAX_PROBLEMS) break;
  }
  return problems;
}

const PAGE_SCHEMAS: Record<Endpoint, TSchema> = { menuItems: MenuItemsPage, orders: OrdersPage };

/** Problems of a 200 body of a list endpoint (spec §4.1, §4.2); empty when it conforms. */
export const pageProblems = (endpoint: Endpoint, body: unknown): SchemaProblem[] =>
  problemsOf(PAGE_SCHEMAS[endpoint], body);

/** Problems of an error body (spec §7: error bodies use the Error shape). */
export const errorBodyProblems = (body: unknown): SchemaProblem[] => problemsOf(ApiError, body);

export const describeProblems = (problems: SchemaProblem[]): string =>
  problems.map((problem) => `${problem.path}: ${problem.message}`).join('; ');
