import { unexpectedStatus } from './expect-status.ts';
import type { ProbeCheck } from './types.ts';

/**
 * spec §5, §7: a locationId or categoryId that does not exist inside the key's tenant is reported
 * as 404; an id a server can tell is malformed (over-long, control characters, not UTF-8) may be a
 * 400 instead. Never data, never a 5xx. The probes send ids no tenant has: made up by the harness,
 * an own id in another case or padded with a space (spec §2: ids are opaque strings, so LOC_A_1 is
 * not loc_a_1), or a literal word (null, undefined, true, *) that is nobody's id. The 400 this
 * allows is unknown-place-not-found's finding where the id is a plausible one (any shape, 1-64
 * visible ASCII characters): a server may not impose a format on opaque ids.
 */
export const unknownPlaceRefused: ProbeCheck = {
  name: 'unknown-place-refused',
  description:
    'A locationId or categoryId no tenant has (made up, an own id in another case, a literal word such as null, over-long, odd) is 404 or 400, never data.',
  catches: [
    'unknown-place-empty',
    'long-param-500',
    'bad-escape-500',
    'location-id-case-folded',
    'null-literal-location',
  ],
  run: (context) => unexpectedStatus(context, '404 (or 400)', (status) => status === 404 || status === 400),
};
