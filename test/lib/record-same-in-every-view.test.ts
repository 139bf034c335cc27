/** record-same-in-every-view (spec §2, §4): a view selects and pages records, it does not change them. */
import { describe, expect, it } from 'vitest';
import { recordSameInEveryView, type RecordViews } from '../../lib/checks/record-same-in-every-view.ts';

const plain = { id: 'itm_1', name: 'Fish & Chips', sku: 'FI-1', status: 'ACTIVE', price: { amount: 5 } };
const views = (endpoint: RecordViews['endpoint'], filters: Record<string, string>, record: object) =>
  recordSameInEveryView.run({
    endpoint,
    view: 'a view',
    filters,
    unfiltered: new Map([['itm_1', plain]]),
    complete: true,
    received: new Map([[String((record as { id?: unknown }).id), record as Record<string, unknown>]]),
  })?.code ?? null;

describe('record-same-in-every-view', () => {
  it('should fail a name that reads otherwise in a located view', () => {
    const escaped = { ...plain, name: 'Fish &amp; Chips' };
    expect(views('menuItems', { locationId: 'loc_1' }, escaped)).toBe('RECORD_DIFFERS_BY_VIEW');
    expect(views('menuItems', { q: 'fish' }, escaped)).toBe('RECORD_DIFFERS_BY_VIEW');
  });

  it("should let a location or sales channel show a menu item's price and status as its own, and nothing else", () => {
    const located = { ...plain, status: 'STOP_LIST', price: { amount: 6 } };
    expect(views('menuItems', { locationId: 'loc_1' }, located)).toBeNull();
    expect(views('menuItems', { salesChannel: 'DELIVERY' }, located)).toBeNull();
    expect(views('menuItems', { categoryId: 'cat_1' }, located)).toBe('RECORD_DIFFERS_BY_VIEW');
    expect(views('orders', { locationId: 'loc_1' }, located)).toBe('RECORD_DIFFERS_BY_VIEW');
  });

  it('should fail a record the whole unfiltered list does not hold, in every view and on both lists', () => {
    const joinRow = { ...plain, id: 'lmi_1_7' };
    const viewsOfMenu: Record<string, string>[] = [
      { locationId: 'loc_1', salesChannel: 'DELIVERY' },
      { locationId: 'loc_1' },
      {},
    ];
    for (const filters of viewsOfMenu)
      expect(views('menuItems', filters, joinRow)).toBe('RECORD_NOT_IN_LIST');
    expect(views('orders', { locationId: 'loc_1' }, joinRow)).toBe('RECORD_NOT_IN_LIST');
    const found = recordSameInEveryView.run({
      endpoint: 'menuItems',
      view: 'locationId=loc_1&salesChannel=DELIVERY&limit=7 via bearer',
      filters: {},
      unfiltered: new Map([['itm_1', plain]]),
      complete: true,
      received: new Map([['lmi_1_7', joinRow]]),
    });
    expect(found?.message).toMatch(
      /record lmi_1_7 returned with locationId=loc_1&salesChannel=DELIVERY.* not among the 1 records of the unfiltered list/,
    );
  });

  it('should not judge membership against an unfiltered list the survey did not read to its end', () => {
    const found = recordSameInEveryView.run({
      endpoint: 'menuItems',
      view: 'a view',
      filters: { locationId: 'loc_1' },
      unfiltered: new Map([['itm_1', plain]]),
      complete: false,
      received: new Map([['itm_2', { ...plain, id: 'itm_2' }]]),
    });
    expect(found).toBeNull();
  });

  it('should pass a record with its keys in another order, a field left out, or one added', () => {
    const reordered = { price: { amount: 5 }, status: 'ACTIVE', name: plain.name, id: plain.id, extra: 1 };
    expect(views('menuItems', {}, reordered)).toBeNull();
  });
});
