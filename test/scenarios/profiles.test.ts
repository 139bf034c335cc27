import { describe, expect, it } from 'vitest';
import { arrivalScenario } from '../../lib/load/executor.ts';
import { PROFILE_NAMES, PROFILES } from '../../lib/load/profiles.ts';
import { loadConfig, parseDurationS } from '../../lib/load/config.ts';

const totalMs = (stages: { duration: string }[]) =>
  stages.reduce((sum, stage) => sum + parseInt(stage.duration, 10), 0);

describe('profiles', () => {
  it('should make every profile an open-model (arrival-rate) scenario', () => {
    for (const name of PROFILE_NAMES) {
      const profile = PROFILES[name];
      const scenario = arrivalScenario({ exec: 'walk', rate: 4, durationS: 20, stages: profile.stages });
      expect(scenario.executor).toMatch(/-arrival-rate$/);
      expect(scenario.maxVUs).toBeGreaterThanOrEqual(scenario.preAllocatedVUs);
    }
  });

  it('should squeeze a staged profile into the given duration, keeping its shape', () => {
    const scenario = arrivalScenario({ exec: 'walk', rate: 3, durationS: 6, stages: PROFILES.stress.stages });
    expect(scenario.startRate).toBe(3);
    expect(scenario.stages?.map((stage) => stage.target)).toEqual([6, 12, 18, 18, 3]);
    expect(totalMs(scenario.stages ?? [])).toBe(6000);
  });

  it('should step the capacity profile through ten rates', () => {
    const scenario = arrivalScenario({
      exec: 'walk',
      rate: 2,
      durationS: 100,
      stages: PROFILES.capacity.stages,
    });
    const targets = new Set(scenario.stages?.map((stage) => stage.target));
    expect([...targets]).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
    expect(totalMs(scenario.stages ?? [])).toBeCloseTo(100_000, -2);
  });

  it('should hold a constant profile at the base rate', () => {
    const scenario = arrivalScenario({ exec: 'walk', rate: 7, durationS: 2.5, stages: PROFILES.soak.stages });
    expect(scenario).toMatchObject({ executor: 'constant-arrival-rate', rate: 7, duration: '2500ms' });
  });
});

describe('loadConfig', () => {
  it('should take the profile defaults when the environment says nothing', () => {
    expect(loadConfig({}, 'load')).toMatchObject({
      profile: 'load',
      rate: 10,
      durationS: 120,
      floodRate: 200,
    });
  });

  it('should read every option from the environment', () => {
    const config = loadConfig(
      {
        HARNESS_PROFILE: 'spike',
        HARNESS_RATE: '3',
        HARNESS_DURATION: '90s',
        HARNESS_THRESHOLDS: '{"http_req_duration":["p(95)<300"]}',
        HARNESS_MAX_RPS: '50',
      },
      'smoke',
    );
    expect(config).toMatchObject({ profile: 'spike', rate: 3, durationS: 90, maxRps: 50 });
    expect(config.overrides).toEqual({ http_req_duration: ['p(95)<300'] });
  });

  it('should name the option and the expected value when one is invalid', () => {
    expect(() => loadConfig({ HARNESS_PROFILE: 'huge' }, 'smoke')).toThrow(
      /profile "huge" is unknown; choose from smoke/,
    );
    expect(() => loadConfig({ HARNESS_RATE: '0' }, 'smoke')).toThrow(
      /HARNESS_RATE="0" is not valid; expected an integer/,
    );
    expect(() => loadConfig({ HARNESS_DURATION: 'soon' }, 'smoke')).toThrow(/HARNESS_DURATION="soon"/);
  });

  it('should read durations in ms, s, m, h and plain seconds', () => {
    expect([
      parseDurationS('500ms'),
      parseDurationS('30s'),
      parseDurationS('2m'),
      parseDurationS('1h'),
      parseDurationS('15'),
    ]).toEqual([0.5, 30, 120, 3600, 15]);
    expect(parseDurationS('0s')).toBeUndefined();
  });
});
