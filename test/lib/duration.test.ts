import { describe, expect, it } from 'vitest';
import { parseDurationS, readDuration } from '../../lib/duration.ts';

describe('parseDurationS', () => {
  it('should read durations in ms, s, m and h', () => {
    expect(['500ms', '30s', '2m', '1.5m', '1h', ' 90s '].map(parseDurationS)).toEqual([
      0.5, 30, 120, 90, 3600, 90,
    ]);
  });

  it('should refuse a bare number (milliseconds or seconds?), zero, more than a week, and anything else', () => {
    for (const text of ['15', '10000', '0s', '0', '169h', '2d', 'soon', '-5s', '5 s', ''])
      expect(parseDurationS(text), text).toBeUndefined();
  });
});

describe('readDuration', () => {
  it('should say a zero or negative duration must be positive, not that its unit is missing', () => {
    for (const text of ['0s', '0ms', '-5s'])
      expect(readDuration(text), text).toEqual({
        problem: 'must be positive: a duration with its unit, like 500ms, 30s, 5m or 1h',
      });
  });

  it('should say a bare number or a word is not a duration with its unit', () => {
    for (const text of ['20', 'soon', '5 s'])
      expect(readDuration(text), text).toEqual({
        problem: 'is not a duration with its unit, like 500ms, 30s, 5m or 1h',
      });
  });

  it('should say a duration over a week is too long', () => {
    expect(readDuration('169h')).toEqual({ problem: 'is longer than a week, the longest duration taken' });
  });

  it('should read zero only where zero is allowed', () => {
    expect(readDuration('0ms', { zero: true })).toEqual({ seconds: 0 });
    expect(readDuration('0', { zero: true })).toHaveProperty('problem');
    expect(readDuration('250ms', { zero: true })).toEqual({ seconds: 0.25 });
  });
});
