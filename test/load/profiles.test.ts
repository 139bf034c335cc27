/**
 * The workload shapes as plain arrival phases (profilePhases), what they
 * plan, and the options of a load run (flags, environment, checks).
 */
import { describe, expect, it } from 'vitest';
import { phasesDurationS, plannedArrivals, profilePhases, type Phase } from '../../lib/load/phases.ts';
import { PROFILE_NAMES, PROFILES } from '../../lib/load/profiles.ts';
import { parseFlags } from '../../lib/cli/cli.ts';
import {
  checkOptions,
  LOAD_OPTIONS,
  LOAD_RETIRED_FLAGS,
  LOAD_USAGE,
  optionsFromFlags,
} from '../../lib/load/run/options.ts';

/** The rate each phase ends at. */
const endRates = (phases: readonly Phase[]) => phases.map((phase) => phase.rampTo ?? phase.rate);

describe('profilePhases', () => {
  it('should hold a constant profile at the base rate in one phase', () => {
    for (const profile of ['smoke', 'load', 'soak'] as const)
      expect(profilePhases(profile, 7, 20)).toEqual([{ name: 'walk', durationS: 20, rate: 7 }]);
    expect(profilePhases('load', 3, 9, 'capacity')).toEqual([{ name: 'capacity', durationS: 9, rate: 3 }]);
  });

  it('should give every profile whole-second phases of at least a second, open-model at any scale', () => {
    for (const profile of PROFILE_NAMES)
      for (const durationS of [0.4, 2.5, 6, 61, PROFILES[profile].durationS])
        for (const phase of profilePhases(profile, 4, durationS)) {
          expect(Number.isInteger(phase.durationS), `${profile} ${durationS}s`).toBe(true);
          expect(phase.durationS).toBeGreaterThanOrEqual(1);
          expect(phase.rate).toBeGreaterThan(0);
        }
  });

  it('should squeeze a staged profile into the given duration, keeping its shape', () => {
    const phases = profilePhases('stress', 3, 10);

    expect(phases).toEqual([
      { name: 'walk', durationS: 2, rate: 3, rampTo: 6 },
      { name: 'walk', durationS: 2, rate: 6, rampTo: 12 },
      { name: 'walk', durationS: 2, rate: 12, rampTo: 18 },
      { name: 'walk', durationS: 2, rate: 18 },
      { name: 'walk', durationS: 2, rate: 18, rampTo: 3 },
    ]);
    // The same shape at any rate and length: each stage ends at its multiple of the base rate.
    const stretched = profilePhases('stress', 10, 600);
    expect(endRates(stretched)).toEqual(PROFILES.stress.stages?.map((stage) => stage.multiple * 10));
    expect(stretched.map((phase) => phase.durationS)).toEqual([120, 120, 120, 120, 120]);
    expect(phasesDurationS(profilePhases('spike', 5, 60))).toBe(60);
  });

  it('should start each stage where the one before ended', () => {
    for (const profile of ['stress', 'spike', 'capacity'] as const) {
      const phases = profilePhases(profile, 4, 100);
      expect(phases[0]?.rate).toBe(4);
      for (let index = 1; index < phases.length; index += 1)
        expect(phases[index]?.rate).toBe(endRates(phases)[index - 1]);
    }
  });

  it('should step the capacity profile through ten rates', () => {
    const phases = profilePhases('capacity', 2, 100);

    expect([...new Set(endRates(phases))]).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
    expect(phasesDurationS(phases)).toBe(100);
    // Each step ramps in a second and holds nine: the held phases are constant.
    const held = phases.filter((phase) => phase.rampTo === undefined);
    expect(held.map((phase) => [phase.rate, phase.durationS])).toEqual([
      [2, 1],
      ...[2, 4, 6, 8, 10, 12, 14, 16, 18, 20].map((rate) => [rate, 9]),
    ]);
  });
});

describe('plannedArrivals', () => {
  it("should plan a constant phase's rate times its length", () => {
    expect(plannedArrivals({ name: 'walk', durationS: 10, rate: 4 })).toBe(40);
  });

  it("should plan a ramp's mean rate times its length, rounded", () => {
    expect(plannedArrivals({ name: 'walk', durationS: 10, rate: 2, rampTo: 6 })).toBe(40);
    expect(plannedArrivals({ name: 'walk', durationS: 3, rate: 1, rampTo: 2 })).toBe(5);
    expect(plannedArrivals({ name: 'walk', durationS: 10, rate: 6, rampTo: 0 })).toBe(30);
  });
});

describe('load options', () => {
  const oneLine = (run: () => unknown): string => {
    try {
      run();
    } catch (error) {
      expect((error as Error).name).toBe('HarnessError');
      return (error as Error).message;
    }
    return 'accepted';
  };

  it('should read every flag into options', () => {
    const options = optionsFromFlags(
      {
        scenario: 'fairness',
        profile: 'load',
        workers: '2',
        'max-in-flight': '50',
        rate: '3',
        'flood-rate': '40',
        duration: '90s',
        timeout: '2m',
        threshold: ['latency=p95<300', 'server_errors=none'],
        latency: 'fixed=20ms,tail=0.5s,ratio=0.1',
        'rate-limit': 'perKey=10,window=2s',
        churn: '5',
      },
      {},
    );

    expect(options).toMatchObject({
      scenario: 'fairness',
      profile: 'load',
      workers: 2,
      maxInFlight: 50,
      rate: 3,
      floodRate: 40,
      duration: '90s',
      timeoutMs: 120_000,
      thresholds: ['latency=p95<300', 'server_errors=none'],
      sandbox: {
        latency: { fixedMs: 20, tailMs: 500, tailRatio: 0.1 },
        rateLimit: { perKey: 10, windowMs: 2000 },
        churn: 5,
      },
    });
  });

  it('should read HARNESS_<FLAG> when the flag is absent, and let the flag win', () => {
    const env = {
      HARNESS_WORKERS: '3',
      HARNESS_MAX_IN_FLIGHT: '7',
      HARNESS_THRESHOLD: 'latency=p95<1;pages=count>1',
    };

    expect(optionsFromFlags({}, env)).toMatchObject({
      workers: 3,
      maxInFlight: 7,
      thresholds: ['latency=p95<1', 'pages=count>1'],
    });
    expect(optionsFromFlags({ workers: '5' }, env).workers).toBe(5);
  });

  it('should name the flag and the expected value when one is invalid, in one line', () => {
    const flag = (values: Parameters<typeof optionsFromFlags>[0]) =>
      oneLine(() => optionsFromFlags(values, {}));

    expect(flag({ workers: '0' })).toBe('--workers: "0" must be positive; expected an integer from 1 to 64');
    expect(flag({ workers: '65' })).toBe('--workers: "65" is out of range; expected an integer from 1 to 64');
    expect(flag({ 'max-in-flight': 'lots' })).toMatch(
      /^--max-in-flight: "lots" is not valid; expected an integer/,
    );
    expect(flag({ rate: '1.5' })).toMatch(/^--rate: "1.5" is not valid/);
    expect(flag({ timeout: 'soon' })).toBe(
      '--timeout: "soon" is not a duration with its unit, like 500ms, 30s, 5m or 1h',
    );
    expect(flag({ timeout: '90' })).toMatch(/^--timeout: "90" is not a duration with its unit/);
    expect(flag({ latency: 'fixed=x' })).toMatch(/^--latency: "fixed=x" is not valid: cannot read "fixed=x"/);
    expect(oneLine(() => optionsFromFlags({}, { HARNESS_WORKERS: 'two' }))).toMatch(
      /^HARNESS_WORKERS: "two"/,
    );
    expect(flag({ rate: '-1' })).toMatch(/^--rate: "-1" must be positive/);
    expect(flag({ churn: '0' })).toBe('accepted');
  });

  it("should point a profile given as --scenario (the gate's soak load) at --profile", () => {
    expect(oneLine(() => checkOptions({ scenario: 'soak' as never }))).toBe(
      '--scenario: "soak" is a profile, not a scenario; e.g. --scenario walk --profile soak (what the gate\'s soak load runs)',
    );
    expect(oneLine(() => checkOptions({ duration: '10' }))).toMatch(
      /^--duration: "10" is not a duration with its unit/,
    );
  });

  it("should refuse the previous engine's flags with a pointer to --help, and --out-dir naming --reports-dir", () => {
    for (const old of ['--segments', '--max-vus'])
      expect(oneLine(() => parseFlags(LOAD_OPTIONS, LOAD_USAGE, { argv: [old, '2'] }))).toMatch(
        new RegExp(`^Unknown option '${old}'.*; run with --help for the options$`),
      );
    expect(
      oneLine(() =>
        parseFlags(LOAD_OPTIONS, LOAD_USAGE, { argv: ['--out-dir', 'x'], retired: LOAD_RETIRED_FLAGS }),
      ),
    ).toBe(
      "--out-dir is now --reports-dir DIR: the run's folder goes in it, as DIR/<run-id>/ (default reports)",
    );
    expect(LOAD_USAGE).toContain('--workers N');
    expect(LOAD_USAGE).toContain('--max-in-flight N');
  });

  it("should default to the walk scenario and each scenario's own profile", () => {
    expect(checkOptions({})).toEqual({ scenario: 'walk', profile: 'smoke', workers: 1 });
    expect(checkOptions({ scenario: 'fairness' })).toEqual({
      scenario: 'fairness',
      profile: 'load',
      workers: 1,
    });
    expect(checkOptions({ scenario: 'stress', workers: 4 })).toEqual({
      scenario: 'stress',
      profile: 'stress',
      workers: 4,
    });
    expect(checkOptions({ scenario: 'depth', profile: 'spike' }).profile).toBe('spike');
  });

  it('should refuse a run no one could make, in one line naming the option', () => {
    const check = (options: Parameters<typeof checkOptions>[0]) => oneLine(() => checkOptions(options));

    expect(check({ scenario: 'nope' as never })).toBe(
      '--scenario: "nope" is unknown; choose from walk, fairness, isolation, depth, stress',
    );
    expect(check({ profile: 'huge' as never })).toMatch(
      /^--profile: "huge" is unknown; choose from smoke, load/,
    );
    expect(check({ duration: 'soon' })).toBe(
      '--duration: "soon" is not a duration with its unit, like 500ms, 30s, 5m or 1h',
    );
    expect(check({ duration: '0s' })).toBe(
      '--duration: "0s" must be positive: a duration with its unit, like 500ms, 30s, 5m or 1h',
    );
    expect(check({ thresholds: ['latency=fast'] })).toMatch(
      /^--threshold "latency=fast": "fast" is not a threshold/,
    );
    expect(check({ target: 'x.json', faults: ['shared-cache'] })).toMatch(
      /^--fault, --latency, --rate-limit and --churn shape the sandbox; they cannot go with --target$/,
    );
    expect(check({ target: 'x.json', sandbox: { churn: 5 } })).toMatch(/cannot go with --target$/);
    expect(check({ target: 'x.json', faults: [], sandbox: {} })).toBe('accepted');
  });
});
