/** Durations as the command line writes them (`90s`, `2m`, `1h`, `500ms`, plain seconds). */

const UNITS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, '': 1 };

/** `text` in seconds; undefined when unreadable, not positive, or over a week. */
export function parseDurationS(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|)$/.exec(text.trim());
  const seconds = match ? Number(match[1]) * (UNITS[match[2] ?? ''] ?? 1) : NaN;
  return seconds > 0 && seconds <= 7 * 24 * 3600 ? seconds : undefined;
}
