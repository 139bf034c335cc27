import { callPath, type ApiCall } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import type { Target } from '../target/target.ts';
import { isImfFixdate } from './date-header-sent.ts';
import type { ProbeCheck, ProbeFailureFields } from './types.ts';

/** A Date names its second: the instant it stands for may be up to this much later. */
const RESOLUTION_MS = 1000;
/** Servers behind one balancer whose clocks differ a little: a Date this much older still passes. */
const TOLERANCE_MS = 2000;
/** Further than this from this machine's clock, either way, a Date is no UTC clock's (a local time). */
const FAR_MS = 15 * 60_000;

/** An answer whose Date dates the target's clock: the one that set Memory.ahead. */
interface ClockReading {
  call: ApiCall;
  status: number;
  date: string;
}

/** What a run has seen of one target's Dates. */
interface Memory {
  /**
   * The most any answer's Date was ahead of this machine's clock when it was received: never more
   * than the target's clock is ahead (a Date is no later than the instant it was made), so every
   * Date the target makes after a request is sent is at least this far ahead of the sending, less
   * a second. -Infinity before the first answer.
   */
  ahead: number;
  clock?: ClockReading;
  /** The last answer judged, and when it was received: one judged twice keeps its time. */
  last?: ApiResponse;
  receivedMs: number;
  /** The answers found far ahead of and far behind this machine's clock: said once a run each. */
  farAhead?: ApiResponse;
  farBehind?: ApiResponse;
}

/**
 * By the target object, which every client and job of one run shares (as ./challenge-on-every-401.ts
 * keeps its 401s): the memory lives as long as the run's target.
 */
const memories = new WeakMap<Target, Memory>();

function memoryOf(target: Target): Memory {
  let memory = memories.get(target);
  if (memory === undefined) {
    memory = { ahead: -Infinity, receivedMs: 0 };
    memories.set(target, memory);
  }
  return memory;
}

/** A server sends one Date a second: the last one read is not parsed again (every answer under load). */
let lastText = '';
let lastMs = Number.NaN;

/** The instant an IMF-fixdate names, in epoch ms; NaN for any other text (date-header-sent's). */
function dateMs(text: string): number {
  if (text === lastText) return lastMs;
  lastText = text;
  lastMs = isImfFixdate(text) ? Date.parse(text) : Number.NaN;
  return lastMs;
}

/** An Age's delta-seconds (RFC 9111 §5.1) in ms: how long a cache kept the answer; 0 without one. */
function ageMs(response: ApiResponse): number {
  const age = response.headers.age;
  return age !== undefined && /^\d+$/.test(age) ? Number(age) * 1000 : 0;
}

/**
 * When `response` was received, read once: the check runs as the answer comes, and runs again on
 * the same answer when another framing check failed (lib/paging/answer-checks.ts).
 */
function receivedMs(memory: Memory, response: ApiResponse): number {
  if (memory.last !== response) {
    memory.last = response;
    memory.receivedMs = Date.now();
  }
  return memory.receivedMs;
}

const words = (call: ApiCall): string => `${call.method ?? 'GET'} ${callPath(call)}`;

const EXPECTED =
  'Date: the time the answer was made, in UTC, so no earlier than its request by the target clock its other answers show, less its one-second resolution (RFC 9110 §6.6.1, RFC 9110 §5.6.7)';

/** How `age` is said after the Date, when the answer carried one. */
const withAge = (response: ApiResponse): string =>
  response.headers.age === undefined ? '' : `, Age: ${response.headers.age.slice(0, 20)}`;

function stale(
  probe: string,
  response: ApiResponse,
  date: string,
  olderMs: number,
  clock: ClockReading,
): ProbeFailureFields {
  const age = response.headers.age === undefined ? '' : ', even counting its Age';
  return {
    code: 'DATE_STALE',
    message: `${probe}: HTTP ${response.status} came with Date: ${date}, at least ${Math.floor((olderMs - RESOLUTION_MS) / 1000)} s before the request that got it was sent${age}, by the target's own clock as its answer to ${words(clock.call)} (HTTP ${clock.status}, Date: ${clock.date}) dates it: a Date is when its answer was made (RFC 9110 §6.6.1), not a time kept from before (a header template built once, a record's timestamp)`,
    expected: EXPECTED,
    received: `Date: ${date}${withAge(response)}`,
    related: [{ call: clock.call, status: clock.status }],
  };
}

function far(probe: string, response: ApiResponse, date: string, offMs: number): ProbeFailureFields {
  const way = offMs > 0 ? 'ahead of' : 'behind';
  return {
    code: 'DATE_OFF_CLOCK',
    message: `${probe}: HTTP ${response.status} came with Date: ${date}, ${Math.round(Math.abs(offMs) / 60_000)} min ${way} this machine's clock: this machine's clock or the target's is wrong (a local time labelled GMT, a wrong time zone?); an HTTP-date is UTC (RFC 9110 §5.6.7) and a Date the time its answer was made (RFC 9110 §6.6.1). Said once a run for Dates ahead, once for Dates behind`,
    expected: `${EXPECTED}; within ${FAR_MS / 60_000} min of this machine's clock`,
    received: `Date: ${date}${withAge(response)}`,
  };
}

/**
 * How far a Date more than FAR_MS from this machine's clock is off (positive ahead), for the first
 * such answer ahead and the first behind (asked again of the same answer, it says so again); null
 * for any other answer.
 */
function offClock(memory: Memory, response: ApiResponse, leadMs: number, lagMs: number): number | null {
  if (leadMs > FAR_MS) {
    memory.farAhead ??= response;
    return memory.farAhead === response ? leadMs : null;
  }
  if (lagMs > FAR_MS) {
    memory.farBehind ??= response;
    return memory.farBehind === response ? -lagMs : null;
  }
  return null;
}

/**
 * RFC 9110 §6.6.1: a Date is "the date and time at which the message was originated". Judged
 * without knowing the latency or the target's clock: received at `received`, sent at `received -
 * durationMs`, an answer's Date D is at most the target's clock at making, so `D - received` is at
 * most the target's lead over this machine (Memory.ahead keeps the largest seen); made after the
 * sending, D is at least `sent + lead - 1 s`. A Date older than that by more than TOLERANCE_MS, less
 * what an Age says a cache kept it (RFC 9111 §5.1), fails (DATE_STALE, naming the answer that dates
 * the clock); a Date more than 15 min from this machine's clock fails once a run each way
 * (DATE_OFF_CLOCK) and dates no clock. Run on every answer any job receives, remembered per target
 * (lib/paging/answer-checks.ts); not judged without a target, on a 5xx (Date optional there) or
 * without an IMF-fixdate (date-header-sent's).
 */
export const dateCurrent: ProbeCheck = {
  name: 'date-current',
  description:
    "Every 2xx, 3xx and 4xx answer's Date is the time it was made (RFC 9110 §6.6.1): no older than its request by the target's own clock, as its other answers show it (within 1 s resolution, 2 s between servers, plus any Age), and within 15 minutes of this machine's clock.",
  catches: ['stale-date-on-revoked', 'date-local-time'],
  run({ call, response, probe, target }) {
    if (target === undefined || response.status < 200 || response.status >= 500) return null;
    const date = response.headers.date;
    if (date === undefined) return null;
    const made = dateMs(date);
    if (Number.isNaN(made)) return null;
    const memory = memoryOf(target);
    const received = receivedMs(memory, response);
    const kept = ageMs(response);
    const olderMs = received - response.durationMs + memory.ahead - kept - made;
    const clock = memory.clock;
    if (olderMs - RESOLUTION_MS > TOLERANCE_MS && clock !== undefined)
      return stale(probe, response, date, olderMs, clock);
    const leadMs = made - received;
    if (leadMs > memory.ahead && leadMs <= FAR_MS) {
      memory.ahead = leadMs;
      memory.clock = { call, status: response.status, date };
    }
    const lagMs = received - response.durationMs - made - kept - RESOLUTION_MS;
    const offMs = offClock(memory, response, leadMs, lagMs);
    return offMs === null ? null : far(probe, response, date, offMs);
  },
};
