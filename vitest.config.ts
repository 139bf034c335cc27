import { defineConfig } from 'vitest/config';
import { ISOLATED } from './test/setup/isolated.ts';
import { LongestFirst } from './test/setup/longest-first.ts';

// Two projects: fast unit/integration tests, and the property suites that run against a live
// target (a sandbox started in globalSetup unless HARNESS_TARGET names a target file).
/** What both unit projects share: the bundled commands, a check that reports/ stays untouched. */
const UNIT = {
  globalSetup: ['test/setup/reports-untouched.ts', 'test/setup/build-commands.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Two files at a time on two cores: most of the suite waits on schedules, sandboxes and child
    // processes (a gate spends most of its minute idle), so one worker left a core unused.
    maxWorkers: 2,
    // The longest files first, so that both workers finish together (test/setup/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...ISOLATED],
          // A worker's files share its module graph: the harness is imported once per worker, not
          // once per file (test/setup/isolated.ts lists the files that must not share it).
          isolate: false,
          ...UNIT,
        },
      },
      { test: { name: 'unit-isolated', include: [...ISOLATED], ...UNIT } },
      {
        test: {
          name: 'properties',
          include: ['properties/**/*.test.ts'],
          globalSetup: ['properties/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
