import { describe, expect, it } from 'vitest';
import { capacityOptions } from '../../lib/capacity/options.ts';

describe('capacityOptions', () => {
  it('should take defaults, then the environment, then flags', () => {
    expect(capacityOptions({}, {})).toMatchObject({
      startRps: 20,
      stepRps: 20,
      maxRps: 200,
      stepDurationS: 10,
    });
    expect(capacityOptions({}, { HARNESS_STEP_DURATION: '5s' }).stepDurationS).toBe(5);
    expect(capacityOptions({ 'step-duration': '3s' }, { HARNESS_STEP_DURATION: '5s' }).stepDurationS).toBe(3);
  });

  it('should fail with one line naming the option on a bad value', () => {
    expect(() => capacityOptions({ start: 'fast' }, {})).toThrow(/^--start: "fast" is not valid/);
    expect(() => capacityOptions({ 'step-duration': '10 seconds' }, {})).toThrow(/--step-duration/);
    expect(() => capacityOptions({ start: '300', max: '100' }, {})).toThrow(/--start 300 is above --max 100/);
    expect(() => capacityOptions({ 'knee-factor': '1' }, {})).toThrow(/--knee-factor/);
  });

  it('should read the objective with units, the expected rate and the workers', () => {
    expect(capacityOptions({}, {})).toMatchObject({
      objective: { p95Ms: 500, p99Ms: 1500, maxErrorRate: 0, max429Rate: 0.01 },
      workers: 1,
    });
    expect(capacityOptions({}, {}).expectedRps).toBeUndefined();
    const options = capacityOptions(
      { p95: '300ms', p99: '1s', 'max-errors': '0.1%', 'expected-rate': '120', workers: '2' },
      { HARNESS_MAX_429: '5%' },
    );
    expect(options).toMatchObject({
      objective: { p95Ms: 300, p99Ms: 1000, maxErrorRate: 0.001, max429Rate: 0.05 },
      expectedRps: 120,
      workers: 2,
    });
  });

  it('should refuse a bare number where a unit is expected', () => {
    expect(() => capacityOptions({ p95: '300' }, {})).toThrow(
      /^--p95: "300" is not a duration with its unit/,
    );
    expect(() => capacityOptions({ 'max-429': '1' }, {})).toThrow(
      /^--max-429: "1" is not valid; expected a percentage/,
    );
    expect(() => capacityOptions({ 'expected-rate': '0' }, {})).toThrow(/^--expected-rate/);
  });

  it('should refuse sandbox shaping with a target file', () => {
    expect(() => capacityOptions({ target: 't.json', fault: ['overload-5xx'] }, {})).toThrow(
      /cannot go with --target/,
    );
  });
});
