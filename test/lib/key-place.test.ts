/**
 * A key sent where spec §5 does not look for one (lib/http/key-place.ts): each place puts the key
 * where it says and in neither spec header, and never into the call's path (what records hold).
 */
import { describe, expect, it } from 'vitest';
import { callPath, toHttpRequest, type ApiCall } from '../../lib/http/call.ts';
import { basicCredentials, KEY_PLACES, keyPlacesFor } from '../../lib/http/key-place.ts';
import { requestRecord } from '../../lib/paging/records.ts';
import type { Target } from '../../lib/target/target.ts';

const KEY = 'sbx_Key+/=';
const target: Target = {
  name: 't',
  baseUrl: 'http://127.0.0.1:1/api/v1',
  apiKeyHeader: 'X-Shop-Api-Key',
  load: { allowed: false, maxRps: 1 },
  salesChannels: [],
  tenants: [{ name: 'a', quiescent: true, locations: [], categories: [], keys: { full: KEY } }],
};

const placed = (keyPlace: (typeof KEY_PLACES)[number]): ApiCall => ({
  endpoint: 'orders',
  query: { limit: '5' },
  credential: { tenant: 'a', role: 'full', scheme: 'bearer', keyPlace },
});

describe('a key placed elsewhere than the two headers', () => {
  it('should go where its place says, in neither spec header, never in the path a record holds', () => {
    const expected: Record<string, [string, string] | string> = {
      'query-api_key': '&api_key=sbx_Key%2B%2F%3D',
      'query-access_token': '&access_token=sbx_Key%2B%2F%3D',
      'cookie-token': ['cookie', `token=${KEY}`],
      'authorization-token': ['authorization', `Token ${KEY}`],
      'authorization-basic': ['authorization', `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`],
      'authorization-bare': ['authorization', KEY],
      'header-x-auth-token': ['x-auth-token', KEY],
    };
    for (const place of KEY_PLACES) {
      const call = placed(place);
      const { url, headers } = toHttpRequest(target, call);
      expect(headers['x-shop-api-key'], place).toBeUndefined();
      expect(headers.authorization ?? '', place).not.toMatch(/^bearer /i);
      expect(callPath(call), place).toBe('/public/orders?limit=5');
      expect(JSON.stringify(requestRecord(call, 200)), place).not.toContain('sbx_');
      const sent = JSON.stringify({ url, headers });
      expect(sent.includes('sbx_') || sent.includes(basicCredentials(KEY)), place).toBe(true);
      const where = expected[place];
      if (typeof where === 'string')
        expect(url, place).toBe(`${target.baseUrl}/public/orders?limit=5${where}`);
      else if (where !== undefined) expect(headers[where[0]], place).toBe(where[1]);
    }
  });

  it("should leave out a header named like the target's own key header", () => {
    expect(keyPlacesFor('X-Shop-Api-Key')).toEqual(KEY_PLACES);
    expect(keyPlacesFor('X-Api-Key')).not.toContain('header-x-api-key');
    expect(keyPlacesFor('X-Api-Key')).toHaveLength(KEY_PLACES.length - 1);
  });
});
