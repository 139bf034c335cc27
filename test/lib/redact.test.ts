import { describe, expect, it } from 'vitest';
import { createRedactor, redactDeep, REDACTED } from '../../lib/redact.ts';
import { HarnessError } from '../../lib/errors.ts';

const KEY = 'sk_live_a1b2c3+/=';

describe('redaction', () => {
  const redact = createRedactor([KEY, 'short']);

  it('should remove a key from an error message, raw and URL-encoded', () => {
    const error = new HarnessError(`401 for Bearer ${KEY} at /x?k=${encodeURIComponent(KEY)}`);
    const text = redact(error.message);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(encodeURIComponent(KEY));
    expect(text).toBe(`401 for Bearer ${REDACTED} at /x?k=${REDACTED}`);
  });

  it('should remove keys from every string of a report, at any depth', () => {
    const report = { target: 'x', failures: [{ received: `header ${KEY}`, requests: [{ note: 'short' }] }] };
    const clean = redactDeep(report, redact);
    expect(JSON.stringify(clean)).not.toContain(KEY);
    expect(JSON.stringify(clean)).not.toContain('short');
    expect(clean.failures[0]?.received).toBe(`header ${REDACTED}`);
  });

  it('should leave text alone when there are no keys', () => {
    expect(createRedactor([])('nothing to hide')).toBe('nothing to hide');
  });
});
