import { describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Entry, Har } from 'har-format';
import { customerWalk } from '../../lib/repro/har.ts';
import { stripSecrets } from '../../lib/repro/har-secrets.ts';
import { readHarFile } from '../../lib/repro/har-read.ts';
import { observedFailures } from '../../lib/repro/har-observed.ts';

const KEY = 'sbx_customer_secret_key_value';
const BASE = 'https://api.example.test/api/v1';

function entry(
  url: string,
  body: object,
  headers = [{ name: 'Authorization', value: `Bearer ${KEY}` }],
): Entry {
  const parsed = new URL(url);
  const text = JSON.stringify(body);
  return {
    startedDateTime: '2026-06-14T10:00:00.000Z',
    time: 12,
    request: {
      method: 'GET',
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [{ name: 'session', value: 'cookie-secret' }],
      headers: [...headers, { name: 'Cookie', value: 'session=cookie-secret' }],
      queryString: [...parsed.searchParams].map(([name, value]) => ({ name, value })),
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      content: { size: text.length, mimeType: 'application/json', text },
      redirectURL: '',
      headersSize: -1,
      bodySize: text.length,
    },
    cache: {},
    timings: { send: 0, wait: 12, receive: 0 },
  };
}

const page = (ids: string[], token: string | null) => ({
  data: ids.map((id) => ({ id, status: 'OPEN' })),
  pagination: { nextPageToken: token, hasMore: token !== null },
});

const har = (entries: Entry[]): Har => ({
  log: { version: '1.2', creator: { name: 'test', version: '1' }, entries },
});

const threePages = har([
  entry(`${BASE}/public/orders?status=OPEN&limit=2`, page(['o1', 'o2'], 'c1')),
  entry(`${BASE}/public/menu/items?limit=5`, page(['m1'], null)),
  entry(`${BASE}/public/orders?status=OPEN&limit=2&cursor=c1`, page(['o2', 'o3'], 'c2')),
  entry(`${BASE}/public/orders?status=OPEN&limit=2&cursor=c2`, page(['o4'], null)),
]);

describe('stripSecrets', () => {
  it('should take every key and cookie out of the HAR and keep which key each request carried', () => {
    const stripped = stripSecrets(
      har([
        entry(`${BASE}/public/orders?limit=2&api_key=${KEY}`, page([], null), [
          { name: 'X-Acme-Api-Key', value: KEY },
        ]),
      ]),
    );
    const text = JSON.stringify(stripped.har);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('cookie-secret');
    expect(stripped.secrets).toContain(KEY);
    expect(stripped.keys[0]).toEqual({ scheme: 'serviceHeader', value: KEY });
  });
});

describe('customerWalk', () => {
  it('should follow the cursor chain of the one list walked twice', () => {
    const stripped = stripSecrets(threePages);
    const result = customerWalk(stripped.har, stripped.keys, 'orders');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.walk).toMatchObject({
      endpoint: 'orders',
      filters: { status: 'OPEN' },
      limit: 2,
      baseUrl: BASE,
    });
    expect(result.walk.pages.map((entry) => [entry.query.cursor, entry.cursorFrom])).toEqual([
      [undefined, undefined],
      ['c1', 0],
      ['c2', 1],
    ]);
    expect(result.walk.key).toEqual({ scheme: 'bearer', value: KEY });
  });

  it('should ask which list when the HAR walks both', () => {
    const stripped = stripSecrets(threePages);
    expect(customerWalk(stripped.har, stripped.keys)).toEqual({
      ok: false,
      problem: 'walks both lists (orders, menuItems); choose one with --endpoint',
    });
  });

  it('should read a field listed twice as a client does and judge it, where the HAR kept it once it passes', () => {
    const twice = entry(`${BASE}/public/orders?limit=2`, page(['o1'], null));
    twice.response.headers.push({ name: 'content-type', value: 'text/html' });
    const stripped = stripSecrets(har([twice]));
    const result = customerWalk(stripped.har, stripped.keys, 'orders');
    if (!result.ok) throw new Error(result.problem);
    const [recorded] = result.walk.pages;
    expect(recorded?.headers['content-type']).toBe('application/json, text/html');
    expect(recorded?.repeatedFields).toEqual(['content-type']);
    const credential = { tenant: 'customer', role: 'full', scheme: 'bearer' } as const;
    const found = observedFailures(result.walk, credential) ?? [];
    expect(found.map((failure) => [failure.check, failure.code])).toContainEqual([
      'single-valued-fields',
      'FIELD_REPEATED',
    ]);
    const once = stripSecrets(har([entry(`${BASE}/public/orders?limit=2`, page(['o1'], null))]));
    const clean = customerWalk(once.har, once.keys, 'orders');
    if (!clean.ok) throw new Error(clean.problem);
    expect(clean.walk.pages[0]?.repeatedFields).toBeUndefined();
    expect(observedFailures(clean.walk, credential)).toEqual([]);
  });

  it('should read a base64 body as UTF-8 bytes, its byte order mark kept and judged', () => {
    const body = page(['crème-brûlée'], null);
    const encoded = entry(`${BASE}/public/orders?limit=2`, body);
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(body))]);
    encoded.response.content = {
      size: bytes.length,
      mimeType: 'application/json',
      text: bytes.toString('base64'),
      encoding: 'base64',
    };
    const stripped = stripSecrets(har([encoded]));
    const result = customerWalk(stripped.har, stripped.keys, 'orders');
    if (!result.ok) throw new Error(result.problem);
    expect(result.walk.pages[0]?.bodyText).toBe(`\uFEFF${JSON.stringify(body)}`);
    const found = observedFailures(result.walk, { tenant: 'customer', role: 'full', scheme: 'bearer' }) ?? [];
    expect(found.map((failure) => failure.check)).toEqual(['no-byte-order-mark']);
  });

  it('should say so when the HAR holds no list request', () => {
    const result = customerWalk(har([]), []);
    expect(result.ok).toBe(false);
  });
});

describe('readHarFile', () => {
  it('should fail with one line naming the file and the place of the first schema problem', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'har-read-'));
    try {
      const broken = path.join(dir, 'broken.har');
      const missingUrl = har([entry(`${BASE}/public/orders`, page([], null))]);
      delete (missingUrl.log.entries[0]?.request as { url?: string }).url;
      await writeFile(broken, JSON.stringify(missingUrl));
      await expect(readHarFile(broken)).rejects.toThrow(
        `HAR file ${broken}: /log/entries/0/request has no url, which HAR 1.2 requires there; export the HAR again`,
      );
      const notHar = path.join(dir, 'not-a.har');
      await writeFile(notHar, JSON.stringify({ entries: [] }));
      await expect(readHarFile(notHar)).rejects.toThrow(
        `HAR file ${notHar}: not a HAR file: no top-level log; export the HAR again`,
      );
      const notJson = path.join(dir, 'not.har');
      await writeFile(notJson, `{"log": {"entries": [{"request": {"headers": [{"value": "${KEY}"`);
      const error = await readHarFile(notJson).catch((caught: unknown) => caught as Error);
      expect((error as Error).message).toMatch(/is not valid JSON/);
      expect((error as Error).message).not.toContain(KEY);
      await expect(readHarFile(path.join(dir, 'absent.har'))).rejects.toThrow(/cannot be read/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
