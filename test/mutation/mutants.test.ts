/**
 * The generated mutants: every cell of the sentence × site matrix has a mutant or a reason, the
 * doc shows the generator's table, names are unique, the equivalent mutants are there, and a
 * sample is killed (or, equivalent, passed) end to end by the gate's properties.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../../lib/checks/registry.ts';
import { ENDPOINT_INFO, ENDPOINTS } from '../../lib/contract/endpoints.ts';
import { runMutants } from '../../lib/props/mutants.ts';
import { matrixCells, MUTANTS, SENTENCES } from '../../sandbox/mutants/matrix.ts';
import { OPERATORS } from '../../sandbox/mutants/operators.ts';
import { SITES } from '../../sandbox/mutants/sites.ts';
import { renderMatrix } from '../../sandbox/mutants/render.ts';
import { startSandbox } from '../../sandbox/start.ts';
import { tableRows } from '../docs/markdown-table.ts';
import { inLanes } from '../setup/lanes.ts';
import { runOnSandbox } from './run-property.ts';
import '../setup/provide-layers.ts';

const REGENERATE =
  'paste the output of npx tsx -e "import(\'./sandbox/mutants/render.ts\').then((m) => console.log(m.renderMatrix()))" into docs/spec-coverage.md, then npx prettier --write it';

/** The rows of the tables in `text` as wide as the matrix. */
const matrixTable = (text: string) => tableRows(text).filter((cells) => cells.length === SITES.length + 3);

describe('the mutant generator', () => {
  it('should fill every cell with a mutant or the reason none applies', () => {
    for (const cell of matrixCells()) {
      const where = `${cell.sentence.text} @ ${cell.site.name}`;
      expect(cell.mutants.length + cell.reasons.length, where).toBe(cell.sentence.operators.length);
      expect(cell.mutants.length + cell.reasons.length, where).toBeGreaterThan(0);
    }
  });

  it('should name each mutant once, after its operator and site', () => {
    const names = MUTANTS.map((mutant) => mutant.name);
    expect(new Set(names).size).toBe(names.length);
    for (const mutant of MUTANTS) expect(mutant.name).toBe(`m:${mutant.operator.name}@${mutant.site.name}`);
  });

  it('should use every operator, name only checks that exist, and generate the equivalent mutants', () => {
    const used = new Set(SENTENCES.flatMap((sentence) => sentence.operators));
    expect(OPERATORS.map((operator) => operator.name).filter((name) => !used.has(name))).toEqual([]);
    const checks = new Set(ALL_CHECKS.map((check) => check.name));
    expect(SENTENCES.flatMap((sentence) => sentence.checks).filter((check) => !checks.has(check))).toEqual(
      [],
    );
    const equivalent = MUTANTS.filter((mutant) => mutant.equivalent);
    expect(new Set(equivalent.map((mutant) => mutant.operator.name))).toEqual(
      new Set(OPERATORS.filter((operator) => operator.equivalent).map((operator) => operator.name)),
    );
    expect(MUTANTS.filter((mutant) => (mutant.operator.equivalent === true) !== mutant.equivalent)).toEqual(
      [],
    );
  });

  it('should be shown in docs/spec-coverage.md as generated, with no empty cell', () => {
    const generated = matrixTable(renderMatrix());
    const doc = matrixTable(readFileSync('docs/spec-coverage.md', 'utf8'));
    expect(doc, REGENERATE).toEqual(generated);
    expect(doc.flat().filter((cell) => cell === '')).toEqual([]);
  });

  it('should have a site of filtered pages for every filter the spec defines (salesChannel: its values are not shown)', () => {
    const site = { menuItems: 'menu', orders: 'orders' } as const;
    const wanted = ENDPOINTS.flatMap((endpoint) =>
      ENDPOINT_INFO[endpoint].filters
        .filter((filter) => filter !== 'salesChannel')
        .map((filter) => `${site[endpoint]}.filter-${filter}`),
    );
    const names = new Set(SITES.map((entry) => entry.name));
    expect(wanted.filter((name) => !names.has(name))).toEqual([]);
  });

  it('should refuse an unknown mutant before seeding a store', async () => {
    await expect(startSandbox({ mutant: 'm:nothing@nowhere' })).rejects.toThrow(/unknown mutant/);
  });
});

/** Mutants of the framing and refusal rows, and the check that must kill each. */
const FRAMING_KILLED: ReadonlyMap<string, string> = new Map([
  ['m:date-missing@orders.cursor-page', 'date-header-sent'],
  ['m:date-not-http-date@menu.empty', 'date-header-sent'],
  ['m:date-obsolete-form@error-403', 'date-header-sent'],
  ['m:date-missing@error-429', 'date-header-sent'],
  ['m:body-bom@menu.last-page', 'no-byte-order-mark'],
  ['m:body-bom@error-429', 'no-byte-order-mark'],
  ['m:content-type-repeated@error-429', 'single-valued-fields'],
  ['m:content-type-list@error-401', 'single-valued-fields'],
  ['m:refusal-carries-record@error-404', 'refusal-discloses-nothing'],
  ['m:refusal-names-record@error-400', 'refusal-discloses-nothing'],
  ['m:refusal-names-record@error-429', 'refusal-discloses-nothing'],
  ['m:allow-missing@method-405', 'other-method-refused'],
]);

describe('generated mutants end to end', () => {
  it('should be killed by the gate properties, and an equivalent one passed', async () => {
    const killing = [
      'm:status-field-lowercase@orders.cursor-page',
      'm:error-message-missing@error-401',
      'm:token-garbage@menu.first-page',
      'm:content-type-text@menu.cursor-page',
      'm:repeat-differs@orders.first-page',
      // The filtered menu pages: a record of another status or category, one left out at a location.
      'm:filter-violated@menu.filter-status',
      'm:filter-violated@menu.filter-categoryId',
      'm:record-dropped@menu.filter-locationId',
      // Every answer's Date and first bytes, a 405's Allow, what a refusal carries: at pages,
      // errors (the 429 on a throttled sandbox) and a 405, each killed by the check it breaks.
      ...FRAMING_KILLED.keys(),
    ];
    const equivalent = 'm:extra-record-field@orders.first-page';
    // Each mutant on a sandbox of its own, three at a time: the equivalent one (the whole suite,
    // much of it waiting on a Retry-After or a pause) first, the others beside it.
    const runs = await inLanes([equivalent, ...killing], 3, (mutant) => runMutants({ mutants: [mutant] }));
    const rows = runs.flat();
    const checked = (mutant: string, check: string | undefined) =>
      FRAMING_KILLED.has(mutant) ? check : undefined;
    expect(
      rows.map((row) => [row.mutant, row.verdict, checked(row.mutant, row.failedBy?.check)]).sort(),
    ).toEqual(
      [
        ...killing.map((name) => [name, 'killed', FRAMING_KILLED.get(name)]),
        [equivalent, 'passed', undefined],
      ].sort(),
    );
  }, 90_000);

  // Each allowed change passes the property that judges its site (the bench runs every property).
  it('should pass a Date a second off with its name in capitals, whitespace before the JSON, Content-Type parameters in another form, Vary on two lines, and Allow reordered', async () => {
    const equivalent = [
      ['errors.shape', 'm:date-other-second@error-401'],
      ['errors.shape', 'm:body-whitespace@error-400'],
      ['pagination.terminates', 'm:body-whitespace@orders.cursor-page'],
      ['pagination.terminates', 'm:date-other-second@menu.cursor-page'],
      ['errors.shape', 'm:content-type-params-varied@error-404'],
      ['pagination.terminates', 'm:vary-repeated@orders.cursor-page'],
      ['http.other-methods', 'm:allow-reordered@method-405'],
    ] as const;
    const results = await inLanes(equivalent, 3, ([property, mutant]) =>
      runOnSandbox(property, { mutant }, 1),
    );
    expect(results.map((result) => result.status)).toEqual(equivalent.map(() => 'passed'));
  }, 90_000);
});
