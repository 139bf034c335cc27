import { describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import { applyTamper, tamper } from '../../properties/arbitraries/cursors.ts';

/** Tokens shaped like real ones: base64url segments joined by a dot. */
const token = fc.stringMatching(/^[A-Za-z0-9_-]{4,60}\.[A-Za-z0-9_-]{4,30}$/);

describe('cursor tampering', () => {
  it.prop([token, tamper])('should always give a different, non-empty cursor', (original, how) => {
    const tampered = applyTamper(original, how);
    expect(tampered).not.toBe(original);
    expect(tampered.length).toBeGreaterThan(0);
  });

  it.prop([token, tamper])(
    'should change more than letter case, which hex decoders ignore',
    (original, how) => {
      expect(applyTamper(original, how).toLowerCase()).not.toBe(original.toLowerCase());
    },
  );

  /** Segments with two alphanumeric characters in a row somewhere: substitution applies. */
  const substitutable = fc.stringMatching(
    /^[A-Za-z0-9_-]{0,30}[A-Za-z0-9]{3}[A-Za-z0-9_-]{0,30}\.[A-Za-z0-9_-]{4,30}$/,
  );

  it.prop([substitutable, fc.integer({ min: 0, max: 999 }), fc.integer({ min: 0, max: 61 })])(
    'should leave the last character of each segment alone when substituting (base64 pad bits)',
    (original, at, by) => {
      const tampered = applyTamper(original, { kind: 'substitute', at, by });
      const ends = (text: string) => text.split('.').map((segment) => segment.slice(-1));
      expect(ends(tampered)).toEqual(ends(original));
    },
  );
});
