/**
 * Values outside the domains the spec types (spec §4.1, §4.2, §8): status outside its enum,
 * activeOnly outside true and false, limit outside the integers 1..100 or unreadable; each with
 * the kinds every parameter's outside has (outside.ts).
 */
import fc from 'fast-check';
import { ENDPOINT_INFO, ENDPOINTS, LIMITS, type Endpoint } from '../../lib/contract/endpoints.ts';
import { anyParameter, oneValue, type Outside } from './outside.ts';

/** A value of `values` written in another case than its own. */
const otherCase = (values: readonly string[]): fc.Arbitrary<string> =>
  fc
    .tuple(fc.constantFrom(...values), fc.constantFrom('lower', 'capital', 'mixed'), fc.nat())
    .map(([value, how, seed]) => {
      if (how === 'lower') return value.toLowerCase();
      if (how === 'capital') return value.charAt(0) + value.slice(1).toLowerCase();
      // Flip the case of one letter (the seed says which): wrong however a server compares.
      const letters = [...value].flatMap((char, index) => (/[A-Za-z]/.test(char) ? [index] : []));
      const at = letters[seed % letters.length] ?? 0;
      return value.slice(0, at) + (value[at] ?? '').toLowerCase() + value.slice(at + 1);
    });

/** status outside its endpoint's enum (spec §4.1, §4.2): every one of these is a 400. */
export function statusOutside(endpoint: Endpoint): fc.Arbitrary<Outside[]> {
  const allowed = ENDPOINT_INFO[endpoint].statuses;
  const others = ENDPOINTS.filter((other) => other !== endpoint).flatMap(
    (other) => ENDPOINT_INFO[other].statuses,
  );
  const word = fc.stringMatching(/^[A-Z][A-Z_]{0,19}$/).filter((text) => !allowed.includes(text));
  const pick = fc.constantFrom(...allowed);
  return fc
    .record({
      variant: otherCase(allowed),
      other: fc.constantFrom(...others),
      word,
      padded: fc.tuple(pick, fc.boolean()).map(([value, front]) => (front ? ` ${value}` : `${value} `)),
      joined: fc.tuple(pick, pick).map(([first, second]) => `${first},${second}`),
      rest: anyParameter('status', pick),
    })
    .map(({ variant, other, word: unknown, padded, joined, rest }) => [
      oneValue('status', 'a case variant', variant),
      oneValue('status', "another endpoint's status", other),
      oneValue('status', 'a word outside the enum', unknown),
      oneValue('status', 'a status with a space', padded),
      oneValue('status', 'two statuses in one value', joined),
      ...rest,
    ]);
}

/** Words no boolean reading makes (a 400), and spellings some frameworks read (the spec shows none). */
const NOT_BOOLEANS = ['maybe', 'banana', '2', '-1', 'truee', 'ture', 'fals', 'true false', 'activeOnly'];
const TRUE_SPELLINGS = ['TRUE', 'True', '1', 'yes', 'on'];
const FALSE_SPELLINGS = ['FALSE', 'False', '0', 'no', 'off'];

/**
 * activeOnly outside true and false (spec §4.2: a boolean): a spelling of each value in every run,
 * so one that restricts (true) is always among them (a served one must mean its value).
 */
export const activeOnlyOutside: fc.Arbitrary<Outside[]> = fc
  .record({
    word: fc.constantFrom(...NOT_BOOLEANS),
    spellings: fc.tuple(fc.constantFrom(...TRUE_SPELLINGS), fc.constantFrom(...FALSE_SPELLINGS)),
    rest: anyParameter('activeOnly', fc.constantFrom('true', 'false')),
  })
  .map(({ word, spellings, rest }) => [
    oneValue('activeOnly', 'a word no boolean reading makes', word),
    ...spellings.map((spelling) => oneValue('activeOnly', 'another spelling of a boolean', spelling)),
    ...rest,
  ]);

/** Decimals with leading zeros or a plus: refused, or served as exactly that decimal (never octal). */
const PADDED_LIMITS = ['010', '007', '0100', '00050', '+5'];

/**
 * Forms that are no decimal integer, each a 400: radix prefixes a strtol-like parser reads (0x10 as
 * 16), an exponent, a decimal point, spaces, an underscore, digits of another script.
 */
const NOT_DECIMAL_LIMITS = [
  '0x10',
  '0o10',
  '0b101',
  '1e1',
  '5.0',
  '5.',
  ' 5',
  '7 ',
  '1_0',
  '\u0663',
  '\uFF15',
];

/** Every padded decimal and every form that is no decimal integer, for the coverage phase. */
export const limitForms = (): Outside[] => [
  ...PADDED_LIMITS.map((value) => oneValue('limit', 'a padded decimal', value)),
  ...NOT_DECIMAL_LIMITS.map((value) => oneValue('limit', 'no decimal integer', value)),
];

/**
 * limit outside the integers 1..100 (spec §4, §8) beyond what limits.rejected draws: huge numbers
 * (an overflow), unreadable and empty values, forms that are no decimal integer, and padded
 * decimals whose reading is open.
 */
export const limitOutside: fc.Arbitrary<Outside[]> = fc
  .record({
    huge: fc.stringMatching(/^[1-9][0-9]{19,39}$/),
    padded: fc.constantFrom(...PADDED_LIMITS),
    notDecimal: fc.constantFrom(...NOT_DECIMAL_LIMITS),
    rest: anyParameter('limit', fc.integer({ min: LIMITS.min, max: LIMITS.max }).map(String)),
  })
  .map(({ huge, padded, notDecimal, rest }) => [
    oneValue('limit', 'a huge number', huge),
    oneValue('limit', 'a padded decimal', padded),
    oneValue('limit', 'no decimal integer', notDecimal),
    ...rest.filter((outside) => outside.kind !== 'an over-long value'),
  ]);
