import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHarFile } from '../../lib/repro/har-read.ts';
import { loadTargetFile } from '../../lib/adapters/node-target.ts';
import { KEY_CASES, keyInCase, WRAPPING_CASES } from '../../lib/http/key-case.ts';
import { basicCredentials } from '../../lib/http/key-place.ts';
import { createRedactor, redactDeep, REDACTED } from '../../lib/redact.ts';
import { HarnessError } from '../../lib/errors.ts';
import { resolveInlineTarget, targetRedactor } from '../../lib/target/target.ts';

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

  it("should build a target's redactor from each of its keys and the secrets given beside them", () => {
    const target = resolveInlineTarget({
      baseUrl: 'http://127.0.0.1:1/api/v1',
      apiKeyHeader: 'X-Test-Api-Key',
      load: { allowed: false, maxRps: 1 },
      tenants: [
        { name: 'a', quiescent: true, keys: { full: { value: KEY } } },
        { name: 'b', quiescent: true, keys: { full: { value: 'sk_live_other_tenant' } } },
      ],
    });
    const text = `${KEY} sk_live_other_tenant har_key_9`;
    expect(targetRedactor(target, ['har_key_9'])(text)).toBe(`${REDACTED} ${REDACTED} ${REDACTED}`);
    expect(targetRedactor(target)(text)).toBe(`${REDACTED} ${REDACTED} har_key_9`);
  });

  it('should remove a key sent in another case or altered (a character replaced, dropped, appended), raw and URL-encoded', () => {
    const mixed = 'sk_Live_a1B2c3+/=';
    const redactMixed = createRedactor([mixed]);
    for (const keyCase of KEY_CASES.filter((each) => !WRAPPING_CASES.includes(each))) {
      const variant = keyInCase(mixed, keyCase);
      expect(variant, keyCase).not.toBe(mixed);
      const text = redactMixed(`Bearer ${variant} at /x?k=${encodeURIComponent(variant)}`);
      expect(text, keyCase).toBe(`Bearer ${REDACTED} at /x?k=${REDACTED}`);
    }
    // The key whole inside another value: the key is removed, what wraps it stays.
    expect(redactMixed(`X: ${keyInCase(mixed, 'comma-doubled')}`)).toBe(`X: ${REDACTED},${REDACTED}`);
    expect(redactMixed(`X: ${keyInCase(mixed, 'bearer-prefixed')}`)).toBe(`X: Bearer ${REDACTED}`);
  });

  it('should remove a key sent as HTTP Basic credentials (base64 of key:), raw and URL-encoded', () => {
    const basic = basicCredentials(KEY);
    expect(basic).not.toContain(KEY);
    expect(redact(`Authorization: Basic ${basic} at /x?b=${encodeURIComponent(basic)}`)).toBe(
      `Authorization: Basic ${REDACTED} at /x?b=${REDACTED}`,
    );
  });

  it("should remove the altered forms of a key in JSON, but not a short key's (those are never sent)", () => {
    const key = 'sbx_Q9x-Zz_09';
    const redact = createRedactor([key]);
    // The forms the harness sends: the last and the middle character replaced, one dropped, one appended.
    for (const altered of ['sbx_Q9x-Zz_00', 'sbx_Q9y-Zz_09', 'sbx_Q9x-Zz_0', 'sbx_Q9x-Zz_090'])
      expect(redact(JSON.stringify({ sent: altered })), altered).toBe(`{"sent":"${REDACTED}"}`);
    // Any other last character: the dropped form is removed, one character is left.
    expect(redact(`${key.slice(0, -1)}a`)).toBe(`${REDACTED}a`);
    // 'abc' is too short to alter: its prefix 'ab' stays an ordinary word.
    expect(createRedactor(['abc'])('ab abc ABD')).toBe(`ab ${REDACTED} ABD`);
  });

  it('should leave text alone when there are no keys', () => {
    expect(createRedactor([])('nothing to hide')).toBe('nothing to hide');
  });

  it('should never print a fragment of a key from a file with a JSON syntax error: one line, line:column', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'redact-json-'));
    // An unquoted key value: Node's parse error quotes the text around it, the key's start included.
    const text = `{\n  "tenants": [\n    { "keys": { "full": { "value": sbx_bg9SeE4f7a2c9d1e } } }\n  ]\n}\n`;
    const file = path.join(dir, 'broken.json');
    await writeFile(file, text);
    try {
      for (const read of [() => loadTargetFile(file, {}), () => readHarFile(file)]) {
        const message = await read().then(
          () => '',
          (error: unknown) => (error instanceof HarnessError ? error.message : String(error)),
        );
        expect(message.split('\n')).toHaveLength(1);
        expect(message).toContain('at 3:36 (line 3, column 36)');
        expect(message).not.toMatch(/sbx|bg9|value/);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
