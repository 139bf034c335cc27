/**
 * Every property, in the order the suite runs them. Entry points hand the list to lib/ with
 * provideProperties (lib/props/registry.ts), which also selects by name or family.
 */
import { AUTH } from './auth.ts';
import { CONCURRENCY } from './concurrency.ts';
import { CONCURRENT_PAGES } from './concurrent-pages.ts';
import { CURSORS } from './cursors.ts';
import { ERRORS } from './errors.ts';
import { FILTERS } from './filters.ts';
import { HTTP_SEMANTICS } from './http-semantics.ts';
import { LIMITS_FAMILY } from './limits.ts';
import { PAGINATION } from './pagination.ts';
import { PARAMETERS } from './params-outside.ts';
import { RATE_LIMIT } from './rate-limit.ts';
import { headThrottledProperty } from './rate-limit-head.ts';
import { keepAliveProperty } from './http-keep-alive.ts';
import { TENANT_RATE_LIMIT } from './rate-limit-tenant.ts';
import { REPEATS } from './repeats.ts';
import { TENANCY } from './tenancy.ts';
import { CURSOR_SHAPES, PAGINATION_SHAPES } from './walk-shapes.ts';
import type { PropertyDefinition } from '../lib/props/types.ts';

export const ALL_PROPERTIES: readonly PropertyDefinition[] = [
  ...PAGINATION,
  ...PAGINATION_SHAPES,
  ...REPEATS,
  ...CONCURRENCY,
  ...CONCURRENT_PAGES,
  ...LIMITS_FAMILY,
  ...CURSORS,
  ...CURSOR_SHAPES,
  ...FILTERS,
  ...PARAMETERS,
  ...AUTH,
  ...TENANCY,
  ...ERRORS,
  ...HTTP_SEMANTICS,
  // Last: its bursts leave a key throttled for a moment, which the others would only wait out.
  ...RATE_LIMIT,
  headThrottledProperty,
  // After the bursts too: its throttled key's cell bursts a key as they do.
  keepAliveProperty,
  ...TENANT_RATE_LIMIT,
];
