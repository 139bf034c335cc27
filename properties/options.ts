/**
 * The runner's options, each one flag and one HARNESS_* variable (lib/config owns precedence):
 * --runs / HARNESS_RUNS, --time-budget / HARNESS_TIME_BUDGET, --seed / HARNESS_SEED, --path / HARNESS_PATH.
 */
import {
  durationMsOption,
  integerOption,
  resolveOption,
  type OptionSpec,
  type Sources,
} from '../lib/config.ts';
import { DEFAULT_TIME_BUDGET_MS, type RunOptions } from '../lib/props/runner.ts';

const optionalInteger = (
  flag: string,
  description: string,
  min: number,
  max: number,
): OptionSpec<number | null> => {
  const integer = integerOption(flag, description, 0, min, max);
  return { ...integer, default: null, parse: (text) => integer.parse(text) ?? undefined };
};

const RUN_OPTIONS = {
  runs: optionalInteger('runs', "runs per property (default: each property's own, 4 to 60)", 1, 100_000),
  timeBudget: durationMsOption(
    'time-budget',
    'time per property, shrinking included',
    DEFAULT_TIME_BUDGET_MS,
    100,
    3_600_000,
  ),
  seed: optionalInteger(
    'seed',
    'fast-check seed, to replay a failure (default: random, printed)',
    -(2 ** 31),
    2 ** 31 - 1,
  ),
  path: {
    flag: 'path',
    description: 'fast-check path of a counterexample, with --seed and --property, to replay it',
    default: null,
    expects: 'a path such as 3:0:1',
    parse: (text: string) => (/^\d+(:\d+)*$/.test(text) ? text : undefined),
  } satisfies OptionSpec<string | null>,
};

export function resolveRunOptions(sources: Sources): RunOptions {
  const runs = resolveOption(RUN_OPTIONS.runs, sources);
  const seed = resolveOption(RUN_OPTIONS.seed, sources);
  const path = resolveOption(RUN_OPTIONS.path, sources);
  return {
    timeBudgetMs: resolveOption(RUN_OPTIONS.timeBudget, sources),
    ...(runs === null ? {} : { runs }),
    ...(seed === null ? {} : { seed }),
    ...(path === null ? {} : { path }),
  };
}
