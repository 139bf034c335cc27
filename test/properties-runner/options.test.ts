/**
 * The runner's options of the gate, props and the vitest suites (lib/props/options.ts):
 * --time-budget, per property, is a duration with its unit; a bare number (milliseconds or
 * seconds?) is refused.
 */
import { describe, expect, it } from 'vitest';
import { runOptions } from '../../lib/props/options.ts';

const budget = (flag?: string, env: Record<string, string> = {}) =>
  runOptions({ 'time-budget': flag }, env).timeBudgetMs;

describe('props and gate options', () => {
  it('should read --time-budget as a duration, flag over HARNESS_TIME_BUDGET', () => {
    expect(budget('10s')).toBe(10_000);
    expect(budget('500ms')).toBe(500);
    expect(budget('2m')).toBe(120_000);
    expect(budget(undefined, { HARNESS_TIME_BUDGET: '30s' })).toBe(30_000);
    expect(budget('5s', { HARNESS_TIME_BUDGET: '30s' })).toBe(5000);
    // Not given: the runner takes propertyTimeMs of the run's walk budget (walk-budget.test.ts).
    expect(budget()).toBeUndefined();
  });

  it('should refuse a bare number or an out-of-range budget in one line naming the unit', () => {
    expect(() => budget('10000')).toThrow(
      '--time-budget: "10000" is not a duration with its unit, like 500ms, 30s, 5m or 1h',
    );
    expect(() => budget('50ms')).toThrow(/^--time-budget: "50ms" is out of range/);
    expect(() => budget(undefined, { HARNESS_TIME_BUDGET: '9000' })).toThrow(/^HARNESS_TIME_BUDGET: "9000"/);
  });
});
