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
    received: new Map([['itm_1', record as Record<string, unknown>]]),
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

  it('should pass a record with its keys in another order, a field left out, or one added', () => {
    const reordered = { price: { amount: 5 }, status: 'ACTIVE', name: plain.name, id: plain.id, extra: 1 };
    expect(views('menuItems', {}, reordered)).toBeNull();
  });
});
