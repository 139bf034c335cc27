/**
 * What a scenario reads from its environment (k6 `__ENV`), parsed and checked in one place. The
 * Node side (scripts/load.ts) sets these from its flags and checks them with the same functions
 * before it starts k6, so a bad value fails at once with one line naming the option.
 */
import { isProfileName, PROFILE_NAMES, PROFILES, type ProfileName } from './profiles.ts';
import type { Thresholds } from './thresholds.ts';

export const LOAD_ENV = {
  profile: 'HARNESS_PROFILE',
  rate: 'HARNESS_RATE',
  duration: 'HARNESS_DURATION',
  thresholds: 'HARNESS_THRESHOLDS',
  maxRps: 'HARNESS_MAX_RPS',
  maxVUs: 'HARNESS_MAX_VUS',
  requestTimeout: 'HARNESS_REQUEST_TIMEOUT',
  floodRate: 'HARNESS_FLOOD_RATE',
  summaryPath: 'HARNESS_SUMMARY_PATH',
  /** A resolved target (keys included) as JSON; for k6-operator, from a Kubernetes Secret. */
  targetJson: 'HARNESS_TARGET_JSON',
  /** A file holding the same JSON, outside the repository, deleted after the run. */
  targetFile: 'HARNESS_TARGET_FILE',
} as const;

export interface LoadConfig {
  profile: ProfileName;
  /** Base arrival rate, walks per second. */
  rate: number;
  durationS: number;
  overrides: Thresholds;
  /** Requests per second this k6 process may send at most (the target's load.maxRps). */
  maxRps?: number;
  /** VUs per scenario, all initialised up front. @default from the peak rate */
  maxVUs?: number;
  /** @default 10000 */
  requestTimeoutMs: number;
  /** fairness: requests per second the noisy tenant sends. @default 20 × rate */
  floodRate: number;
  summaryPath?: string;
}

type Env = Record<string, string | undefined>;

const UNITS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, '': 1 };

/** `90s`, `2m`, `1h`, `500ms` or plain seconds, in seconds; undefined when unreadable. */
export function parseDurationS(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|)$/.exec(text.trim());
  const seconds = match ? Number(match[1]) * (UNITS[match[2] ?? ''] ?? 1) : NaN;
  return seconds > 0 && seconds <= 7 * 24 * 3600 ? seconds : undefined;
}

function integer(env: Env, name: string, min: number, max: number): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw new Error(`${name}="${text}" is not valid; expected an integer from ${min} to ${max}`);
  return value;
}

function overrides(env: Env): Thresholds {
  const text = env[LOAD_ENV.thresholds];
  if (!text) return {};
  const parsed = JSON.parse(text) as unknown;
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    Object.values(parsed).every(
      (list) => Array.isArray(list) && list.every((item) => typeof item === 'string'),
    );
  if (!valid) throw new Error(`${LOAD_ENV.thresholds} must be JSON like {"metric": ["p(95)<300"]}`);
  return parsed as Thresholds;
}

/** The scenario's configuration; `fallbackProfile` is the scenario's own default profile. */
export function loadConfig(env: Env, fallbackProfile: ProfileName): LoadConfig {
  const profileName = env[LOAD_ENV.profile] || fallbackProfile;
  if (!isProfileName(profileName))
    throw new Error(`profile "${profileName}" is unknown; choose from ${PROFILE_NAMES.join(', ')}`);
  const profile = PROFILES[profileName];
  const durationText = env[LOAD_ENV.duration];
  const durationS = durationText ? parseDurationS(durationText) : profile.durationS;
  if (durationS === undefined)
    throw new Error(
      `${LOAD_ENV.duration}="${durationText}" is not valid; expected a duration like 30s, 5m or 1h`,
    );
  const rate = integer(env, LOAD_ENV.rate, 1, 100_000) ?? profile.rate;
  return {
    profile: profileName,
    rate,
    durationS,
    overrides: overrides(env),
    maxRps: integer(env, LOAD_ENV.maxRps, 1, 10_000_000),
    maxVUs: integer(env, LOAD_ENV.maxVUs, 1, 10_000),
    requestTimeoutMs: integer(env, LOAD_ENV.requestTimeout, 100, 600_000) ?? 10_000,
    floodRate: integer(env, LOAD_ENV.floodRate, 1, 100_000) ?? rate * 20,
    summaryPath: env[LOAD_ENV.summaryPath] || undefined,
  };
}
