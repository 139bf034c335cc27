/** Showcases of the faults in auth, tenancy, filters and errors. */
import { Client } from 'undici';
import { expect } from 'vitest';
import type { FaultName } from '../../sandbox/faults/catalogue.ts';
import { SALES_CHANNELS } from '../../sandbox/domain.ts';
import { MENU, ORDERS, type Reply } from './client.ts';
import { idsOf, type FaultShowcase } from './showcase.ts';

/** A showcase of a search that finds the items named `name` for near misses of it (`texts`). */
/** The ids of a reply's records: whose data a key was served. */
const dataOf = (reply: Reply): string[] => idsOf(reply.body.data);

function nearMissFound(name: string, texts: readonly string[]): FaultShowcase {
  return {
    // A full-size menu, so every dish is on it (a small one's 60 items leave some out).
    options: { menuItemsPerTenant: 300 },
    async show(client) {
      const items = (await client.walk(MENU, { limit: 100 })).flatMap((page) => page.data);
      const named = items.filter((item) => String(item.name).startsWith(name)).map((item) => item.id);
      expect(named.length).toBeGreaterThan(0);
      for (const q of texts)
        expect(await client.ids(MENU, { limit: 100, q }), q).toEqual(expect.arrayContaining(named));
    },
  };
}

export const REQUEST_FAULT_SHOWCASES = {
  'foreign-location': {
    async show(client) {
      const foreign = client.tenant(0).locations?.[0];
      const reply = await client.get(ORDERS, { locationId: foreign }, client.bearer(1));
      expect(reply.status).toBe(200);
      expect(reply.body.data?.length).toBeGreaterThan(0);
      expect(new Set(reply.body.data?.map((order) => order.locationId))).toEqual(new Set([foreign]));
    },
  },
  'location-id-case-folded': {
    async show(client) {
      const own = client.tenant(0).locations?.[0] ?? '';
      expect(own.toUpperCase()).not.toBe(own);
      const reply = await client.get(ORDERS, { locationId: own.toUpperCase() }, client.bearer(0));
      expect(reply.status).toBe(200);
      expect(new Set(reply.body.data?.map((order) => order.locationId))).toEqual(new Set([own]));
    },
  },
  'foreign-category': {
    async show(client) {
      const foreign = client.tenant(0).categories?.[0];
      const reply = await client.get(MENU, { categoryId: foreign }, client.bearer(1));
      expect(reply.status).toBe(200);
      expect(reply.body.data?.length).toBeGreaterThan(0);
      expect(new Set(reply.body.data?.map((item) => item.categoryId))).toEqual(new Set([foreign]));
    },
  },
  'foreign-404-names-owner': {
    async show(client) {
      const foreign = client.tenant(0).locations?.[0];
      const reply = await client.get(ORDERS, { locationId: foreign }, client.bearer(1));
      expect(reply.status).toBe(404);
      expect(reply.body.message).toContain(client.tenant(0).name);
      const unknown = await client.get(ORDERS, { locationId: 'loc_unknown' }, client.bearer(1));
      expect(unknown.body.message).not.toContain(client.tenant(0).name);
    },
  },
  'tenant-shared-across-await': {
    async show(client) {
      const alone = await client.ids(MENU, { limit: 5 }, client.bearer(0));
      // Two tenants' walks at once, a few times: one is soon answered with the other's data, or
      // handed a cursor of the other tenant's that its next request is then refused for.
      const mixed = async () => {
        const [own, other] = await Promise.allSettled([
          client.ids(MENU, { limit: 5 }, client.bearer(0)),
          client.ids(MENU, { limit: 5 }, client.bearer(1)),
        ]);
        for (const walk of [own, other]) {
          if (walk.status === 'rejected' && !/not issued to this API key's tenant/.test(String(walk.reason)))
            throw walk.reason;
        }
        return own.status === 'rejected' || other.status === 'rejected' || own.value.join() !== alone.join();
      };
      let found = false;
      for (let attempt = 0; attempt < 10 && !found; attempt += 1) found = await mixed();
      expect(found).toBe(true);
    },
  },
  'search-leak': {
    async show(client) {
      const own = new Set(await client.ids(MENU, { limit: 100 }, client.bearer(1)));
      const found = await client.ids(MENU, { limit: 100, q: 'a' }, client.bearer(1));
      expect(found.filter((id) => !own.has(id)).length).toBeGreaterThan(0);
    },
  },
  'scope-bypass': {
    async show(client) {
      expect((await client.get(ORDERS, {}, client.bearer(0, 'noOrdersRead'))).status).toBe(200);
    },
  },
  'malformed-key-drops-connection': {
    async show(client) {
      // A well-formed key is answered; a malformed one in either scheme gets no answer at all.
      expect((await client.get(MENU, {}, client.bearer(0))).status).toBe(200);
      const header = client.sandbox.target.apiKeyHeader.toLowerCase();
      for (const headers of [{ authorization: 'Bearer not a key' }, { [header]: 'nonsense' }])
        await expect(client.get(MENU, {}, headers)).rejects.toThrow();
    },
  },
  'names-escaped-with-location': {
    // A full-size menu, so names with & < > " ' are on it (a small one's 60 items may leave them out).
    options: { menuItemsPerTenant: 300 },
    async show(client) {
      const locationId = client.tenant(0).locations?.[0];
      const names = async (query: Record<string, string | undefined>) =>
        new Map(
          (await client.walk(MENU, { limit: 100, ...query })).flatMap((page) =>
            page.data.map((item) => [item.id, item.name]),
          ),
        );
      const plain = await names({});
      const located = await names({ locationId });
      const changed = [...located].filter(([id, name]) => plain.get(id) !== name);
      expect(changed.length).toBeGreaterThan(0);
      // Each changed name is the plain one with & < > " ' written as HTML entities.
      const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
      const unescaped = (name: unknown) =>
        String(name).replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => entities[e] ?? e);
      for (const [id, name] of changed) expect(unescaped(name)).toBe(plain.get(id));
      expect(changed.some(([, name]) => String(name).includes('&amp;'))).toBe(true);
    },
  },
  'channel-view-row-ids': {
    async show(client) {
      const locationId = client.tenant(0).locations?.[0];
      const own = new Set(await client.ids(MENU, { limit: 100 }, client.bearer(0)));
      const views = SALES_CHANNELS.map((salesChannel) => ({ locationId, salesChannel }));
      const viewed = await Promise.all(views.map((query) => client.ids(MENU, { limit: 100, ...query })));
      const strangers = viewed.flat().filter((id) => !own.has(id));
      expect(strangers.length).toBeGreaterThan(0);
      expect(strangers[0]).toMatch(/^lmi_/);
    },
  },
  'refusal-carries-data': {
    async show(client) {
      const own = (await client.get(ORDERS, { limit: 5 })).body.data?.map((order) => order.id);
      const refused = await client.get(ORDERS, { limit: 5 }, client.bearer(0, 'noOrdersRead'));
      expect(refused.status).toBe(403);
      expect(refused.body.statusCode).toBe(403);
      expect(own).toHaveLength(5);
      expect(refused.body.data?.map((order) => order.id)).toEqual(own);
      // Only orders: the menu's refusal of a key lacking menu.read stays a plain Error.
      const menu = await client.get(MENU, {}, client.bearer(0, 'noMenuRead'));
      expect(menu.status).toBe(403);
      expect(menu.body.data).toBeUndefined();
    },
  },
  'scope-skipped-with-cursor': {
    async show(client) {
      const first = await client.get(ORDERS, { limit: 5 });
      const cursor = first.body.pagination?.nextPageToken ?? undefined;
      const limited = client.bearer(0, 'noOrdersRead');
      expect((await client.get(ORDERS, { limit: 5 }, limited)).status).toBe(403);
      const page2 = await client.get(ORDERS, { limit: 5, cursor }, limited);
      expect(page2.status).toBe(200);
      expect(page2.body.data).toHaveLength(5);
    },
  },
  'bearer-case-sensitive': {
    async show(client) {
      const header = client.bearer(0).authorization ?? '';
      expect((await client.get(ORDERS, {}, { authorization: header })).status).toBe(200);
      const lower = { authorization: header.replace(/^Bearer/, 'bearer') };
      expect((await client.get(ORDERS, {}, lower)).status).toBe(401);
    },
  },
  'bearer-one-space-only': {
    async show(client) {
      const key = client.key(0);
      // One space still works; two or three (RFC 6750 §2.1: 1*SP) are refused as malformed.
      expect((await client.get(ORDERS, {}, { authorization: `Bearer ${key}` })).status).toBe(200);
      for (const spaces of ['  ', '   '])
        expect((await client.get(ORDERS, {}, { authorization: `Bearer${spaces}${key}` })).status).toBe(401);
      // Whitespace around the value is not part of it (RFC 9110 §5.5): Node strips it before the app reads it.
      expect((await client.get(ORDERS, {}, { authorization: ` \tBearer ${key}\t ` })).status).toBe(200);
    },
  },
  'revoked-key-works': {
    async show(client) {
      expect((await client.get(ORDERS, {}, client.bearer(0, 'revoked'))).status).toBe(200);
    },
  },
  'key-case-folded': {
    async show(client) {
      const key = client.key(0);
      const headers = { authorization: `Bearer ${key.toUpperCase()}` };
      expect(key.toUpperCase()).not.toBe(key);
      expect((await client.get(ORDERS, {}, headers)).status).toBe(200);
    },
  },
  'key-prefix-only': {
    async show(client) {
      const key = client.key(0);
      const altered = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
      expect((await client.get(ORDERS, {}, { authorization: `Bearer ${altered}` })).status).toBe(200);
    },
  },
  'key-header-bearer-accepted': {
    async show(client) {
      const header = client.sandbox.target.apiKeyHeader.toLowerCase();
      const key = client.key(0);
      for (const scheme of ['Bearer', 'bearer', 'BEARER'])
        expect((await client.get(ORDERS, {}, { [header]: `${scheme} ${key}` })).status).toBe(200);
      // Authorization is read as before: a second Bearer there is still malformed.
      expect((await client.get(ORDERS, {}, { authorization: `Bearer Bearer ${key}` })).status).toBe(401);
    },
  },
  'first-of-repeated-key': {
    async show(client) {
      const header = client.sandbox.target.apiKeyHeader.toLowerCase();
      const [own, other] = [client.key(0), client.key(1)];
      for (const listed of [`${own}, ${other}`, `${own}, Bearer ${own}`, [own, own], [own, 'x']])
        expect((await client.get(ORDERS, {}, { [header]: listed })).status).toBe(200);
      const bearer = { authorization: `Bearer ${own}, Bearer ${other}` };
      expect((await client.get(ORDERS, {}, bearer)).status).toBe(200);
      // A list without the space HTTP joins with is refused as before.
      expect((await client.get(ORDERS, {}, { [header]: `${own},${own}` })).status).toBe(401);
    },
  },
  'last-of-repeated-key': {
    async show(client) {
      const header = client.sandbox.target.apiKeyHeader.toLowerCase();
      const [own, other] = [client.key(0), client.key(1)];
      const theirs = dataOf(await client.get(ORDERS, {}, client.bearer(1)));
      for (const listed of [`${own}, ${other}`, [own, other]]) {
        const reply = await client.get(ORDERS, {}, { [header]: listed });
        expect([reply.status, dataOf(reply)]).toEqual([200, theirs]);
      }
      const bearer = await client.get(ORDERS, {}, { authorization: `Bearer ${own}, Bearer ${other}` });
      expect([bearer.status, dataOf(bearer)]).toEqual([200, theirs]);
      expect((await client.get(ORDERS, {}, { [header]: `${own},${other}` })).status).toBe(401);
    },
  },
  'key-headers-split': {
    async show(client) {
      const header = client.sandbox.target.apiKeyHeader.toLowerCase();
      const revoked = { [header]: client.key(0, 'revoked'), ...client.bearer(1) };
      const reply = await client.get(ORDERS, {}, revoked);
      expect([reply.status, dataOf(reply)]).toEqual([
        200,
        dataOf(await client.get(ORDERS, {}, client.bearer(0))),
      ]);
      // Either key alone is what it was: the revoked one refused.
      expect((await client.get(ORDERS, {}, { [header]: client.key(0, 'revoked') })).status).toBe(401);
    },
  },
  'auth-cached-on-connection': {
    async show(client) {
      // One connection for every request: undici's pool may open another for each.
      const connection = new Client(new URL(client.sandbox.baseUrl).origin);
      try {
        const send = async (headers: Record<string, string>) => {
          const reply = await connection.request({
            method: 'GET',
            path: `${new URL(client.sandbox.baseUrl).pathname}${ORDERS}`,
            headers,
          });
          const body = (await reply.body.json()) as { data?: Parameters<typeof idsOf>[0] };
          return [reply.statusCode, idsOf(body.data)];
        };
        const own = await send(client.bearer(0));
        expect(own[0]).toBe(200);
        expect(await send({})).toEqual(own);
        expect(await send(client.bearer(1))).toEqual(own);
      } finally {
        await connection.close();
      }
    },
  },
  'key-in-query': {
    async show(client) {
      const reply = await client.get(ORDERS, { access_token: client.key(0) }, {});
      expect(reply.status).toBe(200);
    },
  },
  'key-in-other-header': {
    async show(client) {
      expect((await client.get(ORDERS, {}, { 'x-api-key': client.key(0) })).status).toBe(200);
    },
  },
  'key-in-cookie': {
    async show(client) {
      expect((await client.get(ORDERS, {}, { cookie: `api_key=${client.key(0)}` })).status).toBe(200);
    },
  },
  'authorization-other-scheme': {
    async show(client) {
      expect((await client.get(ORDERS, {}, { authorization: `Token ${client.key(0)}` })).status).toBe(200);
    },
  },
  'empty-key-400': {
    async show(client) {
      const header = client.sandbox.target.apiKeyHeader.toLowerCase();
      for (const blank of [{ [header]: '' }, { authorization: 'Bearer' }, { authorization: '' }])
        expect((await client.get(ORDERS, {}, blank)).status).toBe(400);
      // A key that is there but malformed is refused as before.
      expect((await client.get(ORDERS, {}, { [header]: 'not a key' })).status).toBe(401);
    },
  },
  'expired-key-discloses-key': {
    async show(client) {
      const reply = await client.get(ORDERS, {}, client.bearer(0, 'expired'));
      expect(reply.status).toBe(401);
      expect(reply.body.message).toContain(client.key(0, 'full'));
      // Another role's refusal names nothing: the revoked key's 401 is as before.
      const revoked = await client.get(ORDERS, {}, client.bearer(0, 'revoked'));
      expect(revoked.body.message).not.toContain(client.key(0, 'full'));
    },
  },
  'foreign-ids-in-search': {
    async show(client) {
      const own = new Set(await client.ids(MENU, { limit: 100 }));
      const found = await client.walk(MENU, { limit: 100, q: 'a' });
      const similar = found.flatMap((page) =>
        page.data.flatMap((item) => (item.similar as string[] | undefined) ?? []),
      );
      expect(similar.filter((id) => !own.has(id)).length).toBeGreaterThan(0);
    },
  },
  'location-price-first-page-only': {
    async show(client) {
      const locationId = client.tenant(0).locations?.[0];
      const alone = await client.walk(MENU, { locationId, limit: 100 });
      const paged = await client.walk(MENU, { locationId, limit: 5 });
      const prices = (pages: typeof alone) =>
        pages.flatMap((page) => page.data.map((item) => JSON.stringify([item.id, item.price])));
      expect(prices(paged).slice(0, 5)).toEqual(prices(alone).slice(0, 5));
      expect(prices(paged)).not.toEqual(prices(alone));
    },
  },
  'expired-key-works': {
    async show(client) {
      expect((await client.get(ORDERS, {}, client.bearer(0, 'expired'))).status).toBe(200);
    },
  },
  'challenge-dropped-revoked-expired': {
    async show(client) {
      for (const role of ['revoked', 'expired'] as const) {
        const refused = await client.get(ORDERS, {}, client.bearer(0, role));
        expect(refused.status).toBe(401);
        expect(refused.headers['www-authenticate']).toBeUndefined();
      }
      const missing = await client.get(ORDERS, {}, {});
      expect(missing.status).toBe(401);
      expect(missing.headers['www-authenticate']).toMatch(/^Bearer /);
    },
  },
  'stale-date-on-revoked': {
    async show(client) {
      // The clean sandbox's Dates are its clock's; the fault's, the keys' records' (hours, days ago).
      const dated = (reply: Reply): number => Date.now() - Date.parse(String(reply.headers.date));
      for (const role of ['revoked', 'expired'] as const) {
        const refused = await client.get(ORDERS, {}, client.bearer(0, role));
        expect(refused.status).toBe(401);
        expect(dated(refused), role).toBeGreaterThan(3_600_000);
      }
      const missing = await client.get(ORDERS, {}, {});
      expect(missing.status).toBe(401);
      expect(Math.abs(dated(missing))).toBeLessThan(60_000);
    },
  },
  'status-filter-500': {
    async show(client) {
      expect((await client.get(ORDERS, { status: 'PAID' })).status).toBe(500);
      expect((await client.get(MENU, { status: 'ACTIVE' })).status).toBe(500);
      expect((await client.get(ORDERS)).status).toBe(200);
    },
  },
  'location-filter-400': {
    async show(client) {
      const own = client.tenant(0).locations?.[0];
      const reply = await client.get(ORDERS, { locationId: own });
      expect(reply.status).toBe(400);
      expect(reply.body.statusCode).toBe(400);
      expect((await client.get(ORDERS)).status).toBe(200);
    },
  },
  'active-only-false-filters': {
    async show(client) {
      const all = await client.ids(ORDERS, { limit: 100 });
      const unfiltered = await client.ids(ORDERS, { limit: 100, activeOnly: 'false' });
      const statuses = (await client.get(ORDERS, { limit: 100, activeOnly: 'false' })).body.data?.map(
        (order) => order.status,
      );
      expect(unfiltered.length).toBeLessThan(all.length);
      expect(new Set(statuses)).toEqual(new Set(['OPEN', 'SENT_TO_KITCHEN']));
    },
  },
  'cursor-expiry-500': {
    async show(client) {
      const first = await client.get(MENU, { limit: 5 });
      const cursor = first.body.pagination?.nextPageToken ?? undefined;
      expect((await client.get(MENU, { limit: 5, cursor })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect((await client.get(MENU, { limit: 5, cursor })).status).toBe(500);
    },
  },
  'search-quotes-escaped': {
    async show(client) {
      // The seed names items Iced Tea 'Peach' and Lemonade "Homemade": a quote in q finds neither.
      expect(await client.ids(MENU, { limit: 100, q: "'Peach'" })).toEqual([]);
      expect(await client.ids(MENU, { limit: 100, q: '"Homemade"' })).toEqual([]);
      expect((await client.ids(MENU, { limit: 100, q: 'Peach' })).length).toBeGreaterThan(0);
    },
  },
  'search-truncates-q': {
    async show(client) {
      // A name of 16 characters or more, with text appended: cut at 16, q is the name's start.
      const items = (await client.walk(MENU, { limit: 100 })).flatMap((page) => page.data);
      const long = items.find((item) => String(item.name).length >= 16);
      expect(long).toBeDefined();
      expect(await client.ids(MENU, { limit: 100, q: `${String(long?.name)} xq` })).toContain(long?.id);
    },
  },
  'q-like-wildcards': {
    async show(client) {
      const all = await client.ids(MENU, { limit: 100 });
      expect((await client.ids(MENU, { limit: 100, q: '%' })).length).toBe(all.length);
      expect((await client.ids(MENU, { limit: 100, q: '_' })).length).toBe(all.length);
    },
  },
  // No name or SKU holds these texts: the spec's search finds nothing, these faults the items named.
  'search-ignores-accents': nearMissFound('Crème Brûlée', ['creme', 'Creme Brulee']),
  'search-words-any-order': nearMissFound('Caesar Salad', ['Salad Caesar', 'Cae Sa']),
  // \u0430 is the Cyrillic а, drawn like the Latin a.
  'search-folds-look-alikes': nearMissFound('Caesar Salad', ['C\u0430esar', 'Caesar S\u0430lad']),
  'search-forgives-missing-letter': nearMissFound('Caesar Salad', ['Casar', 'Caesar Slad']),
  'search-squeezes-repeats': nearMissFound('Caesar Salad', ['Caessar', 'Caesar Sallad']),
  'search-forgives-swapped-letters': nearMissFound('Caesar Salad', ['Casear', 'Caesar Slaad']),
  'search-ignores-separators': nearMissFound('Caesar Salad', ['Caesar-Salad', 'CaesarSalad']),
  'search-stems-plurals': nearMissFound('Caesar Salad', ['Caesar Salads', 'Caesars']),
  'sku-search-ignores-separators': {
    async show(client) {
      const items = (await client.walk(MENU, { limit: 100 })).flatMap((page) => page.data);
      const withSku = items.find((item) => typeof item.sku === 'string' && item.sku.includes('-'));
      const sku = String(withSku?.sku);
      for (const q of [sku.replace(/-/g, ''), sku.replace(/-/g, ' '), sku.replace(/-/g, '.')])
        expect(await client.ids(MENU, { limit: 100, q }), q).toContain(withSku?.id);
    },
  },
  'q-decoded-twice': {
    async show(client) {
      const withA = await client.ids(MENU, { limit: 100, q: 'A' });
      expect(withA.length).toBeGreaterThan(0);
      expect(await client.ids(MENU, { limit: 100, q: '%41' })).toEqual(withA);
      const spaced = await client.ids(MENU, { limit: 100, q: ' ' });
      expect(spaced.length).toBeGreaterThan(0);
      expect(await client.ids(MENU, { limit: 100, q: '+' })).toEqual(spaced);
    },
  },
  'q-decoded-before-split': {
    async show(client) {
      const first = (await client.get(MENU, { limit: 1 })).body.data?.[0];
      const word = String(first?.name).split(' ')[0] ?? '';
      // Sent as word%26zzz and word%3Dzzz: no name holds either, but cut at the & or = q is word.
      for (const q of [`${word}&zzz`, `${word}=zzz`])
        expect(await client.ids(MENU, { limit: 100, q }), q).toContain(first?.id);
    },
  },
  'q-folded-unlike-names': {
    options: { menuItemsPerTenant: 300 },
    async show(client) {
      const items = (await client.walk(MENU, { limit: 100 })).flatMap((page) => page.data);
      const irregular = items.filter((item) => /[ßςı]/u.test(String(item.name)));
      expect(irregular.length).toBeGreaterThan(0);
      // Each searched for by its own name: Weißwurst is weisswurst to the search, q=Weißwurst weißwurst.
      for (const item of irregular)
        expect(await client.ids(MENU, { limit: 100, q: String(item.name) }), String(item.name)).not.toContain(
          item.id,
        );
    },
  },
  'active-only-wrong': {
    async show(client) {
      const orders = (await client.walk(ORDERS, { limit: 100, activeOnly: 'true' })).flatMap(
        (page) => page.data,
      );
      expect(orders.map((order) => order.status)).toContain('PAID');
    },
  },
  'q-case-sensitive': {
    async show(client) {
      const items = (await client.walk(MENU, { limit: 100 })).flatMap((page) => page.data);
      const named = items[0];
      const withSku = items.find((item) => typeof item.sku === 'string' && item.sku !== '');
      expect(idsOf((await client.get(MENU, { q: String(named?.name) })).body.data)).toContain(named?.id);
      expect((await client.get(MENU, { q: String(named?.name).toUpperCase() })).body.data).toEqual([]);
      expect(idsOf((await client.get(MENU, { q: String(withSku?.sku) })).body.data)).not.toContain(
        withSku?.id,
      );
    },
  },
  'error-shape': {
    async show(client) {
      const reply = await client.get(ORDERS, { limit: 0 });
      expect(reply.status).toBe(400);
      expect(reply.body.statusCode).toBeUndefined();
      expect(reply.body.message).toBeUndefined();
      expect(typeof reply.body.error).toBe('object');
    },
  },
  'error-content-type': {
    async show(client) {
      const reply = await client.get(ORDERS, { limit: 0 });
      expect(reply.status).toBe(400);
      expect(reply.contentType).toMatch(/^text\/plain/);
    },
  },
  'problem-json-403': {
    async show(client) {
      const refused = await client.get(MENU, {}, client.bearer(0, 'noMenuRead'));
      expect(refused.status).toBe(403);
      expect(refused.contentType).toBe('application/problem+json; charset=utf-8');
      expect((await client.get(ORDERS, { limit: 0 })).contentType).toMatch(/^application\/json/);
    },
  },
  'cursor-bound-to-scheme': {
    async show(client) {
      const key = client.key(0);
      const first = await client.get(ORDERS, { limit: 1 }, { authorization: `Bearer ${key}` });
      const cursor = first.body.pagination?.nextPageToken ?? undefined;
      const bearer = await client.get(ORDERS, { limit: 1, cursor }, { authorization: `Bearer ${key}` });
      expect(bearer.status).toBe(200);
      expect((await client.get(ORDERS, { limit: 1, cursor }, { 'x-sandbox-api-key': key })).status).toBe(400);
    },
  },
  'cursor-bound-to-param-order': {
    async show(client) {
      const orders = (await client.get(ORDERS, { limit: 100 })).body.data ?? [];
      // A location and a status two orders share: a page of one of them has a cursor.
      const shared = orders.find((order, index) =>
        orders
          .slice(index + 1)
          .some((other) => other.locationId === order.locationId && other.status === order.status),
      );
      const [status, locationId] = [String(shared?.status), String(shared?.locationId)];
      const first = await client.get(ORDERS, { status, locationId, limit: 1 });
      const cursor = first.body.pagination?.nextPageToken ?? undefined;
      expect(cursor).toBeDefined();
      expect((await client.get(ORDERS, { status, locationId, limit: 1, cursor })).status).toBe(200);
      expect((await client.get(ORDERS, { cursor, limit: 1, status, locationId })).status).toBe(200);
      expect((await client.get(ORDERS, { locationId, status, limit: 1, cursor })).status).toBe(400);
    },
  },
  'service-header-ignored': {
    async show(client) {
      const key = client.key(0);
      expect((await client.get(ORDERS, {}, { authorization: `Bearer ${key}` })).status).toBe(200);
      expect((await client.get(ORDERS, {}, { 'x-sandbox-api-key': key })).status).toBe(401);
    },
  },
} satisfies Partial<Record<FaultName, FaultShowcase>>;
