/**
 * The runner's options, each one flag and one HARNESS_* variable (lib/cli/flags.ts reads them):
 * --runs / HARNESS_RUNS, --time-budget / HARNESS_TIME_BUDGET, --seed / HARNESS_SEED, --path / HARNESS_PATH,
 * --walk-pages / HARNESS_WALK_PAGES.
 */
import {
  durationMsOption,
  integerOption,
  resolveOption,
  type OptionSpec,
  type Sources,
} from '../lib/cli/flags.ts';
import { RUN_TABLE } from '../lib/props/options.ts';
import { DEFAULT_TIME_BUDGET_MS, type RunOptions } from '../lib/props/runner.ts';

const optionalInteger = (flag: string, min: number, max: number): OptionSpec<number | null> => {
  const integer = integerOption(flag, 0, min, max);
  return { ...integer, default: null, parse: (text) => integer.parse(text) ?? undefined };
};

const RUN_OPTIONS = {
  runs: optionalInteger('runs', 1, 100_000),
  timeBudget: durationMsOption('time-budget', DEFAULT_TIME_BUDGET_MS, 100, 3_600_000),
  seed: optionalInteger('seed', -(2 ** 31), 2 ** 31 - 1),
  walkPages: optionalInteger('walk-pages', 2, 1_000_000),
  path: {
    flag: 'path',
    default: null,
    expects: 'a path such as 3:0:1',
    parse: (text: string) => (/^\d+(:\d+)*$/.test(text) ? text : undefined),
  } satisfies OptionSpec<string | null>,
};

export function resolveRunOptions(sources: Sources): RunOptions {
  const runs = resolveOption(RUN_OPTIONS.runs, RUN_TABLE, sources);
  const seed = resolveOption(RUN_OPTIONS.seed, RUN_TABLE, sources);
  const path = resolveOption(RUN_OPTIONS.path, RUN_TABLE, sources);
  const walkPages = resolveOption(RUN_OPTIONS.walkPages, RUN_TABLE, sources);
  return {
    timeBudgetMs: resolveOption(RUN_OPTIONS.timeBudget, RUN_TABLE, sources),
    ...(runs === null ? {} : { runs }),
    ...(seed === null ? {} : { seed }),
    ...(path === null ? {} : { path }),
    ...(walkPages === null ? {} : { walkPages }),
  };
}
