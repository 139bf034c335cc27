/** Every property, in the order the suite runs them, and selection by name or family. */
import { HarnessError } from '../lib/errors.ts';
import { AUTH } from './auth.ts';
import { CURSORS } from './cursors.ts';
import { ERRORS } from './errors.ts';
import { FILTERS } from './filters.ts';
import { LIMITS_FAMILY } from './limits.ts';
import { PAGINATION } from './pagination.ts';
import { RATE_LIMIT } from './rate-limit.ts';
import { TENANCY } from './tenancy.ts';
import { CURSOR_SHAPES, PAGINATION_SHAPES } from './walk-shapes.ts';
import type { PropertyDefinition } from '../lib/props/types.ts';

export const ALL_PROPERTIES: readonly PropertyDefinition[] = [
  ...PAGINATION,
  ...PAGINATION_SHAPES,
  ...LIMITS_FAMILY,
  ...CURSORS,
  ...CURSOR_SHAPES,
  ...FILTERS,
  ...AUTH,
  ...TENANCY,
  ...ERRORS,
  // Last: its bursts leave a key throttled for a moment, which the others would only wait out.
  ...RATE_LIMIT,
];

/** Properties named exactly, or all of a family (`pagination`); an unknown name is a usage error. */
export function selectProperties(names: readonly string[]): PropertyDefinition[] {
  if (names.length === 0) return [...ALL_PROPERTIES];
  return names.flatMap((name) => {
    const chosen = ALL_PROPERTIES.filter((property) => property.name === name || property.family === name);
    if (chosen.length === 0)
      throw new HarnessError(
        `unknown property "${name}"; use a family (${[...new Set(ALL_PROPERTIES.map((p) => p.family))].join(', ')}) or one of: ${ALL_PROPERTIES.map((p) => p.name).join(', ')}`,
      );
    return chosen;
  });
}
