/**
 * Durations as every command writes them: a number and its unit (`500ms`, `90s`, `2m`, `1h`).
 * A bare number is refused: `--time-budget 10000` could mean milliseconds or seconds.
 */

const UNITS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };
const WEEK_S = 7 * 24 * 3600;

/** What an error says a duration looks like. */
export const DURATION_EXPECTS = 'a duration with its unit, like 500ms, 30s, 5m or 1h';

/** A duration read: its seconds, or what is wrong with it, said after the quoted value. */
export type DurationReading = { seconds: number } | { problem: string };

/**
 * Reads `text` as a duration. The problem reads after the value (`"0s" must be positive, …`).
 * @param zero whether `0s` (or `0ms`) is a valid duration here, e.g. a margin that may be off
 */
export function readDuration(text: string, { zero = false } = {}): DurationReading {
  const trimmed = text.trim();
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(trimmed);
  if (!match) {
    const problem = /^-\d/.test(trimmed)
      ? `must be positive: ${DURATION_EXPECTS}`
      : `is not ${DURATION_EXPECTS}`;
    return { problem };
  }
  const seconds = Number(match[1]) * (UNITS[match[2] ?? ''] ?? 1);
  if (seconds === 0 && !zero) return { problem: `must be positive: ${DURATION_EXPECTS}` };
  if (seconds > WEEK_S) return { problem: 'is longer than a week, the longest duration taken' };
  return { seconds };
}

/** `text` in seconds; undefined when unreadable, unitless, not positive, or over a week. */
export function parseDurationS(text: string): number | undefined {
  const reading = readDuration(text);
  return 'seconds' in reading ? reading.seconds : undefined;
}
