/**
 * The harness's threshold language (`metric: stat op number`), as pure functions: parsing,
 * judging merged values, the percentiles a run must compute, overrides from the command line.
 */
import { describe, expect, it } from 'vitest';
import { PROFILE_NAMES } from '../../lib/load/profiles.ts';
import {
  evaluateThreshold,
  gatesOnDrift,
  overridesFromFlags,
  parseExpression,
  parseThresholdFlag,
  percentilesIn,
  SCENARIO_NAMES,
  thresholdsFor,
} from '../../lib/load/thresholds.ts';

describe('parseExpression', () => {
  it('should read pN and the older p(N) as the same percentile', () => {
    expect(parseExpression('p95 < 500')).toEqual({ stat: 'p95', operator: '<', bound: 500 });
    expect(parseExpression('p(95)<500')).toEqual({ stat: 'p95', operator: '<', bound: 500 });
    expect(parseExpression('p(99.9) <= 2.5')).toEqual({ stat: 'p99.9', operator: '<=', bound: 2.5 });
  });

  it('should read med as p50', () => {
    expect(parseExpression('med < 20')).toEqual({ stat: 'p50', operator: '<', bound: 20 });
  });

  it('should read every stat and every operator, with or without spaces', () => {
    expect(['avg', 'min', 'max', 'count', 'rate'].map((stat) => parseExpression(`${stat}>=1`)?.stat)).toEqual(
      ['avg', 'min', 'max', 'count', 'rate'],
    );
    expect(['<', '<=', '>', '>=', '==', '!='].map((op) => parseExpression(`  rate ${op} -0.5 `))).toEqual(
      ['<', '<=', '>', '>=', '==', '!='].map((operator) => ({ stat: 'rate', operator, bound: -0.5 })),
    );
  });

  it('should not read what is not an expression', () => {
    for (const text of [
      'fast',
      'p95',
      'p95 <',
      '< 500',
      'p95 =< 500',
      'mean < 3',
      'p95 < 5e2',
      'rate = 0',
      '',
    ])
      expect(parseExpression(text), text).toBeUndefined();
  });
});

describe('evaluateThreshold', () => {
  it('should judge an expression against the merged values', () => {
    expect(evaluateThreshold('p95 < 300', { p95: 299 })).toEqual({ ok: true, actual: 299 });
    expect(evaluateThreshold('p(95) < 300', { p95: 300 })).toEqual({ ok: false, actual: 300 });
    expect(evaluateThreshold('med < 10', { p50: 9 })).toEqual({ ok: true, actual: 9 });
    expect(evaluateThreshold('rate == 0', { rate: 0.5 })).toEqual({ ok: false, actual: 0.5 });
    expect(evaluateThreshold('count <= 10', { count: 10 })).toEqual({ ok: true, actual: 10 });
  });

  it('should apply each operator at, below and above its bound', () => {
    const at = (expression: string) =>
      [9, 10, 11].map((value) => evaluateThreshold(expression, { max: value }).ok);
    expect(at('max < 10')).toEqual([true, false, false]);
    expect(at('max <= 10')).toEqual([true, true, false]);
    expect(at('max > 10')).toEqual([false, false, true]);
    expect(at('max >= 10')).toEqual([false, true, true]);
    expect(at('max == 10')).toEqual([false, true, false]);
    expect(at('max != 10')).toEqual([true, false, true]);
  });

  it('should give no verdict (ok null) to a metric without samples', () => {
    expect(evaluateThreshold('rate < 0.01', undefined)).toEqual({ ok: null, actual: null });
    expect(evaluateThreshold('rate < 0.01', { rate: NaN })).toEqual({ ok: null, actual: null });
    expect(evaluateThreshold('p99 < 10', { p95: 3 })).toEqual({ ok: null, actual: null });
  });

  it('should refuse a text that is not an expression, in one line', () => {
    expect(() => evaluateThreshold('fast', { p95: 1 })).toThrow(/^"fast" is not a threshold expression$/);
  });
});

describe('percentilesIn', () => {
  it('should list each percentile the expressions need once, whichever way it is written', () => {
    expect(percentilesIn(['p(95)<1', 'p99.9<2', 'rate==0', 'p95 < 3', 'med < 4', 'max < 5'])).toEqual([
      95, 99.9, 50,
    ]);
    expect(percentilesIn(['rate==0', 'count<1', 'nonsense'])).toEqual([]);
  });
});

describe('thresholdsFor', () => {
  it('should write every default threshold in the language it is judged in', () => {
    for (const scenario of SCENARIO_NAMES)
      for (const profile of PROFILE_NAMES)
        for (const [metric, expressions] of Object.entries(thresholdsFor(scenario, profile, {})))
          for (const expression of expressions)
            expect(
              parseExpression(expression),
              `${scenario}/${profile} ${metric}: ${expression}`,
            ).toBeDefined();
  });

  it('should add the scenario gates to the profile gates', () => {
    expect(thresholdsFor('depth', 'load', {})).toEqual({
      latency: ['p95 < 500', 'p99 < 1500'],
      server_errors: ['rate == 0'],
      depth_latency_added: ['p90 < 50'],
    });
  });

  it("should judge fairness's latency on the quiet tenants only, not on the flood's own answers", () => {
    expect(thresholdsFor('fairness', 'load', {})).toEqual({
      server_errors: ['rate == 0'],
      'rate_limited{traffic:quiet}': ['rate < 0.01'],
      'latency{traffic:quiet}': ['p95 < 500'],
    });
    // A user's own latency threshold still applies.
    expect(thresholdsFor('fairness', 'smoke', { latency: ['p95 < 800'] })).toMatchObject({
      latency: ['p95 < 800'],
    });
  });

  it('should gate no page check: page checks fail a run by themselves', () => {
    for (const scenario of SCENARIO_NAMES)
      expect(
        Object.keys(thresholdsFor(scenario, 'smoke', {})).filter((metric) => /check/.test(metric)),
      ).toEqual([]);
  });

  it('should let overrides replace every default of the metric they name and "none" drop one', () => {
    const overrides = overridesFromFlags(['latency=p95<300', 'latency: p99<900', 'server_errors=none']);
    const thresholds = thresholdsFor('fairness', 'load', overrides);
    expect(thresholds.latency).toEqual(['p95<300', 'p99<900']);
    expect(thresholds).not.toHaveProperty('server_errors');
    // A series of the metric is a metric of its own: it keeps its default.
    expect(thresholds['latency{traffic:quiet}']).toEqual(['p95 < 500']);
  });

  it('should drop a metric given "none" even beside other expressions', () => {
    expect(thresholdsFor('walk', 'smoke', { latency: ['p95<1', 'none'] })).not.toHaveProperty('latency');
  });
});

describe('gatesOnDrift', () => {
  it('should record the latency drift only where a threshold reads it', () => {
    expect(gatesOnDrift(thresholdsFor('walk', 'soak', {}))).toBe(true);
    expect(gatesOnDrift(thresholdsFor('walk', 'smoke', {}))).toBe(false);
    expect(gatesOnDrift(thresholdsFor('walk', 'smoke', overridesFromFlags(['latency_drift=p10<40'])))).toBe(
      true,
    );
    expect(gatesOnDrift(thresholdsFor('walk', 'soak', { 'latency_drift{period:late}': ['none'] }))).toBe(
      false,
    );
    expect(gatesOnDrift({ 'latency_drift{period:early}': ['p10<5'] })).toBe(true);
    expect(gatesOnDrift({ latency_drifting: ['p10<5'], latency: ['p95<1'] })).toBe(false);
  });
});

describe('parseThresholdFlag', () => {
  it('should split at the first = or :, so that the expression may hold ==', () => {
    expect(parseThresholdFlag('server_errors=rate==0')).toEqual(['server_errors', 'rate==0']);
    expect(parseThresholdFlag('latency: p95 < 500')).toEqual(['latency', 'p95 < 500']);
    expect(parseThresholdFlag(' latency = p(95)<300 ')).toEqual(['latency', 'p(95)<300']);
    expect(parseThresholdFlag('latency=none')).toEqual(['latency', 'none']);
  });

  it("should read a series' tag as part of the metric, as --help shows it", () => {
    // `rate_limited{traffic:quiet}=rate<0.05` is the example of LOAD_USAGE; the `:` inside the
    // braces names the tag's value and is not where the metric ends.
    expect(parseThresholdFlag('rate_limited{traffic:quiet}=rate<0.05')).toEqual([
      'rate_limited{traffic:quiet}',
      'rate<0.05',
    ]);
    expect(parseThresholdFlag('latency{depth:1}: p99 < 800')).toEqual(['latency{depth:1}', 'p99 < 800']);
  });

  it('should reject a flag it cannot read, in one line naming it', () => {
    const rejected = (flag: string) => {
      try {
        parseThresholdFlag(flag);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(rejected('latency')).toMatch(/^--threshold "latency": expected metric=expression/);
    expect(rejected('=p95<1')).toMatch(/^--threshold "=p95<1": expected metric=expression/);
    expect(rejected('lat ency=p95<1')).toMatch(/expected metric=expression/);
    expect(rejected('latency=fast')).toMatch(
      /^--threshold "latency=fast": "fast" is not a threshold like p95<300/,
    );
    expect(rejected('latency=')).toMatch(/"" is not a threshold/);
    for (const flag of ['latency', '=p95<1', 'latency=fast', 'latency='])
      expect(rejected(flag)).not.toContain('\n');
    expect(() => overridesFromFlags(['latency=p95<1', 'latency=slow'])).toThrow(/"slow" is not a threshold/);
  });
});
