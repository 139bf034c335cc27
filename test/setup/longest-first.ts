/**
 * The order vitest starts the files in: the longest first, so that the two workers finish
 * together. Without it vitest orders by its cache of last run's durations (absent on a clean
 * checkout, and shared by whoever last ran a subset), else by file size: a 100 s file of 33 lines
 * started last and the suite waited for it alone.
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take half a minute or more, about longest first (two workers on two cores), in
 * an order that puts beside each part that must burst past the sandbox's rate limit (gate.test's
 * clean gate, first in its file) a file that mostly waits (load/faults' two schedules), and
 * gate/matrix's three gates after it. Measure again with
 * `npx vitest run --reporter=json --outputFile=FILE` when a file's time changes much
 * (report/cli and load/cli left it in session 20: some 7 s each once their commands ran from
 * bundles and load/cli lost its gate). Session 24 added the six files of 20 to 45 s after
 * mutants.test: left to BaseSequencer, walk-complete's 30 s started last, at 561 s of a 591 s run.
 */
export const LONGEST_FIRST: readonly string[] = [
  'test/gate/gate.test.ts',
  'test/load/faults.test.ts',
  'test/gate/matrix.test.ts',
  'test/repro/repro.test.ts',
  'test/capacity/examples.test.ts',
  'test/mutation/matrix.test.ts',
  'test/load/smoke.test.ts',
  'test/gate/load-fault-repros.test.ts',
  'test/mutation/mutants.test.ts',
  'test/properties-runner/coverage.test.ts',
  'test/mutation/throttle.test.ts',
  'test/load/walk-complete.test.ts',
  'test/gate/million-orders.test.ts',
  'test/mutation/retry-after.test.ts',
  'test/mutation/concurrent-and-429.test.ts',
  'test/cli/bad-values.test.ts',
  'test/load/judge-report.test.ts',
  'test/cli/start-and-end.test.ts',
  'test/load/premise.test.ts',
];

/** BaseSequencer's order, with the files of LONGEST_FIRST moved to the front in that order. */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const file = path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/');
      const index = LONGEST_FIRST.indexOf(file);
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the other files keep BaseSequencer's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
