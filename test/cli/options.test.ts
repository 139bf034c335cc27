/** One option table per command: its values read flag > environment twin > default. */
import { describe, expect, it } from 'vitest';
import { CAPACITY_OPTIONS } from '../../lib/capacity/options.ts';
import { optionList, optionText, optionValue, withTwinPrefix } from '../../lib/cli/options.ts';
import { GATE_OPTIONS } from '../../lib/gate/options.ts';
import { LOAD_OPTIONS } from '../../lib/load/run/options.ts';
import { PROPS_OPTIONS } from '../../lib/props/options.ts';
import { REPRO_OPTIONS } from '../../lib/repro/options.ts';

const TABLE = {
  start: { value: 'RPS', default: '20', help: 'rate of the first step' },
  fault: { value: 'NAME', multiple: true, help: 'a fault' },
  load: { value: 'NAME', env: false, help: 'a load' },
} as const;

describe('optionText', () => {
  it('should take the flag over its twin, and the twin over the default', () => {
    const env = { HARNESS_START: '30' };
    expect(optionValue(TABLE, { start: '40' }, env, 'start')).toBe('40');
    expect(optionValue(TABLE, {}, env, 'start')).toBe('30');
    expect(optionValue(TABLE, {}, {}, 'start')).toBe('20');
    expect(optionText(TABLE, {}, {}, 'start')).toBeUndefined();
  });

  it('should read no variable for an option without a twin, and none when it is empty', () => {
    expect(optionText(TABLE, {}, { HARNESS_LOAD: 'walk' }, 'load')).toBeUndefined();
    expect(optionValue(TABLE, {}, { HARNESS_START: '' }, 'start')).toBe('20');
  });

  it('should read a twin under its prefix only', () => {
    const sandbox = withTwinPrefix(TABLE, 'HARNESS_SANDBOX_');
    expect(optionText(sandbox, {}, { HARNESS_START: '1' }, 'start')).toBeUndefined();
    expect(optionText(sandbox, {}, { HARNESS_SANDBOX_START: '2' }, 'start')).toBe('2');
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
    expect(optionList(table, {}, env, 'fault')).toEqual(['a', 'b']);
    expect(optionList(table, { fault: ['c'] }, env, 'fault')).toEqual(['c']);
  });
});
