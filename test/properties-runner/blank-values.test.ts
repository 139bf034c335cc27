/** parameters.blank's coverage: every blank case of every parameter with a domain, on both pages. */
import { describe, expect, it } from 'vitest';
import type { Survey, TenantSurvey } from '../../lib/props/survey.ts';
import { blankCoverage } from '../../properties/params-blank.ts';

const record = (id: string) => ({ id, status: 'OPEN' });

const tenant = (records: number): TenantSurvey => ({
  name: 'a',
  quiescent: true,
  lists: {
    orders: {
      records: Array.from({ length: records }, (_, at) => record(`o${at}`)),
      end: 'complete',
      pages: 1,
    },
    menuItems: {
      records: Array.from({ length: records }, (_, at) => record(`m${at}`)),
      end: 'complete',
      pages: 1,
    },
  },
  locations: ['loc_1'],
  categories: ['cat_1'],
  menuByLocation: {},
});

const survey = (records: number): Survey => ({ tenants: [tenant(records)], ownerOf: () => 'a' });

describe('parameters.blank coverage', () => {
  it('should send each blank case of each parameter on a first page and with a cursor', () => {
    const coverage = blankCoverage(survey(3));
    expect(coverage.cells.map((cell) => `${cell.where}: ${cell.label}`).sort()).toEqual(
      ['menuItems', 'orders']
        .flatMap((endpoint) =>
          (endpoint === 'orders'
            ? ['status', 'limit', 'locationId', 'activeOnly']
            : ['status', 'limit', 'locationId', 'categoryId']
          ).flatMap((name) => [`${endpoint} ${name}: first page`, `${endpoint} ${name}: with a cursor`]),
        )
        .sort(),
    );
    expect(coverage.cells.every((cell) => cell.why === undefined)).toBe(true);
    for (const example of coverage.examples) {
      const sent = example.values.map((value) => value.encoded);
      expect(sent).toEqual(expect.arrayContaining([[''], ['%20']]));
      expect(sent.filter((values) => values.length === 2 && values.includes(''))).toHaveLength(2);
      expect(coverage.reached(example)).toHaveLength(1);
    }
    const located = coverage.examples.find((example) => example.values[0]?.name === 'locationId');
    expect(located?.values.map((value) => value.encoded)).toContainEqual(['', 'loc_1']);
  });

  it('should say why there is no cursor page when no list has two records', () => {
    const cursorCells = blankCoverage(survey(1)).cells.filter((cell) => cell.label === 'with a cursor');
    expect(cursorCells).toHaveLength(8);
    expect(cursorCells.every((cell) => cell.why === 'no list has two records for a cursor')).toBe(true);
  });
});
