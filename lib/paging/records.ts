import type { ApiCall } from '../http/call.ts';
import { callPath } from '../http/call.ts';
import type { RequestRecord } from '../failure.ts';
import type { PageBody } from '../checks/types.ts';

export function requestRecord(call: ApiCall, status: number): RequestRecord {
  return requestRecordAt(call, callPath(call), status);
}

/** The record of a request to `path` with `call`'s endpoint and credential. */
function requestRecordAt(call: ApiCall, path: string, status: number): RequestRecord {
  const { tenant, role, scheme, keyCase, keyPlace, second, keySpelling } = call.credential;
  const record: RequestRecord = { endpoint: call.endpoint, path, tenant, role, scheme, status };
  if (call.method !== undefined && call.method !== 'GET') record.method = call.method;
  if (keyCase !== undefined) record.keyCase = keyCase;
  if (keyPlace !== undefined) record.keyPlace = keyPlace;
  if (second !== undefined) record.second = { ...second };
  if (keySpelling !== undefined) record.keySpelling = keySpelling;
  return record;
}

/** The ids of a page's records in order, as strings; read once per page (see PageContext). */
export function pageIds(page: PageBody | null): string[] {
  if (page === null) return [];
  const records = page.data;
  const ids = new Array<string>(records.length);
  for (let index = 0; index < records.length; index += 1) ids[index] = String(records[index]?.id);
  return ids;
}
