/**
 * The q cells of the characters a query string gives meaning to, and of the characters whose case
 * maps irregularly (properties/arbitraries/q-form-cells.ts): on the gate's sandbox each cell's
 * example, run alone, passes the clean sandbox and catches the fault it exists for: a server that
 * decodes the query before splitting it (`q-decoded-before-split`: the cells of & and =), and one
 * that folds names otherwise than q (`q-folded-unlike-names`: the cells of ß, ı and ς).
 */
import { describe, expect, it } from 'vitest';
import { cellKey } from '../../lib/props/coverage.ts';
import { ContractViolation } from '../../lib/props/transcript.ts';
import { isSkip } from '../../lib/props/types.ts';
import { FILTERS } from '../../properties/filters.ts';
import { startSandbox } from '../../sandbox/start.ts';
import { contextOn } from './live-target.ts';

/** The gate's sandbox: default size, 20 changes a second on every tenant but the last. */
const GATE_CHURN = 20;

/** The check each cell's example fails, per property, cell label and fault; null on the clean sandbox. */
async function checksFailed(property: string, labels: readonly string[], fault?: string) {
  const definition = FILTERS.find((each) => each.name === property);
  const sandbox = await startSandbox({ churn: GATE_CHURN, faults: fault === undefined ? [] : [fault] });
  const context = contextOn(sandbox.target);
  try {
    const ready = await definition?.prepare(context);
    if (ready === undefined || isSkip(ready)) throw new Error(`${property}: not prepared`);
    // One example per cell without a why, in order: the cell's own, not another that reaches it too.
    const aimed = (ready.coverage?.cells ?? []).filter((cell) => cell.why === undefined).map(cellKey);
    const examples = ready.coverage?.examples ?? [];
    expect(examples.length).toBe(aimed.length);
    const failed: Record<string, string | null | undefined> = {};
    for (const label of labels) {
      const example = examples[aimed.indexOf(cellKey({ where: 'menuItems q', label }))];
      if (example === undefined) {
        failed[label] = undefined;
        continue;
      }
      context.client.begin();
      try {
        await ready.run(example);
        failed[label] = null;
      } catch (error) {
        // Anything but a finding (a crash of the run itself) fails the test as it is.
        if (!(error instanceof ContractViolation)) throw error;
        failed[label] = error.failures[0]?.check ?? null;
      }
    }
    return failed;
  } finally {
    await context.close();
    await sandbox.close();
  }
}

const SPLIT = ['q: query-string character &', 'q: query-string character ='];
const OTHER_QUERY_STRING = ['#', ';', '?', '/', '+', '%'].map((char) => `q: query-string character ${char}`);
const FOLDED = ['ß', 'ı', 'ς'].map((char) => `q: irregular case character ${char}`);
const IRREGULAR = ['ß', 'ı', 'ς', 'İ'].flatMap((char) => [
  `q: irregular case character ${char}`,
  `q: irregular case character ${char} in another case`,
]);

describe('the query-string character cells of filters.q', () => {
  it('should pass the clean sandbox, each cell alone', async () => {
    const failed = await checksFailed('filters.q', [...SPLIT, ...OTHER_QUERY_STRING]);
    expect(failed).toEqual(
      Object.fromEntries([...SPLIT, ...OTHER_QUERY_STRING].map((label) => [label, null])),
    );
  }, 60_000);

  it('should fail filter-respected with q-decoded-before-split on the cells of & and = alone', async () => {
    const failed = await checksFailed('filters.q', SPLIT, 'q-decoded-before-split');
    expect(failed).toEqual(Object.fromEntries(SPLIT.map((label) => [label, 'filter-respected'])));
  }, 60_000);
});

describe('the irregular case cells of filters.q-finds-all', () => {
  it('should pass the clean sandbox, each cell alone, in the data case and in another', async () => {
    const failed = await checksFailed('filters.q-finds-all', IRREGULAR);
    expect(failed).toEqual(Object.fromEntries(IRREGULAR.map((label) => [label, null])));
  }, 60_000);

  it('should fail search-matches-name-or-sku with q-folded-unlike-names on the cells of ß, ı and ς', async () => {
    const failed = await checksFailed('filters.q-finds-all', FOLDED, 'q-folded-unlike-names');
    expect(failed).toEqual(Object.fromEntries(FOLDED.map((label) => [label, 'search-matches-name-or-sku'])));
  }, 60_000);
});
