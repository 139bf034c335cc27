import { describe, expect, it } from 'vitest';
import { errorBodyProblems, pageProblems } from '../../lib/contract/validate.ts';
import {
  emptyPage,
  invalidErrors,
  invalidMenuPages,
  validErrors,
  validMenuPage,
  validOrdersPage,
} from './examples.ts';

describe('contract validators', () => {
  it('should accept the valid pages of both endpoints, extra fields included', () => {
    expect(pageProblems('menuItems', validMenuPage)).toEqual([]);
    expect(pageProblems('orders', validOrdersPage)).toEqual([]);
    expect(pageProblems('orders', emptyPage)).toEqual([]);
  });

  it.each(Object.entries(invalidMenuPages))('should reject a page with %s', (_kind, body) => {
    expect(pageProblems('menuItems', body).length).toBeGreaterThan(0);
  });

  it('should reject an order status on the menu endpoint and a menu status on orders', () => {
    const withStatus = (status: string) => ({
      data: [{ id: 'x', name: 'n', status }],
      pagination: emptyPage.pagination,
    });
    expect(pageProblems('menuItems', withStatus('PAID'))).not.toEqual([]);
    expect(pageProblems('orders', withStatus('STOP_LIST'))).not.toEqual([]);
  });

  it('should name where the problem is', () => {
    const [problem] = pageProblems('menuItems', invalidMenuPages['bad enum']);
    expect(problem?.path).toBe('/data/0/status');
  });

  it('should accept valid error bodies and reject each kind of invalid one', () => {
    for (const body of validErrors) expect(errorBodyProblems(body)).toEqual([]);
    for (const body of Object.values(invalidErrors)) expect(errorBodyProblems(body)).not.toEqual([]);
  });
});
