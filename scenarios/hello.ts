/**
 * The toolchain smoke test: one GET of BASE_URL, one check. It proves that a bundle runs under
 * the real k6, that thresholds decide the exit code, and that handleSummary writes JSON.
 * Env: BASE_URL (required), SUMMARY_PATH (where the summary JSON goes; none when unset).
 */
import { check } from 'k6';
import http from 'k6/http';
import type { Options } from 'k6/options';

/** Fails in the init stage (k6 exit code 107) rather than sending requests nowhere. */
function requiredEnv(name: string): string {
  const value = __ENV[name];
  if (!value) throw new Error(`hello: set ${name}`);
  return value;
}

const BASE_URL = requiredEnv('BASE_URL');

export const options: Options = {
  vus: 1,
  iterations: 1,
  // A failed check fails the run with k6's exit code 99, which is what the test asserts.
  thresholds: { checks: ['rate==1'] },
};

export default function hello(): void {
  const response = http.get(BASE_URL);
  check(response, { 'status is 200': (r) => r.status === 200 });
}

export function handleSummary(data: object): Record<string, string> {
  const path = __ENV.SUMMARY_PATH;
  return path ? { [path]: JSON.stringify(data) } : {};
}
