/**
 * The coverage report (lib/props/coverage.ts): runs per class reached, and of every class not
 * reached why, grouped by reason; after a failure, only what was reached before it.
 */
import { describe, expect, it } from 'vitest';
import { coverageLines, coverageReport, type Coverage } from '../../lib/props/coverage.ts';

describe('the coverage report', () => {
  const coverage: Coverage<string> = {
    cells: [
      { where: 'orders status', label: 'empty' },
      { where: 'orders status', label: 'all', why: 'no value selects all 40 records' },
      { where: 'orders status+locationId', label: 'all', why: 'no value selects all 40 records' },
      { where: 'orders status', label: 'one' },
    ],
    examples: ['a', 'b'],
    reached: () => [],
  };

  it('should count the runs that reached each class, and say why of every class not reached', () => {
    const report = coverageReport(coverage, new Map([['orders status: empty', 3]]), 'complete');
    expect(report.reached).toEqual([{ label: 'empty', runs: 3, cells: 1, of: 1 }]);
    expect(report.notReached).toEqual([
      { label: 'all', why: 'no value selects all 40 records (orders status, status+locationId)' },
      {
        label: 'one',
        why: 'its coverage run was inconclusive (throttled, over time or without usable data) (orders status)',
      },
    ]);
    expect(coverageLines(report)[0]).toBe('reached (runs): empty 3; 1 of 4 cells, 2 in the coverage phase');
    expect(coverageLines(report)).toHaveLength(3);
  });

  it('should say, after a failure, only what was reached before it', () => {
    const report = coverageReport(coverage, new Map([['orders status: empty', 1]]), 'failed');
    expect(report.notReached.at(-1)?.why).toMatch(/^not run: a failure came first/);
    expect(coverageLines(report)).toEqual([
      'reached (runs): empty 1; 1 of 4 cells, 2 in the coverage phase; the rest not run: a failure came first',
    ]);
  });
});
