import { readParameters } from './parameter-domain.ts';
import { unexpectedStatus } from './expect-status.ts';
import type { ProbeCheck } from './types.ts';

/**
 * spec §4.1, §4.2, §7: a value outside its parameter's domain (a status outside its enum, in any
 * other case too; an activeOnly no boolean reading makes; a limit not an integer 1..100) is a 400,
 * never served: a 200 would be the request silently altered (§4.3 rule 6); so is an empty one
 * (`status=`, `limit=`: none of the enum, no integer). A locationId or categoryId no place can have
 * (empty or blank, spec §5, §7) is 404 or 400, never a page without its filter. A value whose
 * reading the spec leaves open (an empty cursor, a parameter given twice with two legal
 * values; with one value outside its domain it is a 400, as that value alone is) may be refused
 * or served (served is an advisory finding). Whatever the value, never a 5xx.
 */
export const invalidParameterRejected: ProbeCheck = {
  name: 'invalid-parameter-rejected',
  description:
    'A value outside its parameter’s domain (enum, boolean, limit; empty too) is 400; an empty or blank place id 404 or 400; any value, odd or repeated, never a 5xx.',
  catches: [
    'enum-case-insensitive',
    'bad-enum-500',
    'active-only-any-word',
    'long-param-500',
    'bad-escape-500',
    'repeated-param-500',
    'repeated-param-first-wins',
    'empty-filter-ignored',
    'limit-radix-prefix',
  ],
  run(context) {
    const readings = readParameters(context.call);
    const invalid = readings.find((entry) => entry.reading === 'invalid');
    if (invalid !== undefined) {
      const failure = unexpectedStatus(context, '400', (status) => status === 400);
      return failure && { ...failure, message: `${failure.message}: ${invalid.why}` };
    }
    const nowhere = readings.find((entry) => entry.reading === 'no-place');
    if (nowhere !== undefined) {
      const failure = unexpectedStatus(context, '404 (or 400)', (status) => status === 404 || status === 400);
      return failure && { ...failure, message: `${failure.message}: ${nowhere.why}` };
    }
    const served = unexpectedStatus(context, 'a 4xx or a page', (status) => status < 500);
    if (served !== null) return served;
    const open = readings.find((entry) => entry.reading === 'open');
    if (open === undefined || context.response.status >= 300) return null;
    return {
      code: 'OPEN_VALUE_SERVED',
      severity: 'advisory',
      message: `${context.probe} was served (${context.response.status}): ${open.why}; check it reads as the client meant`,
      expected: 'a 400, or a reading the API documents',
      received: `${context.response.status}: ${context.response.bodyText.slice(0, 200)}`,
    };
  },
};
