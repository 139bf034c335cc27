/**
 * Durations as every command writes them: a number and its unit (`500ms`, `90s`, `2m`, `1h`).
 * A bare number is refused: `--time-budget 10000` could mean milliseconds or seconds.
 */

const UNITS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

/** What an error says a duration looks like. */
export const DURATION_EXPECTS = 'a duration with its unit, like 500ms, 30s, 5m or 1h';

/** `text` in seconds; undefined when unreadable, unitless, not positive, or over a week. */
export function parseDurationS(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(text.trim());
  const seconds = match ? Number(match[1]) * (UNITS[match[2] ?? ''] ?? 1) : NaN;
  return seconds > 0 && seconds <= 7 * 24 * 3600 ? seconds : undefined;
}
