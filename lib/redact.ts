/**
 * The one place that removes API keys from anything printed or written: logs, reports, error
 * messages, reproductions. Build it from every key value of the loaded target.
 */
import { KEY_CASES, keyInCase, WRAPPING_CASES } from './http/key-case.ts';
import { basicCredentials } from './http/key-place.ts';

export type Redactor = (text: string) => string;

export const REDACTED = '[REDACTED]';

const escapeForRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matches every form of every key in any case, and of every change of it a probe of spec §5 sends
 * (KEY_CASES: one character replaced, dropped or appended): such a string is still mostly the key
 * and gives it away, so it is removed like the key itself. So are a key's HTTP Basic credentials
 * (base64 of `key:`, which a probe of a key sent elsewhere than spec §5's headers sends).
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  // Keys also travel URL-encoded (a query string, a HAR) and JSON-escaped (a report on disk).
  const forms = new Set<string>();
  const keys = secrets.filter((value) => value.length > 0);
  const changed = (key: string) => [
    key,
    // A wrapping holds the key whole: the key's own alternative removes it, and leaves `Bearer `.
    ...KEY_CASES.filter((each) => !WRAPPING_CASES.includes(each)).map((each) => keyInCase(key, each)),
    basicCredentials(key),
  ];
  for (const secret of keys.flatMap(changed)) {
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(JSON.stringify(secret).slice(1, -1));
  }
  if (forms.size === 0) return (text) => text;
  // Longest first, so a key that contains another key is removed whole.
  const alternatives = [...forms].sort((a, b) => b.length - a.length).map(escapeForRegExp);
  const pattern = new RegExp(alternatives.join('|'), 'gi');
  return (text) => text.replace(pattern, REDACTED);
}

/** Redacts every string inside a JSON-like value (for reports written as JSON). */
export function redactDeep<T>(value: T, redact: Redactor): T {
  return JSON.parse(redact(JSON.stringify(value))) as T;
}
