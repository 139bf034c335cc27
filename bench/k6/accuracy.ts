/**
 * One GET of a fixed page, driven open-model (constant arrival rate: requests start on schedule
 * whether or not earlier ones have answered) or closed-model (a few VUs, each waiting for its
 * answer before sending the next), to compare their reported percentiles with a known truth.
 * Env: URL (required); MODEL open|closed; RATE (open, per second); VUS (closed); DURATION (e.g.
 * 20s); API_KEY_HEADER and API_KEY (optional).
 */
import http from 'k6/http';
import type { Options } from 'k6/options';

const URL = __ENV.URL ?? '';
if (URL === '') throw new Error('accuracy: set URL');
const DURATION = __ENV.DURATION ?? '20s';
const headers: Record<string, string> =
  __ENV.API_KEY_HEADER && __ENV.API_KEY ? { [__ENV.API_KEY_HEADER]: __ENV.API_KEY } : {};

const open = {
  executor: 'constant-arrival-rate',
  rate: Number(__ENV.RATE ?? '100'),
  timeUnit: '1s',
  duration: DURATION,
  // Enough VUs that a stall never delays the start of a request: no coordinated omission.
  preAllocatedVUs: 100,
  maxVUs: 400,
} as const;

const closed = { executor: 'constant-vus', vus: Number(__ENV.VUS ?? '4'), duration: DURATION } as const;

export const options: Options = {
  scenarios: { requests: __ENV.MODEL === 'closed' ? closed : open },
  discardResponseBodies: true,
};

export default function request(): void {
  http.get(URL, { headers });
}
