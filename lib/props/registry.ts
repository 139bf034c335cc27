/**
 * The property suites as lib/ sees them. The suites live above lib/ (properties/ builds on it),
 * so lib/ never imports them: each entry point that runs them hands them in once with
 * `provideProperties(ALL_PROPERTIES)` (scripts/*.ts, the tests' setup file).
 */
import { HarnessError } from '../errors.ts';
import type { PropertyDefinition } from './types.ts';

let provided: readonly PropertyDefinition[] | undefined;

/** Hands every property to lib/, in the order the suite runs them. */
export function provideProperties(properties: readonly PropertyDefinition[]): void {
  provided = properties;
}

/** Every property the entry point provided. */
export function allProperties(): readonly PropertyDefinition[] {
  if (provided === undefined)
    throw new HarnessError(
      'no properties were provided: the entry point calls provideProperties(ALL_PROPERTIES) first',
    );
  return provided;
}

/** Properties named exactly, or all of a family (`pagination`); an unknown name is a usage error. */
export function selectProperties(names: readonly string[]): PropertyDefinition[] {
  const all = allProperties();
  if (names.length === 0) return [...all];
  return names.flatMap((name) => {
    const chosen = all.filter((property) => property.name === name || property.family === name);
    if (chosen.length === 0)
      throw new HarnessError(
        `unknown property "${name}"; use a family (${[...new Set(all.map((p) => p.family))].join(', ')}) or one of: ${all.map((p) => p.name).join(', ')}`,
      );
    return chosen;
  });
}
