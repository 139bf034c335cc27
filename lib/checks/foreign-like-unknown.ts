import { canonicalJson } from '../canonical-json.ts';
import { isClientError, type ApiResponse } from '../http/response.ts';
import { foreignString } from './tenant-isolation.ts';
import type { WalkSetCheck } from './types.ts';

/** A refused request and the place id it sent. */
export interface SentPlace {
  response: ApiResponse;
  id: string;
}

/** Another tenant's place and an unknown one of the same form, each sent in the same request. */
export interface ForeignAndUnknown {
  parameter: string;
  foreign: SentPlace;
  unknown: SentPlace;
  /** The tenant (other than the key's) each id the survey saw belongs to. */
  foreignOwner: (id: string) => string | undefined;
}

/** Where the id sent would be named in a message. */
const PLACEHOLDER = '<sent id>';

const replaced = (value: unknown, id: string): unknown => {
  if (typeof value === 'string') return value.split(id).join(PLACEHOLDER);
  return Array.isArray(value) ? value.map((inner) => replaced(inner, id)) : value;
};

/** The Error fields of the spec (§2) of a refusal, with its own sent id made a placeholder. */
function spoken({ response, id }: SentPlace): string {
  const body = (typeof response.body === 'object' && response.body !== null ? response.body : {}) as Record<
    string,
    unknown
  >;
  const { statusCode, error, message } = body;
  return canonicalJson({ statusCode, error: replaced(error, id), message: replaced(message, id) });
}

/** A 4xx the client can compare; a 429 is about pace, not about the place (nothing to compare). */
const comparable = (status: number): boolean => isClientError(status) && status !== 429;

/**
 * spec §5 and §7: a place outside the key's tenant "does not exist inside the key's tenant
 * boundary", so its refusal is the refusal of an id that does not exist: same status, same Error
 * fields once each request's own id is set aside, and nothing else of another tenant in it. A
 * served foreign place is foreign-resource-not-found's finding, a served unknown one
 * unknown-place-refused's: only two refusals are compared here.
 */
export const foreignLikeUnknown: WalkSetCheck<ForeignAndUnknown> = {
  name: 'foreign-like-unknown',
  description:
    "Another tenant's locationId or categoryId is refused exactly like an unknown id of the same form: same status and Error fields (the id aside), no other tenant's data.",
  catches: ['foreign-404-names-owner'],
  run({ parameter, foreign, unknown, foreignOwner }) {
    const foreignStatus = foreign.response.status;
    const unknownStatus = unknown.response.status;
    if (!comparable(foreignStatus) || !comparable(unknownStatus)) return null;
    const leak = foreignString(foreign.response.body, (id) =>
      id === foreign.id ? undefined : foreignOwner(id),
    );
    if (leak !== null)
      return {
        code: 'FOREIGN_REFUSAL_LEAKS',
        message: `the refusal of ${parameter} ${foreign.id} names ${leak.id}, an id of ${leak.owner}`,
        expected: 'no data of another tenant',
        received: `${leak.id} (${leak.owner})`,
      };
    if (foreignStatus !== unknownStatus)
      return {
        code: 'FOREIGN_TOLD_APART',
        message: `${parameter} ${foreign.id} of another tenant is ${foreignStatus}, unknown ${unknown.id} is ${unknownStatus}`,
        expected: `${unknownStatus}, as for an id that does not exist`,
        received: String(foreignStatus),
      };
    const told = spoken(foreign);
    const plain = spoken(unknown);
    if (told === plain) return null;
    return {
      code: 'FOREIGN_TOLD_APART',
      message: `the refusal of ${parameter} ${foreign.id} of another tenant differs from that of unknown ${unknown.id}`,
      expected: plain,
      received: told,
    };
  },
};
