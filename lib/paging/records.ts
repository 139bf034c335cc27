import type { ApiCall } from '../http/call.ts';
import { callPath } from '../http/call.ts';
import type { RequestRecord } from '../failure.ts';
import type { PageBody } from '../checks/types.ts';

export function requestRecord(call: ApiCall, status: number): RequestRecord {
  const { tenant, role, scheme } = call.credential;
  return { endpoint: call.endpoint, path: callPath(call), tenant, role, scheme, status };
}

/** Identifies a page by the ids it holds, in order. */
export const pageFingerprint = (page: PageBody): string =>
  page.data.map((record) => String(record.id)).join(',');
