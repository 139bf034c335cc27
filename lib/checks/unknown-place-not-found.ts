import type { ApiCall } from '../http/call.ts';
import type { ProbeCheck } from './types.ts';

/**
 * The longest id the rule holds a server to. Common opaque ids fit well inside it (an ObjectId 24
 * characters, a ULID 26, a UUID 36, a prefixed UUID some 40); a server may store ids in a column
 * of 64 characters and refuse longer input before any lookup, so past it a 400 stays allowed.
 */
const PLAUSIBLE_ID_LENGTH = 64;

/**
 * Whether `id` is one a client cannot tell from an issued id (spec §2: identifiers are opaque
 * strings): 1 to PLAUSIBLE_ID_LENGTH visible ASCII characters, no space or control character. An
 * id with those, or not UTF-8, is one a server may refuse as malformed (400).
 */
const isPlausibleId = (id: string): boolean =>
  id.length > 0 && id.length <= PLAUSIBLE_ID_LENGTH && /^[\x21-\x7e]+$/.test(id);

/** The place ids a probe sent, decoded; none for a value that is not UTF-8 or sent twice. */
function sentPlaceIds(raw: readonly { name: string; encoded: string }[] | undefined): string[] {
  const places = (raw ?? []).filter((param) => param.name === 'locationId' || param.name === 'categoryId');
  if (places.length !== 1) return [];
  try {
    return places.map((param) => decodeURIComponent(param.encoded));
  } catch {
    return [];
  }
}

/**
 * Whether the request carried a cursor: one issued for a list without this id, so the filters
 * changed mid-walk (spec §4.3.4: unsupported) and a server may refuse the cursor first, with a 400.
 */
const sentCursor = (call: ApiCall): boolean =>
  call.query.cursor !== undefined || (call.raw ?? []).some((param) => param.name === 'cursor');

/**
 * spec §2, §5, §7: an id is an opaque string, so a client cannot know a format and a server may
 * not impose one: a locationId or categoryId no tenant has that is a plausible id (isPlausibleId),
 * of any shape (another prefix or case, digits only, a UUID, another tenant's form), "does not
 * exist inside the key's tenant boundary" and is 404, as another tenant's id is, never a 400
 * "malformed". On a first page only: with a cursor a 400 may be the cursor's (sentCursor). Only the 400 is judged here: any other status but 404 is unknown-place-refused's.
 */
export const unknownPlaceNotFound: ProbeCheck = {
  name: 'unknown-place-not-found',
  description:
    'A locationId or categoryId no tenant has that is a plausible opaque id (1-64 visible ASCII characters, any shape) is 404 on a first page (no cursor), not a 400 for a format the server expects.',
  catches: ['place-id-format-400'],
  run({ call, response, probe }) {
    const [id] = sentPlaceIds(call.raw);
    if (response.status !== 400 || id === undefined || !isPlausibleId(id) || sentCursor(call)) return null;
    return {
      code: 'UNKNOWN_ID_CALLED_MALFORMED',
      message: `${probe} answered 400: ids are opaque strings (spec §2), so ${JSON.stringify(id)}, no tenant's id, does not exist and is 404 (§5, §7), like another tenant's`,
      expected: '404, as for any id that does not exist in the tenant',
      received: `400: ${response.bodyText.slice(0, 200)}`,
    };
  },
};
