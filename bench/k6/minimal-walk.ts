/**
 * The walk a user would write by hand: GET the first page, parse the JSON, follow the cursor
 * until hasMore is false (spec §4.3 rule 2). Nothing else: no checks, tags or metrics. It is the
 * baseline the harness's walk scenario is compared to.
 * Env: BASE_URL (required, ends in /api/v1); LIST_URLS_FILE (optional: a file of first-page URLs,
 * one per line; iteration i walks line i modulo their count, so that it walks the same lists as
 * the harness's walk scenario; without it, every walk is of the orders list at the default limit);
 * API_KEY_HEADER and API_KEY (optional). Executor and size come from the command line
 * (`--vus N --duration Ds`), or with RATE (walks per second), VUS and DURATION (e.g. `10s`): an
 * open model at that rate, as the harness's own walk scenario runs.
 */
import exec from 'k6/execution';
import http from 'k6/http';

const BASE_URL = __ENV.BASE_URL ?? '';
if (BASE_URL === '') throw new Error('minimal-walk: set BASE_URL');
const FIRST_PAGES = __ENV.LIST_URLS_FILE
  ? open(__ENV.LIST_URLS_FILE)
      .split('\n')
      .filter((line) => line !== '')
  : [`${BASE_URL}/public/orders`];
const headers: Record<string, string> =
  __ENV.API_KEY_HEADER && __ENV.API_KEY ? { [__ENV.API_KEY_HEADER]: __ENV.API_KEY } : {};
export const options = __ENV.RATE
  ? {
      scenarios: {
        walk: {
          executor: 'constant-arrival-rate',
          rate: Number(__ENV.RATE),
          timeUnit: '1s',
          duration: __ENV.DURATION ?? '10s',
          preAllocatedVUs: Number(__ENV.VUS ?? 32),
          maxVUs: Number(__ENV.VUS ?? 32),
        },
      },
    }
  : {};

/** Bounds a walk whatever the server answers. */
const MAX_PAGES = 10_000;

interface Page {
  pagination: { nextPageToken: string | null; hasMore: boolean };
}

export default function minimalWalk(): void {
  const first = FIRST_PAGES[exec.scenario.iterationInTest % FIRST_PAGES.length] ?? '';
  const separator = first.includes('?') ? '&' : '?';
  let url = first;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { pagination } = http.get(url, { headers }).json() as unknown as Page;
    if (!pagination.hasMore || pagination.nextPageToken === null) return;
    url = `${first}${separator}cursor=${encodeURIComponent(pagination.nextPageToken)}`;
  }
}
