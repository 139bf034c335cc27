/**
 * The load scenarios as lib/ sees them. The scenarios live above lib/ (scenarios/ builds on it),
 * so lib/ never imports them: each entry point that runs a load hands them in once with
 * `provideScenarios(SCENARIOS)`: the commands (scripts/*.ts), the engine bundle's entry
 * (scenarios/engine-entry.ts) and the tests' setup file, as properties are handed to lib/props.
 */
import { HarnessError } from '../errors.ts';
import type { LoadScenario } from './scenario.ts';

/** Every scenario by its name. */
export type ScenarioRegistry = { readonly [Name in LoadScenario['name']]: LoadScenario };

let provided: ScenarioRegistry | undefined;

/** Hands every load scenario to lib/load. */
export function provideScenarios(scenarios: ScenarioRegistry): void {
  provided = scenarios;
}

/** The scenario of that name (a stage's config names it as a string), from those provided. */
export function scenarioNamed(name: string): LoadScenario {
  if (provided === undefined)
    throw new HarnessError(
      'no load scenarios were provided: the entry point calls provideScenarios(SCENARIOS) first',
    );
  const scenario = (provided as Readonly<Record<string, LoadScenario | undefined>>)[name];
  if (scenario === undefined) throw new HarnessError(`no load scenario "${name}"`);
  return scenario;
}
