import type { ApiCall } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import type { PageCheck, PageContext, ProbeCheck, ProbeContext } from './types.ts';
import { foreignString } from './tenant-isolation.ts';

/** The records a body carries in `data`, if it carries any: a refusal may not. */
function recordsIn(body: unknown): number {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 0;
  const data = (body as { data?: unknown }).data;
  return Array.isArray(data) ? data.length : 0;
}

/**
 * spec §5, §7: a refused request (401, 403, 404, and a 400 or 429 too) discloses nothing of the
 * records it was refused. The Error shape allows additional fields (spec §2), so an extra field
 * alone is allowed; a `data` array holding records, or the id of a record the survey knows (any
 * tenant's, anywhere in the body; the spec's own-text fields are not read), is not. On a walk's
 * page the ids known are other tenants' (walk.spec.foreignOwner); a probe is given every tenant's.
 */
export const refusalDisclosesNothing: PageCheck & ProbeCheck = {
  name: 'refusal-discloses-nothing',
  description:
    "Every refused answer (4xx) carries no record: no `data` array of records, no id of any tenant's record anywhere in its body.",
  catches: ['refusal-carries-data'],
  run(context: PageContext | ProbeContext) {
    const { response, call } = context as { response: ApiResponse; call?: ApiCall };
    if (response.status < 400 || response.status >= 500 || call?.method === 'HEAD') return null;
    const received = `${response.status}: ${response.bodyText.slice(0, 200)}`;
    const records = recordsIn(response.body);
    if (records > 0)
      return {
        code: 'REFUSAL_CARRIES_RECORDS',
        message: `a ${response.status} refusal carries ${records} record${records === 1 ? '' : 's'} in data`,
        expected: `a ${response.status} with no record (spec §5, §7)`,
        received,
      };
    const ownerOf = 'walk' in context ? context.walk.spec.foreignOwner : context.recordOwner;
    const found = ownerOf === undefined ? null : foreignString(response.body, ownerOf);
    if (found === null) return null;
    return {
      code: 'REFUSAL_NAMES_RECORD',
      message: `a ${response.status} refusal names ${found.id}, a record of ${found.owner}`,
      expected: `a ${response.status} with no record's id (spec §5, §7)`,
      received,
    };
  },
};
