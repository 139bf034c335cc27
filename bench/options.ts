/** The option table of `npm run bench`, and its reading. */
import { REPORTS_DIR_OPTION, type FlagValues, type OptionTable } from '../lib/cli/options.ts';
import { readerOf, type Env } from '../lib/cli/read.ts';
import { selectSections, SECTIONS } from './registry.ts';

export const BENCH_OPTIONS = {
  quick: {
    env: false,
    help: "every section, shorter runs and smaller data: ~25 min on 2 busy cores\n(46 min at most: the sum of the sections' quick budgets)",
  },
  only: {
    value: 'NAME',
    multiple: true,
    env: false,
    help: `run only this section (repeatable): ${SECTIONS.map((section) => section.name).join(', ')}`,
  },
  'reports-dir': { ...REPORTS_DIR_OPTION, help: 'the JSON report goes to DIR/bench/' },
  markdown: { env: false, help: 'print the table as Markdown (for docs/bench.md)' },
} as const satisfies OptionTable;

/** The sections to run and where the report goes, from the flags and the environment. */
export function benchOptions(flags: FlagValues, env: Env) {
  const read = readerOf(BENCH_OPTIONS, flags, env);
  return { sections: selectSections(read.list('only')), reportsDir: read.value('reports-dir') };
}
