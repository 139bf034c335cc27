/**
 * The order of query parameters means nothing (spec §4.1, §4.2 name them; §4.3 rule 2): the pairs
 * of a request in other orders, the coverage cells where an order can matter (a cursor page with
 * two filters, per endpoint), and parameters.equivalent-forms on the clean sandbox and on
 * cursor-bound-to-param-order, caught by its coverage phase alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../lib/contract/endpoints.ts';
import { isSkip } from '../../lib/props/types.ts';
import type { Survey, TenantSurvey } from '../../lib/props/survey.ts';
import { equivalentFormsProperty } from '../../properties/params-equivalent.ts';
import { otherOrders, TWO_FILTERS, twoFilterAim } from '../../properties/params-order.ts';
import type { ListRequest } from '../../properties/arbitraries/requests.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, coverageOnly, startSmallSandbox } from './live-target.ts';

describe('otherOrders', () => {
  it('should give no other order to a query of one pair or none', () => {
    expect(otherOrders({})).toEqual([]);
    expect(otherOrders({ limit: '1' })).toEqual([]);
  });

  it('should reverse two pairs, and also move the first last when there are three or more', () => {
    const two = otherOrders({ status: 'OPEN', limit: '1' });
    expect(two.map((order) => Object.keys(order.query))).toEqual([['limit', 'status']]);
    const four = otherOrders({ status: 'OPEN', locationId: 'loc', limit: '1', cursor: 'T' });
    expect(four.map((order) => Object.keys(order.query))).toEqual([
      ['cursor', 'limit', 'locationId', 'status'],
      ['locationId', 'limit', 'cursor', 'status'],
    ]);
    // The same name=value pairs, only their order changed; each order in words.
    for (const order of four) {
      expect(order.query).toEqual({ status: 'OPEN', locationId: 'loc', limit: '1', cursor: 'T' });
      expect(order.words).toMatch(/^the same parameters/);
    }
  });
});

/** A quiescent tenant read in full whose orders are `orders`, and no menu. */
const surveyOf = (orders: TenantSurvey['lists']['orders']['records']): Survey => {
  const tenant: TenantSurvey = {
    name: 'a',
    quiescent: true,
    lists: {
      orders: { records: orders, end: 'complete', pages: 1 },
      menuItems: { records: [], end: 'complete', pages: 1 },
    },
    locations: ['loc_1', 'loc_2'],
    categories: [],
    menuByLocation: {},
  };
  return { tenants: [tenant], ownerOf: () => 'a' };
};

describe('twoFilterAim', () => {
  it('should aim at a status and a location that two records share', () => {
    const survey = surveyOf([
      { id: '1', status: 'OPEN', locationId: 'loc_1' },
      { id: '2', status: 'PAID', locationId: 'loc_2' },
      { id: '3', status: 'PAID', locationId: 'loc_2' },
    ]);
    expect(twoFilterAim(survey, 'orders')).toEqual({
      tenant: 'a',
      query: { status: 'PAID', locationId: 'loc_2' },
    });
  });

  it('should say why when no two records share both values', () => {
    const survey = surveyOf([
      { id: '1', status: 'OPEN', locationId: 'loc_1' },
      { id: '2', status: 'PAID', locationId: 'loc_1' },
    ]);
    expect(twoFilterAim(survey, 'orders')).toMatch(/no list .* status and locationId selecting two records/);
    expect(twoFilterAim(survey, 'menuItems')).toMatch(/status and q/);
  });
});

describe('parameters.equivalent-forms on the clean sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSmallSandbox();
  }, 60_000);
  afterAll(() => sandbox.close());

  it('should run a first page and a cursor page with two filters on each endpoint first', async () => {
    const context = contextOn(sandbox.target);
    try {
      const ready = await equivalentFormsProperty.prepare(context);
      if (isSkip(ready)) throw new Error(ready.skip);
      const examples = (ready.coverage?.examples ?? []) as ListRequest[];
      const filtered = examples.slice(0, 4);
      expect(filtered.map((example) => [example.endpoint, example.cursor])).toEqual(
        ENDPOINTS.flatMap((endpoint) => [
          [endpoint, false],
          [endpoint, true],
        ]),
      );
      for (const { endpoint, query } of filtered)
        expect(Object.keys(query)).toEqual([...TWO_FILTERS[endpoint], 'limit']);
      expect(ready.coverage?.cells.filter((cell) => cell.why !== undefined)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('should pass', async () => {
    expect((await coverageOnly(sandbox, equivalentFormsProperty))?.status).toBe('passed');
  }, 60_000);
});

describe('the fault cursor-bound-to-param-order', () => {
  it('should be caught by parameters.equivalent-forms (parameter-order-means-nothing) before any random run', async () => {
    const sandbox = await startSmallSandbox({ faults: ['cursor-bound-to-param-order'] });
    try {
      for (const seed of [1, 2]) {
        const result = await coverageOnly(sandbox, equivalentFormsProperty, seed);
        expect(result?.status).toBe('failed');
        expect(result?.status === 'failed' ? result.failures[0]?.check : undefined).toBe(
          'parameter-order-means-nothing',
        );
      }
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});
