/**
 * The coverage phase of the pagination properties and the key probes (properties/arbitraries/
 * paged.ts) on the gate's sandbox: alone (no random run), it reaches every paging class (an empty
 * list, one record, under a page, exactly a page, several pages, a last page partly or exactly
 * full), says why of each class a property cannot reach, and catches a fault that shows only on
 * a last page exactly full.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGING_CLASSES } from '../../lib/props/paging.ts';
import { runProperties, type PropertyResult } from '../../lib/props/runner.ts';
import { AUTH } from '../../properties/auth.ts';
import { PAGINATION } from '../../properties/pagination.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, startSmallSandbox } from './live-target.ts';
import { ENDPOINTS } from '../../lib/contract/endpoints.ts';
import { cellKey } from '../../lib/props/coverage.ts';
import { anyLimit } from '../../properties/arbitraries/measured.ts';
import { pagedWalks } from '../../properties/arbitraries/paged.ts';

/** The gate's sandbox: default size, 20 changes a second on every tenant but the last. */
const GATE_CHURN = 20;

/** The properties whose lists and limits are aimed at the paging classes. */
const AIMED = [
  'pagination.terminates',
  'pagination.no-duplicates',
  'pagination.shape',
  'pagination.page-size',
  'pagination.limit-invariance',
  'pagination.limit-change',
  'pagination.default-limit',
  'auth.schemes-agree',
  'auth.missing-or-malformed-key',
  'auth.revoked-key',
  'auth.expired-key',
  'auth.scope-public-read',
  'auth.scope-menu-read',
  'auth.scope-orders-read',
];

async function coverageOnly(sandbox: RunningSandbox, names: readonly string[], seed = 1) {
  const context = contextOn(sandbox.target);
  try {
    const properties = [...PAGINATION, ...AUTH].filter((property) => names.includes(property.name));
    // A loaded machine must not cut the coverage phase short: its whole point is to run.
    return await runProperties(properties, context, { seed, runs: 0, timeBudgetMs: 60_000 });
  } finally {
    await context.close();
  }
}

const coverageOf = (result: PropertyResult) => {
  if (result.status === 'skipped' || result.coverage === undefined)
    throw new Error(`${result.name}: no coverage`);
  return result.coverage;
};

describe('the paging coverage phase on the clean sandbox', () => {
  let sandbox: RunningSandbox;
  let results: PropertyResult[];
  beforeAll(async () => {
    sandbox = await startSandbox({ churn: GATE_CHURN });
    results = await coverageOnly(sandbox, AIMED);
  }, 120_000);
  afterAll(() => sandbox.close());

  it('should pass every aimed property with the coverage phase alone', () => {
    expect(results.map((result) => [result.name, result.status])).toEqual(
      AIMED.map((name) => [name, 'passed']),
    );
  });

  it('should reach every paging class on filtered lists, and past a page on whole lists', () => {
    const labels = (name: string) => {
      const result = results.find((entry) => entry.name === name);
      return result ? coverageOf(result).reached.map((entry) => entry.label) : [];
    };
    for (const name of ['pagination.shape', 'pagination.no-duplicates', 'auth.revoked-key'])
      expect(labels(name), name).toEqual([...PAGING_CLASSES]);
    // Filtered whole lists, and a location's menu read past its first page (its prices on every page).
    expect(labels('pagination.limit-invariance')).toEqual([
      ...PAGING_CLASSES,
      "a location's menu past page 1",
    ]);
    // Unfiltered whole lists of the gate's sandbox span pages: only the classes past one page.
    expect(labels('pagination.limit-change')).toEqual(['several-pages', 'last-partial', 'last-full']);
  });

  it('should say of each class a property does not reach why the data cannot produce it', () => {
    for (const result of results) {
      const { notReached, cellsNotReached } = coverageOf(result);
      for (const { label, why } of notReached) expect(why, `${result.name} ${label}`).toMatch(/^no list/);
      // Every cell was run or cannot be: none inconclusive, none left unrun.
      for (const { cell, why } of cellsNotReached) expect(why, `${result.name} ${cell}`).toMatch(/^no list/);
    }
  });
});

describe('paging classes where no list is exact', () => {
  it('should draw blind and say why of every class when no tenant is quiescent', async () => {
    const sandbox = await startSmallSandbox();
    const context = contextOn(sandbox.target);
    try {
      const survey = await context.survey();
      // The same data, every tenant said to change: no size is exact, so nothing can be aimed.
      const changing = {
        ...survey,
        tenants: survey.tenants.map((tenant) => ({ ...tenant, quiescent: false })),
      };
      const aimed = pagedWalks(changing, { endpoints: ENDPOINTS, bounds: anyLimit, filtered: true });
      expect(aimed.arbitrary).toBeNull();
      expect(aimed.coverage.examples).toEqual([]);
      expect(aimed.coverage.cells).toHaveLength(ENDPOINTS.length * PAGING_CLASSES.length);
      for (const cell of aimed.coverage.cells)
        expect(cell.why, cellKey(cell)).toMatch(/^no quiescent tenant/);
    } finally {
      await context.close();
      await sandbox.close();
    }
  }, 60_000);
});

describe('the paging coverage phase on a fault of full last pages', () => {
  it('should catch has-more-on-full-page in pagination.shape for every seed, before any random run', async () => {
    const sandbox = await startSandbox({ churn: GATE_CHURN, faults: ['has-more-on-full-page'] });
    try {
      for (const seed of [1, 2, 3]) {
        const [result] = await coverageOnly(sandbox, ['pagination.shape'], seed);
        expect(result?.status, `seed ${seed}`).toBe('failed');
      }
    } finally {
      await sandbox.close();
    }
  }, 120_000);
});
