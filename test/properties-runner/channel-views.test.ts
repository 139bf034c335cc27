/**
 * The sales channel views' cells (properties/arbitraries/channel-views.ts), on a survey built so
 * that every view's base is known: each channel alone and with the location holding most items,
 * filters beside them, and why when the target file names no channel or no location's menu was read.
 */
import { describe, expect, it } from 'vitest';
import { cellKey, type Coverage } from '../../lib/props/coverage.ts';
import type { Survey, SurveyRecord, TenantSurvey } from '../../lib/props/survey.ts';
import type { AimedWalk } from '../../properties/arbitraries/aimed-walk.ts';
import { withChannelViews } from '../../properties/arbitraries/channel-views.ts';

const items: SurveyRecord[] = Array.from({ length: 10 }, (_, index) => ({
  id: `i${index}`,
  name: `Item ${index}`,
  status: 'ACTIVE',
  categoryId: 'C1',
}));

const tenant = (menuByLocation: Record<string, readonly string[]>): TenantSurvey => ({
  name: 'a',
  quiescent: true,
  lists: {
    orders: { records: [], end: 'complete', pages: 1 },
    menuItems: { records: items, end: 'complete', pages: 1 },
  },
  locations: ['L1', 'L2'],
  categories: ['C1'],
  menuByLocation,
});

const survey = (menuByLocation: Record<string, readonly string[]>): Survey => ({
  tenants: [tenant(menuByLocation)],
  ownerOf: () => 'a',
});

const none: Coverage<AimedWalk> = { cells: [], examples: [], reached: () => [] };

describe('the sales channel views', () => {
  it('should send each channel alone and with the fullest location, and each filter beside them', () => {
    const views = withChannelViews(none, survey({ L1: ['i0', 'i1'], L2: ['i2', 'i3', 'i4', 'i5'] }), [
      'DINE_IN',
      'DELIVERY',
    ]);
    const queries = views.examples.map((walk) => walk.query);
    expect(queries).toContainEqual({ salesChannel: 'DINE_IN' });
    expect(queries).toContainEqual({ locationId: 'L2', salesChannel: 'DELIVERY' });
    expect(queries).toContainEqual({ locationId: 'L2', salesChannel: 'DELIVERY', status: 'ACTIVE' });
    expect(queries).toContainEqual({ salesChannel: 'DINE_IN', categoryId: 'C1' });
    expect(queries).toContainEqual({ locationId: 'L2', salesChannel: 'DELIVERY', q: 'Ite' });
    expect(views.examples).toHaveLength(2 * (2 + 3));
    // Every walk is a cell of its own, reached by it: a cursor page too (2 pages at its limit).
    expect(views.cells.every((cell) => cell.why === undefined)).toBe(true);
    for (const walk of views.examples) {
      expect(views.reached(walk)).toHaveLength(1);
      expect(walk.limit).toBe(walk.query.locationId === undefined ? 5 : 2);
    }
    expect(views.reached({ ...views.examples[0]!, query: { status: 'ACTIVE' } })).toEqual([]);
  });

  it('should say why when the target file names no channel or no location menu was read', () => {
    const noChannels = withChannelViews(none, survey({ L1: ['i0'] }), []);
    expect(noChannels.examples).toEqual([]);
    expect(noChannels.cells.map((cell) => cell.why)).toEqual([
      expect.stringMatching(/names no salesChannels/),
      expect.stringMatching(/names no salesChannels/),
    ]);
    const noLocations = withChannelViews(none, survey({}), ['DINE_IN']);
    expect(noLocations.examples.map((walk) => walk.query.locationId)).toEqual(Array(4).fill(undefined));
    expect(noLocations.cells.filter((cell) => cell.why !== undefined).map(cellKey)).toEqual([
      "menuItems locationId+salesChannel (): a sales channel's view",
    ]);
  });
});
