/**
 * Cursors no server issued: a real token with one character changed or its end cut off, and
 * random strings. The cursor is opaque (spec §4.3 rule 3), so tampering avoids the changes an
 * opaque format may legitimately not notice: a case flip (hex), a base64 pad character, a suffix.
 */
import fc from 'fast-check';
import { constructedKind, digitsOrHex } from './constructed-cursors.ts';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const isAlphanumeric = (char: string | undefined): boolean =>
  char !== undefined && /^[A-Za-z0-9]$/.test(char);

export type Tamper =
  | {
      kind: 'substitute';
      /** Where, as a share of the candidate positions (0..999). */ at: number;
      by: number;
    }
  | { kind: 'truncate'; /** Characters cut from the end, as a share of the token (0..999). */ cut: number };

/** Positions whose character carries full information: alphanumeric and followed by another. */
function substitutable(token: string): number[] {
  const positions: number[] = [];
  for (let index = 0; index + 1 < token.length; index += 1)
    if (isAlphanumeric(token[index]) && isAlphanumeric(token[index + 1])) positions.push(index);
  return positions;
}

/** A character unlike `original` even ignoring case. */
function replacement(original: string, by: number): string {
  for (let step = 0; step < ALPHANUMERIC.length; step += 1) {
    const candidate = ALPHANUMERIC[(by + step) % ALPHANUMERIC.length] ?? 'A';
    if (candidate.toLowerCase() !== original.toLowerCase()) return candidate;
  }
  return 'A';
}

/** The tampered token, always different from `token` and never empty. */
export function applyTamper(token: string, tamper: Tamper): string {
  if (tamper.kind === 'truncate' || substitutable(token).length === 0) {
    const share = tamper.kind === 'truncate' ? tamper.cut : 500;
    const cut = 1 + Math.floor((share / 1000) * (token.length - 1));
    return token.length > 1 ? token.slice(0, token.length - cut) : `${token}${token}`;
  }
  const positions = substitutable(token);
  const index = positions[Math.floor((tamper.at / 1000) * positions.length)] ?? 0;
  return token.slice(0, index) + replacement(token[index] ?? 'A', tamper.by) + token.slice(index + 1);
}

export const tamper: fc.Arbitrary<Tamper> = fc.oneof(
  fc.record({
    kind: fc.constant('substitute' as const),
    at: fc.integer({ min: 0, max: 999 }),
    by: fc.integer({ min: 0, max: ALPHANUMERIC.length - 1 }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), cut: fc.integer({ min: 0, max: 999 }) }),
);

/**
 * Strings a server never issued as a cursor: token-like, dotted, and printable noise. Never plain
 * digits, hex or a word for nothing: a server may issue such cursors (a keyset on a numeric id),
 * so those are cursors.constructed's, judged only where the target's own cursors have another form.
 */
export const randomCursor: fc.Arbitrary<string> = fc
  .oneof(
    fc.stringMatching(/^[A-Za-z0-9_-]{1,120}$/),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,80}\.[A-Za-z0-9_-]{1,40}$/),
    fc.string({ minLength: 1, maxLength: 64 }).filter((text) => text.trim().length > 0),
  )
  .filter((text) => !digitsOrHex(text) && constructedKind(text) !== 'word');
