/**
 * What the Go page screen compiles for each endpoint (lib/adapters/k6-screen.ts): the contract's
 * record and pagination schemas, as JSON Schema text. Made here rather than in each k6 VU, so that
 * a k6 bundle holds it as two strings and builds no schema object at a VU's start
 * (scripts/lib/k6-deferred.ts).
 */
import type { Endpoint } from './endpoints.ts';
import { MenuItem, Order, Pagination } from './schemas.ts';

export const SCREEN_SCHEMAS: Record<Endpoint, string> = {
  menuItems: JSON.stringify({ record: MenuItem, pagination: Pagination }),
  orders: JSON.stringify({ record: Order, pagination: Pagination }),
};
