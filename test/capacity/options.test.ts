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

  it('should refuse sandbox shaping with a target file', () => {
    expect(() => capacityOptions({ target: 't.json', fault: ['overload-5xx'] }, {})).toThrow(
      /cannot go with --target/,
    );
  });
});
