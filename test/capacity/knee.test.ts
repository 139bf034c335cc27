import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_KNEE_RULE, detectKnee } from '../../lib/capacity/knee.ts';
import { curve, hockeyStick } from './curves.ts';

const RATES = [10, 20, 30, 40, 50, 60, 70, 80];

describe('detectKnee', () => {
  it('should find no knee on a flat curve', () => {
    expect(detectKnee(curve(RATES.map((rps) => ({ rps, p95: 12 }))))).toBeNull();
  });

  it('should put the knee on the first step whose p95 bends, confirmed by the next', () => {
    const knee = detectKnee(hockeyStick(RATES, 50));
    expect(knee).toMatchObject({ rps: 50, reasons: ['p95'], confirmed: true, baselineP95: 10 });
  });

  it('should ignore one noisy step that the next step does not confirm', () => {
    const steps = curve([
      { rps: 10, p95: 10 },
      { rps: 20, p95: 10 },
      { rps: 30, p95: 90 },
      { rps: 40, p95: 11 },
      { rps: 50, p95: 70 },
      { rps: 60, p95: 120 },
    ]);
    expect(detectKnee(steps)?.rps).toBe(50);
  });

  it('should take the lowest early p95 as the baseline, so a slow warm-up step does not hide the knee', () => {
    const steps = curve([
      { rps: 10, p95: 60 },
      { rps: 20, p95: 10 },
      { rps: 30, p95: 11 },
      { rps: 40, p95: 35 },
      { rps: 50, p95: 50 },
    ]);
    expect(detectKnee(steps)).toMatchObject({ rps: 40, baselineP95: 10 });
  });

  it('should not call a rise below the noise floor a knee, however large its ratio', () => {
    const steps = curve(RATES.map((rps, index) => ({ rps, p95: index < 3 ? 1 : 4 })));
    expect(detectKnee(steps)).toBeNull();
  });

  it('should bend where achieved throughput falls behind the offered rate', () => {
    const steps = curve([
      { rps: 100, p95: 5 },
      { rps: 200, p95: 5 },
      { rps: 300, p95: 6, achieved: 240 },
      { rps: 400, p95: 6, achieved: 250 },
    ]);
    expect(detectKnee(steps)).toMatchObject({ rps: 300, reasons: ['throughput'] });
  });

  it('should never call a knee where p95 falls, however many 429s or errors the target sheds with', () => {
    // The run: 429s from 100 rps on while p95 went from 2.3 ms to 2.0 ms.
    const steps = curve([
      { rps: 20, p95: 2.3 },
      { rps: 60, p95: 2.4 },
      { rps: 100, p95: 2.0, rate429: 0.2 },
      { rps: 140, p95: 1.8, rate429: 0.4, errorRate: 0.05 },
    ]);
    expect(detectKnee(steps)).toBeNull();
  });

  it('should not bend on throughput while p95 stays at the baseline', () => {
    const steps = curve([
      { rps: 100, p95: 5 },
      { rps: 200, p95: 5 },
      { rps: 300, p95: 5, achieved: 200 },
      { rps: 400, p95: 4, achieved: 200 },
    ]);
    expect(detectKnee(steps)).toBeNull();
  });

  it('should leave out a step the generator could not drive', () => {
    const steps = curve([
      { rps: 10, p95: 10 },
      { rps: 20, p95: 10 },
      { rps: 30, p95: 90, achieved: 10, undriven: 'late' },
      { rps: 40, p95: 95, achieved: 12, undriven: 'short' },
    ]);
    expect(detectKnee(steps)).toBeNull();
  });

  it('should say why it called the knee, with the figures', () => {
    const knee = detectKnee(hockeyStick(RATES, 50));
    expect(knee?.because).toEqual([
      'p95 50.0 ms is 5.0 x the baseline 10.0 ms (bends above 2 x and 5 ms more)',
    ]);
  });

  it('should never put the knee on a step whose p95 is below the step before it or the baseline', () => {
    const shape = fc.record({
      p95: fc.integer({ min: 1, max: 400 }),
      achievedShare: fc.constantFrom(1, 0.5),
      rate429: fc.constantFrom(0, 0.5),
    });
    fc.assert(
      fc.property(fc.array(shape, { minLength: 2, maxLength: 8 }), (shapes) => {
        const steps = curve(
          shapes.map((s, index) => ({
            rps: (index + 1) * 10,
            p95: s.p95,
            achieved: (index + 1) * 10 * s.achievedShare,
            rate429: s.rate429,
          })),
        );
        const knee = detectKnee(steps);
        if (knee === null) return;
        expect(knee.p95).toBeGreaterThan(knee.baselineP95);
        expect(knee.p95).toBeGreaterThanOrEqual(steps[knee.index - 1]?.p95 ?? 0);
      }),
    );
  });

  it('should report a bend on the last step measured as an unconfirmed knee', () => {
    const knee = detectKnee(hockeyStick([10, 20, 30, 40], 40));
    expect(knee).toMatchObject({ rps: 40, confirmed: false });
  });

  it('should find the constructed knee of any hockey stick', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.integer({ min: 1, max: 50 }), (kneeIndex, flatMs) => {
        const kneeRps = RATES[kneeIndex] ?? 0;
        const slope = Math.max(DEFAULT_KNEE_RULE.minDeltaMs, flatMs) * 2;
        const knee = detectKnee(hockeyStick(RATES, kneeRps, flatMs, slope));
        expect(knee?.rps).toBe(kneeRps);
      }),
    );
  });
});
