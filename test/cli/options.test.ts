/**
 * One option table per command, read by one reader (lib/cli/read.ts): flag > environment twin >
 * default. Every command's table goes through it with every default, given by flag and by twin.
 */
import { describe, expect, it } from 'vitest';
import { benchOptions, BENCH_OPTIONS } from '../../bench/options.ts';
import { CAPACITY_OPTIONS, capacityOptions } from '../../lib/capacity/options.ts';
import { twinOf, withTwinPrefix, type FlagValues, type OptionTable } from '../../lib/cli/options.ts';
import { readerOf, type Env } from '../../lib/cli/read.ts';
import { GATE_OPTIONS, gateOptions } from '../../lib/gate/options.ts';
import { BUILD_OPTIONS, buildOptions } from '../../lib/load/artillery/build-options.ts';
import { checkOptions, LOAD_OPTIONS, optionsFromFlags } from '../../lib/load/run/options.ts';
import { INSTALL_OPTIONS, installOptions } from '../../lib/process/install-options.ts';
import { PROPS_OPTIONS, propsOptions } from '../../lib/props/options.ts';
import { REPORT_OPTIONS, reportOptions } from '../../lib/report/options.ts';
import { REPRO_OPTIONS, reproOptions } from '../../lib/repro/options.ts';
import { SANDBOX_OPTIONS, sandboxOptionsFromFlags } from '../../sandbox/command.ts';
import { integer } from '../../lib/cli/kinds.ts';

const TABLE = {
  start: { value: 'RPS', default: '20', kind: integer(1, 100), help: 'rate of the first step' },
  fault: { value: 'NAME', multiple: true, help: 'a fault' },
  load: { value: 'NAME', env: false, help: 'a load' },
} as const;

describe('the option reader', () => {
  it('should take the flag over its twin, and the twin over the default', () => {
    const env = { HARNESS_START: '30' };
    expect(readerOf(TABLE, { start: '40' }, env).value('start')).toBe(40);
    expect(readerOf(TABLE, {}, env).value('start')).toBe(30);
    expect(readerOf(TABLE, {}, {}).value('start')).toBe(20);
    expect(readerOf(TABLE, {}, {}).given('start')).toBe(false);
  });

  it('should read no variable for an option without a twin, and none when it is empty', () => {
    expect(readerOf(TABLE, {}, { HARNESS_LOAD: 'walk' }).value('load')).toBeUndefined();
    expect(readerOf(TABLE, {}, { HARNESS_START: '' }).value('start')).toBe(20);
  });

  it('should name where a bad value came from: the flag, or the variable', () => {
    expect(() => readerOf(TABLE, { start: '0' }, {}).value('start')).toThrow(
      '--start: "0" must be positive; expected an integer from 1 to 100',
    );
    expect(() => readerOf(TABLE, {}, { HARNESS_START: 'x' }).value('start')).toThrow(/^HARNESS_START: "x"/);
  });

  it('should refuse a retired variable in one line naming its successor', () => {
    const retired = { HARNESS_OLD: 'now HARNESS_START' };
    expect(() => readerOf(TABLE, {}, { HARNESS_OLD: '1' }, retired)).toThrow(
      'HARNESS_OLD is now HARNESS_START',
    );
  });

  it('should read a twin under its prefix only', () => {
    const sandbox = withTwinPrefix(TABLE, 'HARNESS_SANDBOX_');
    expect(readerOf(sandbox, {}, { HARNESS_START: '1' }).value('start')).toBe(20);
    expect(readerOf(sandbox, {}, { HARNESS_SANDBOX_START: '2' }).value('start')).toBe(2);
  });
});

type Read = (flags: FlagValues, env: Env) => unknown;

/** Every command's table and the function that reads its options. */
const COMMANDS: readonly (readonly [string, OptionTable, Read])[] = [
  ['gate', GATE_OPTIONS, gateOptions],
  ['props', PROPS_OPTIONS, propsOptions],
  ['load', LOAD_OPTIONS, (flags, env) => checkOptions(optionsFromFlags(flags, env))],
  ['capacity', CAPACITY_OPTIONS, capacityOptions],
  ['repro', REPRO_OPTIONS, (flags, env) => reproOptions({ endpoint: 'orders', ...flags }, env)],
  ['report', REPORT_OPTIONS, reportOptions],
  ['sandbox', SANDBOX_OPTIONS, sandboxOptionsFromFlags],
  ['bench', BENCH_OPTIONS, benchOptions],
  ['build', BUILD_OPTIONS, buildOptions],
  ['install-artillery', INSTALL_OPTIONS, installOptions],
];

/** The table's options with a default, and that default. */
const defaults = (table: OptionTable): [string, string][] =>
  Object.entries(table).flatMap(([flag, option]) =>
    option.default === undefined ? [] : [[flag, option.default] as [string, string]],
  );

/** Each default set through the options' twins (those that have one). */
const twinsOf = (table: OptionTable): Env =>
  Object.fromEntries(
    defaults(table).flatMap(([flag, text]) => {
      const twin = twinOf(table, flag);
      return twin === undefined ? [] : [[twin, text]];
    }),
  );

describe.each(COMMANDS)('the options of %s', (_command, table, read) => {
  it('should read each default as the same text given by flag or by twin would be', () => {
    for (const [flag, text] of defaults(table)) {
      const byDefault = readerOf(table, {}, {}).value(flag);
      expect(readerOf(table, { [flag]: text }, {}).value(flag), `--${flag} ${text}`).toEqual(byDefault);
      const twin = twinOf(table, flag);
      if (twin !== undefined)
        expect(readerOf(table, {}, { [twin]: text }).value(flag), twin).toEqual(byDefault);
    }
  });

  it('should accept every documented default, given by flag and by twin', () => {
    expect(() => read({}, {})).not.toThrow();
    expect(() => read(Object.fromEntries(defaults(table)), {})).not.toThrow();
    expect(() => read({}, twinsOf(table))).not.toThrow();
  });
});

describe('an environment variable', () => {
  it('should mean one thing: the same default, read the same way, in every command that reads it', () => {
    const meanings = new Map<string, { command: string; default: unknown }>();
    for (const [command, table] of COMMANDS)
      for (const flag of Object.keys(table)) {
        const twin = twinOf(table, flag);
        if (twin === undefined) continue;
        const meaning = { command, default: readerOf(table, {}, {}).value(flag) };
        const earlier = meanings.get(twin);
        if (earlier === undefined) meanings.set(twin, meaning);
        else expect(meaning.default, `${twin} in ${earlier.command} and ${command}`).toEqual(earlier.default);
      }
  });

  it.each([
    ['capacity', () => capacityOptions({}, { HARNESS_TIME_BUDGET: '5m' }), 'HARNESS_RUN_BUDGET'],
    [
      'repro',
      () => reproOptions({ endpoint: 'orders' }, { HARNESS_TIME_BUDGET: '60s' }),
      'HARNESS_REPLAY_BUDGET',
    ],
  ])("should refuse %s's old name HARNESS_TIME_BUDGET (per property), naming its own", (_c, run, now) => {
    expect(run).toThrow(new RegExp(`^HARNESS_TIME_BUDGET is per property.*${now}`));
  });
});

describe('HARNESS_FAULT', () => {
  it.each([
    ['gate', GATE_OPTIONS],
    ['props', PROPS_OPTIONS],
    ['load', LOAD_OPTIONS],
    ['capacity', CAPACITY_OPTIONS],
    ['repro', REPRO_OPTIONS],
  ])('should be read as --fault by %s, a flag winning over it', (_command, table) => {
    const env = { HARNESS_FAULT: 'a,b' };
    expect(readerOf(table, {}, env).list('fault')).toEqual(['a', 'b']);
    expect(readerOf(table, { fault: ['c'] }, env).list('fault')).toEqual(['c']);
  });
});

describe('--churn 0, the quiescent sandbox every table defaults to', () => {
  it.each([
    ['props', () => propsOptions({ churn: '0' }, {}).churn],
    ['load', () => optionsFromFlags({ churn: '0' }, {}).sandbox?.churn],
    ['repro', () => reproOptions({ endpoint: 'orders', churn: '0' }, {}).churn ?? 0],
    ['sandbox', () => sandboxOptionsFromFlags({ churn: '0' }, {}).churn],
  ])('should be accepted by %s', (_command, churn) => {
    expect(churn()).toBe(0);
  });
});
