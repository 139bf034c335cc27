/**
 * The coverage phase of the filter properties (properties/arbitraries/outcomes.ts) on the gate's
 * sandbox: alone (no random run), it reaches every outcome class and every q form, says why of
 * each one a property cannot reach, and catches the faults that random draws found only by chance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTCOME_CLASSES } from '../../lib/props/outcomes.ts';
import { NEAR_MISS_KINDS, type NearMissKind } from '../../lib/props/near-misses.ts';
import { Q_FORMS } from '../../lib/props/q-forms.ts';
import { cellKey } from '../../lib/props/coverage.ts';
import { runProperties, type PropertyResult } from '../../lib/props/runner.ts';
import { ContractViolation } from '../../lib/props/transcript.ts';
import { isSkip } from '../../lib/props/types.ts';
import { FILTERS } from '../../properties/filters.ts';
import type { FaultName } from '../../sandbox/faults/catalogue.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { contextOn } from './live-target.ts';

/** The gate's sandbox: default size, 20 changes a second on every tenant but the last. */
const GATE_CHURN = 20;

/** The label of the cells that read a page above 50 (properties/arbitraries/big-page-cells.ts). */
const BIG_PAGE = 'more than a page of 51 to 100';
/** The label of the sales channel views' cells (properties/arbitraries/channel-views.ts). */
const CHANNEL_VIEW = "a sales channel's view";

async function coverageOnly(sandbox: RunningSandbox, names: readonly string[] = [], seed = 1) {
  const context = contextOn(sandbox.target);
  try {
    const properties = FILTERS.filter((property) => names.length === 0 || names.includes(property.name));
    return await runProperties(properties, context, { seed, runs: 0 });
  } finally {
    await context.close();
  }
}

const labelsOf = (result: PropertyResult) =>
  result.status === 'skipped' ? [] : (result.coverage?.reached.map((entry) => entry.label) ?? []);

describe('the coverage phase on the clean sandbox', () => {
  let sandbox: RunningSandbox;
  let results: PropertyResult[];
  beforeAll(async () => {
    sandbox = await startSandbox({ churn: GATE_CHURN });
    results = await coverageOnly(sandbox);
  }, 120_000);
  afterAll(() => sandbox.close());

  it('should pass every filter property with the coverage phase alone', () => {
    expect(results.map((result) => [result.name, result.status])).toEqual(
      FILTERS.map((property) => [property.name, 'passed']),
    );
  });

  it('should reach every outcome class and every q form', () => {
    const reached = new Set(results.flatMap(labelsOf));
    for (const outcome of OUTCOME_CLASSES) expect(reached, outcome).toContain(outcome);
    for (const form of Q_FORMS) expect(reached, form).toContain(`q: ${form}`);
    for (const kind of NEAR_MISS_KINDS) expect(reached, kind).toContain(`q: near miss, ${kind}`);
    // Each character of the seeded names whose case maps irregularly, in the data's case and another.
    for (const char of ['ß', 'ς', 'ı', 'İ'])
      for (const label of [
        `q: irregular case character ${char}`,
        `q: irregular case character ${char} in another case`,
      ])
        expect(reached, label).toContain(label);
    const exact = results.find((result) => result.name === 'filters.exact');
    expect(exact && labelsOf(exact)).toEqual([...OUTCOME_CLASSES, 'each value', BIG_PAGE, CHANNEL_VIEW]);
    // A page above 50 is read through every filter, categoryId's too (the quiescent tenant's Mains).
    const coverage = exact?.status === 'passed' ? exact.coverage : undefined;
    expect(coverage?.cellsNotReached.filter(({ cell }) => cell.endsWith(BIG_PAGE))).toEqual([]);
    const big = coverage?.reached.find((entry) => entry.label === BIG_PAGE);
    expect(big && big.cells).toBe(big && big.of);
    expect(big && big.of).toBe(7);
    // Every sales channel's view, alone and with a location, and with status, categoryId and q.
    const views = coverage?.reached.find((entry) => entry.label === CHANNEL_VIEW);
    expect(views && [views.cells, views.of]).toEqual([12, 12]);
    // Every status and activeOnly value, and a spread of the ids, each sent alone once.
    const values =
      exact?.status === 'passed' && exact.coverage?.reached.find((entry) => entry.label === 'each value');
    expect(values && values.cells).toBe(values && values.of);
    expect(values && values.of).toBeGreaterThanOrEqual(3 + 5 + 2);
    const search = results.find((result) => result.name === 'filters.q-finds-all');
    expect(search && labelsOf(search)).toEqual(
      expect.arrayContaining(['empty', 'one', 'under-page', 'exact-page', 'several-pages', 'most']),
    );
  });

  it('should say of each class a property does not reach why the data cannot produce it', () => {
    for (const result of results) {
      if (result.status === 'skipped' || result.coverage === undefined)
        throw new Error(`${result.name}: no coverage`);
      const { reached, notReached, cellsNotReached } = result.coverage;
      const labels = [...reached.map((entry) => entry.label), ...notReached.map((entry) => entry.label)];
      expect(new Set(labels).size, result.name).toBe(labels.length);
      for (const { label, why } of notReached)
        expect(why, `${result.name} ${label}`).toMatch(/^no value selects /);
      // Every cell was run or cannot be: none inconclusive, none left unrun.
      for (const { cell, why } of cellsNotReached)
        expect(why, `${result.name} ${cell}`).toMatch(
          /^(no value selects|status with activeOnly is "not shown")/,
        );
    }
    // No category holds most of a menu; the quiescent tenant's Mains holds more than a page above 50.
    const category = results.find((result) => result.name === 'filters.category');
    expect(
      category?.status === 'passed' && category.coverage?.notReached.map((entry) => entry.label),
    ).toEqual(['most', 'all']);
  });
});

describe('the coverage phase on faults of filters', () => {
  // filters.exact caught the first two in 14 and 5 of 20 seeds at its 30 runs: activeOnly=false
  // ("all") and a result exactly a page long were two draws among many.
  const cases = [
    ['active-only-false-filters', 'filters.exact'],
    ['has-more-on-full-page', 'filters.exact'],
    ['q-case-sensitive', 'filters.q-finds-all'],
    // A literal + or %41, searched as a space or an A: the literal q-form cells send both. A
    // search capped at 50 a page: the big-page cell of q reads one at a limit above 50.
    ['q-decoded-twice', 'filters.q'],
    // An encoded & or = with text after it, cut there: the query-string character cells send both.
    ['q-decoded-before-split', 'filters.q'],
    // Weißwurst, Kısır and Γύρος searched for as spelt: the irregular case cells send them.
    ['q-folded-unlike-names', 'filters.q-finds-all'],
    ['search-limit-capped', 'filters.q'],
    // "creme" for Crème Brûlée: the near-miss cells send texts no name or SKU holds.
    ['search-ignores-accents', 'filters.q'],
    // "Salad Caesar" and "Cae Sa" for Caesar Salad: the near-miss cells of words reordered and prefixes.
    ['search-words-any-order', 'filters.q'],
    // A search more forgiving than letter case: each found by its near-miss cell (below).
    ['search-folds-look-alikes', 'filters.q'],
    ['search-forgives-missing-letter', 'filters.q'],
    ['search-squeezes-repeats', 'filters.q'],
    ['search-forgives-swapped-letters', 'filters.q'],
    ['search-ignores-separators', 'filters.q'],
    ['sku-search-ignores-separators', 'filters.q'],
    ['search-stems-plurals', 'filters.q'],
    ['search-ignores-accents', 'filters.q-finds-all'],
    ['search-forgives-swapped-letters', 'filters.q-finds-all'],
    ['sku-search-ignores-separators', 'filters.q-finds-all'],
    ['filter-lost-on-later-pages', 'filters.status'],
    ['active-only-wrong', 'filters.active-only'],
    // Only status=ARCHIVED and status=CANCELLED: values no outcome class needed.
    ['last-status-empty', 'filters.exact'],
  ] as const;
  it('should name channel-view-row-ids a record the list does not hold, in the coverage phase', async () => {
    const sandbox = await startSandbox({ faults: ['channel-view-row-ids'] });
    try {
      const [result] = await coverageOnly(sandbox, ['filters.exact']);
      const failure = result?.status === 'failed' ? result.failures[0] : undefined;
      expect([failure?.check, failure?.code]).toEqual(['record-same-in-every-view', 'RECORD_NOT_IN_LIST']);
      expect(failure?.message).toMatch(/^record lmi_\S+ returned with locationId=\S+&salesChannel=/);
    } finally {
      await sandbox.close();
    }
  }, 60_000);
  for (const [fault, property] of cases)
    it(`should catch ${fault} in ${property} for every seed, before any random run`, async () => {
      const sandbox = await startSandbox({ churn: GATE_CHURN, faults: [fault] });
      try {
        for (const seed of [1, 2, 3]) {
          const [result] = await coverageOnly(sandbox, [property], seed);
          expect(result?.status, `seed ${seed}`).toBe('failed');
        }
      } finally {
        await sandbox.close();
      }
    }, 120_000);
});

/** The fault whose search finds each kind of near miss (sandbox/faults/search.ts, sandbox/queries/menu-items.ts). */
const NEAR_MISS_FAULTS: Record<NearMissKind, FaultName> = {
  'accents stripped': 'search-ignores-accents',
  'accent added': 'search-ignores-accents',
  'look-alike letter': 'search-folds-look-alikes',
  'character dropped': 'search-forgives-missing-letter',
  'character doubled': 'search-squeezes-repeats',
  'characters transposed': 'search-forgives-swapped-letters',
  'words reordered': 'search-words-any-order',
  'separator changed': 'search-ignores-separators',
  'SKU separator changed': 'sku-search-ignores-separators',
  plural: 'search-stems-plurals',
  'word prefixes joined': 'search-words-any-order',
  'text appended': 'search-truncates-q',
};

describe('each near-miss cell of filters.q', () => {
  const SEARCH = FILTERS.find((property) => property.name === 'filters.q');
  const faults = [...new Set(Object.values(NEAR_MISS_FAULTS))];
  for (const fault of faults) {
    const kinds = NEAR_MISS_KINDS.filter((kind) => NEAR_MISS_FAULTS[kind] === fault);
    it(`should fail filter-respected with ${fault} on the cell of ${kinds.join(' and ')} alone`, async () => {
      const sandbox = await startSandbox({ churn: GATE_CHURN, faults: [fault] });
      const context = contextOn(sandbox.target);
      try {
        const ready = await SEARCH?.prepare(context);
        if (ready === undefined || isSkip(ready)) throw new Error('filters.q: not prepared');
        const examples = ready.coverage?.examples ?? [];
        for (const kind of kinds) {
          const key = cellKey({ where: 'menuItems q', label: `q: near miss, ${kind}` });
          const example = examples.find((input) => ready.coverage?.reached(input).includes(key));
          expect(example, kind).toBeDefined();
          context.client.begin();
          const thrown = await ready.run(example).then(
            () => undefined,
            (error: unknown) => error,
          );
          expect(thrown instanceof ContractViolation && thrown.failures[0]?.check, kind).toBe(
            'filter-respected',
          );
        }
      } finally {
        await context.close();
        await sandbox.close();
      }
    }, 60_000);
  }
});
