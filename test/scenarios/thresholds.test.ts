import { describe, expect, it } from 'vitest';
import { PAGE_CHECKS } from '../../lib/checks/registry.ts';
import { evaluateThreshold, percentilesIn } from '../../lib/load/threshold-eval.ts';
import {
  gatesOnDrift,
  overridesFromFlags,
  parseThresholdFlag,
  thresholdsFor,
} from '../../lib/load/thresholds.ts';

describe('thresholdsFor', () => {
  it('should gate every page check by its own name', () => {
    const thresholds = thresholdsFor('walk', 'smoke', {});
    for (const check of PAGE_CHECKS) expect(thresholds[`checks{check:${check.name}}`]).toEqual(['rate==1']);
  });

  it('should add the scenario gates to the profile gates', () => {
    const thresholds = thresholdsFor('fairness', 'load', {});
    expect(thresholds['rate_limited{traffic:quiet}']).toEqual(['rate<0.01']);
    expect(thresholds.http_req_duration).toEqual(['p(95)<500', 'p(99)<1500']);
  });

  it('should record the latency drift only where a threshold reads it', () => {
    expect(gatesOnDrift('soak', {})).toBe(true);
    expect(gatesOnDrift('smoke', {})).toBe(false);
    expect(gatesOnDrift('smoke', overridesFromFlags(['latency_drift{period:late}=p(10)<40']))).toBe(true);
    expect(gatesOnDrift('soak', overridesFromFlags(['latency_drift{period:late}=none']))).toBe(false);
  });

  it('should let an override replace a metric and "none" drop it', () => {
    const overrides = overridesFromFlags([
      'http_req_duration=p(95)<300',
      'http_req_duration=p(99)<900',
      'server_errors=none',
    ]);
    const thresholds = thresholdsFor('walk', 'load', overrides);
    expect(thresholds.http_req_duration).toEqual(['p(95)<300', 'p(99)<900']);
    expect(thresholds).not.toHaveProperty('server_errors');
  });
});

describe('parseThresholdFlag', () => {
  it('should split at the first = so that expressions may hold ==', () => {
    expect(parseThresholdFlag('checks{check:no-duplicate-ids}=rate==1')).toEqual([
      'checks{check:no-duplicate-ids}',
      'rate==1',
    ]);
  });

  it('should reject what k6 could not read, in one line', () => {
    expect(() => parseThresholdFlag('http_req_duration')).toThrow(
      /^--threshold "http_req_duration": expected metric=expression/,
    );
    expect(() => parseThresholdFlag('http_req_duration=fast')).toThrow(/"fast" is not a k6 threshold/);
  });
});

describe('evaluateThreshold', () => {
  it('should judge an expression against the values k6 reports', () => {
    expect(evaluateThreshold('p(95)<300', { 'p(95)': 299 })).toEqual({ ok: true, actual: 299 });
    expect(evaluateThreshold('rate==0', { rate: 0.5 })).toEqual({ ok: false, actual: 0.5 });
    expect(evaluateThreshold('count<=10', { count: 10 })).toEqual({ ok: true, actual: 10 });
  });

  it('should report no verdict for a metric without samples, as k6 does', () => {
    expect(evaluateThreshold('rate<0.01', undefined)).toEqual({ ok: null, actual: null });
    expect(evaluateThreshold('rate<0.01', { rate: NaN })).toEqual({ ok: null, actual: null });
  });

  it('should list the percentiles a set of expressions needs', () => {
    expect(percentilesIn(['p(95)<1', 'p(99.9)<2', 'rate==0', 'p(95)<3'])).toEqual([95, 99.9]);
  });
});
