/**
 * The bare GET loop: one request per iteration, no parsing, no checks. It is what the load
 * generator itself costs, the floor every walk is measured against.
 * Env: URL (required); API_KEY_HEADER and API_KEY (optional, sent on every request).
 * Executor and size come from the command line (`--vus N --duration Ds`).
 */
import http from 'k6/http';

const URL = __ENV.URL ?? '';
if (URL === '') throw new Error('bare-get: set URL');
const headers: Record<string, string> =
  __ENV.API_KEY_HEADER && __ENV.API_KEY ? { [__ENV.API_KEY_HEADER]: __ENV.API_KEY } : {};

export default function bareGet(): void {
  http.get(URL, { headers });
}
