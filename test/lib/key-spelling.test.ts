/**
 * A key's header in another spelling HTTP makes the same credential (lib/http/key-spelling.ts):
 * each goes in its own header, is the plain value once HTTP's grammar is read (RFC 6750 §2.1:
 * `Bearer 1*SP token`; RFC 9110 §5.5: OWS around the value is no part of it), never a tab after
 * Bearer, and the key never reaches what records hold. key-spelling-served judges the answers.
 */
import { describe, expect, it } from 'vitest';
import { KEY_SPELLING_CHANGED_STATUS, keySpellingServed } from '../../lib/checks/key-spelling-served.ts';
import type { SameMeaning } from '../../lib/checks/same-page.ts';
import { requestName, toHttpRequest, type ApiCall } from '../../lib/http/call.ts';
import { KEY_SPELLINGS, spellingScheme, type KeySpelling } from '../../lib/http/key-spelling.ts';
import { requestRecord } from '../../lib/paging/records.ts';
import type { Target } from '../../lib/target/target.ts';

const KEY = 'sbx_Key-0123456789_abcdef';
const target: Target = {
  name: 't',
  baseUrl: 'http://127.0.0.1:1/api/v1',
  apiKeyHeader: 'X-Shop-Api-Key',
  load: { allowed: false, maxRps: 1 },
  salesChannels: [],
  tenants: [{ name: 'a', quiescent: true, locations: [], categories: [], keys: { full: KEY } }],
};

const spelled = (keySpelling: KeySpelling): ApiCall => ({
  endpoint: 'orders',
  query: { limit: '5' },
  credential: { tenant: 'a', role: 'full', scheme: spellingScheme(keySpelling), keySpelling },
});

/** OWS as RFC 9110 §5.5 strips it around a field value: spaces and tabs. */
const withoutOws = (value: string): string => value.replace(/^[ \t]+|[ \t]+$/g, '');

describe('a key header in another spelling', () => {
  it('should go in its own header only, the plain credential once OWS and 1*SP are read', () => {
    const headerOf: Record<string, string> = { bearer: 'authorization', serviceHeader: 'x-shop-api-key' };
    for (const keySpelling of KEY_SPELLINGS) {
      const { headers } = toHttpRequest(target, spelled(keySpelling));
      const scheme = spellingScheme(keySpelling);
      const value = headers[headerOf[scheme] ?? ''];
      expect(typeof value, keySpelling).toBe('string');
      const other = scheme === 'bearer' ? 'x-shop-api-key' : 'authorization';
      expect(headers[other], keySpelling).toBeUndefined();
      const read = withoutOws(String(value));
      if (scheme === 'bearer') expect(read, keySpelling).toMatch(new RegExp(`^Bearer +${KEY}$`));
      else expect(read, keySpelling).toBe(KEY);
      // Another spelling, not the plain one, and never a tab between Bearer and the key (not 1*SP).
      expect(value, keySpelling).not.toBe(scheme === 'bearer' ? `Bearer ${KEY}` : KEY);
      expect(value, keySpelling).not.toMatch(/Bearer\t/);
    }
  });

  it('should spell Bearer with two and three spaces, and put OWS before and after each header', () => {
    const values = KEY_SPELLINGS.map((keySpelling) => toHttpRequest(target, spelled(keySpelling)).headers);
    const all = values.flatMap((headers) => [headers.authorization, headers['x-shop-api-key']]);
    expect(all).toContain(`Bearer  ${KEY}`);
    expect(all).toContain(`Bearer   ${KEY}`);
    for (const name of ['authorization', 'x-shop-api-key']) {
      const sent = values.map((headers) => String(headers[name] ?? ''));
      expect(sent.some((value) => /^[ \t]+\S/.test(value) && value.includes('\t'))).toBe(true);
      expect(sent.some((value) => /\S[ \t]+$/.test(value) && value.includes('\t'))).toBe(true);
    }
  });

  it('should keep the spelling, never the key, in what records and names hold', () => {
    for (const keySpelling of KEY_SPELLINGS) {
      const call = spelled(keySpelling);
      const record = requestRecord(call, 200);
      expect(record.keySpelling).toBe(keySpelling);
      expect(JSON.stringify(record)).not.toContain(KEY);
      expect(requestName(call)).toContain(keySpelling);
      expect(requestName(call)).not.toContain(KEY);
    }
  });
});

describe('key-spelling-served', () => {
  const page = (ids: string[], status = 200) => ({
    status,
    records: ids.map((id) => ({ id })),
    hasMore: false,
  });
  const same = (served: SameMeaning['served'], plain: SameMeaning['plain'], quiescent = true) => ({
    request: 'the full key of a, orders via bearer',
    variant: "after 'Bearer' and two spaces",
    served,
    plain,
    quiescent,
  });

  it('should fail a spelling refused where the plain header is served, by its status', () => {
    const failure = keySpellingServed.run(same(page([], 401), page(['a'])));
    expect(failure?.code).toBe(KEY_SPELLING_CHANGED_STATUS);
    expect(failure?.message).toMatch(
      /two spaces: answered 401 where the plain request answers 200 \(RFC 6750/,
    );
  });

  it('should fail a spelling served with another page on quiescent data', () => {
    expect(keySpellingServed.run(same(page(['b']), page(['a'])))?.code).toBe('KEY_SPELLING_CHANGED_PAGE');
    expect(keySpellingServed.run(same(page(['b']), page(['a']), false))).toBeNull();
  });

  it('should pass the same answer, in any order, a refusal alike, and a 429 on either side', () => {
    expect(keySpellingServed.run(same(page(['b', 'a']), page(['a', 'b'])))).toBeNull();
    expect(keySpellingServed.run(same(page([], 403), page([], 403)))).toBeNull();
    expect(keySpellingServed.run(same(page([], 429), page(['a'])))).toBeNull();
    expect(keySpellingServed.run(same(page(['a']), page([], 429)))).toBeNull();
  });
});
