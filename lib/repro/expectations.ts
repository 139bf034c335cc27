/**
 * What a standalone reproduction checks on the answers it receives: the contract rules a walk's
 * pages must keep (spec §4.3 and the filter rules of §4.1/§4.2), reduced to what a short script
 * can judge without the harness, rendered by the curl script (jq). The Artillery reproduction
 * needs no such list: it runs the harness's own page checks (replay-plan.ts).
 */
import { ACTIVE_ORDER_STATUSES } from '../contract/schemas.ts';
import type { Query } from '../http/call.ts';

export interface Expectations {
  limit: number;
  /** Field → value every record must have, when it carries the field. */
  equal: Record<string, string>;
  /** Statuses allowed by activeOnly=true, when the walk sends it. */
  activeStatuses?: readonly string[];
  /** Case-insensitive substring of name or sku (q). */
  search?: string;
}

/**
 * From the query of the reproduced walk. Both status and activeOnly together is "not shown"
 * (spec §4.2), so neither is judged then, as in the filter-respected check.
 */
export function expectationsOf(query: Query): Expectations {
  const both = query.status !== undefined && query.activeOnly !== undefined;
  const equal: Record<string, string> = {};
  if (query.status !== undefined && !both) equal.status = query.status;
  if (query.locationId !== undefined) equal.locationId = query.locationId;
  if (query.categoryId !== undefined) equal.categoryId = query.categoryId;
  return {
    limit: Number(query.limit ?? 50),
    equal,
    ...(query.activeOnly === 'true' && !both ? { activeStatuses: ACTIVE_ORDER_STATUSES } : {}),
    ...(query.q !== undefined ? { search: query.q } : {}),
  };
}
