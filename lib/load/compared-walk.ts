/**
 * A load's walk of a quiescent tenant's unfiltered list that ended, against the setup's complete
 * walk of that list (walk-complete-under-load): it reads what the walk kept for its own checks (its
 * distinct ids, its pages' ids) and one number of the setup's, and sends nothing.
 */
import { walkCompleteUnderLoad } from '../checks/walk-complete-under-load.ts';
import type { Failure } from '../failure.ts';
import type { ApiCall, Query } from '../http/call.ts';
import { runWalkSetCheck } from '../paging/run-checks.ts';
import type { Walk } from '../paging/walk-list.ts';
import type { SetupData } from './scenario.ts';

const tagsByTenant = new Map<string, Record<string, string>>();

/** The tags of the judged_walks point a judged walk of `tenant` adds: one object per tenant. */
export function comparedTags(tenant: string): Record<string, string> {
  let tags = tagsByTenant.get(tenant);
  if (tags === undefined) {
    tags = { check: walkCompleteUnderLoad.name, tenant };
    tagsByTenant.set(tenant, tags);
  }
  return tags;
}

/** No filter, locationId or salesChannel: the list the setup walked, at any limit (none too). */
const unfiltered = (query: Query): boolean => Object.keys(query).every((name) => name === 'limit');

/**
 * What walk-complete-under-load found of `walk`, which `first` started; undefined when the walk is
 * not one it judges: it did not end with hasMore false (a failed, throttled or cut walk proves
 * nothing of the list), it had filters, or its tenant is not quiescent (only those are in `listed`).
 */
export function comparedWalk(listed: SetupData['listed'], first: ApiCall, walk: Walk): Failure[] | undefined {
  if (walk.end !== 'complete' || listed === undefined) return undefined;
  const count = listed[first.credential.tenant]?.[first.endpoint];
  if (count === undefined || !unfiltered(first.query)) return undefined;
  const ended = {
    first,
    ids: walk.ids.size,
    firstPageRecords: walk.pageIds[0]?.length ?? 0,
    pages: walk.pageCount,
    listed: count,
  };
  return runWalkSetCheck(walkCompleteUnderLoad, ended, walk.requests);
}
