/** The docs' tables of faults and properties list exactly what the code has, and the README's counts. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_PROPERTIES } from '../../properties/all.ts';
import { FAULTS } from '../../sandbox/faults/catalogue.ts';

/** The first cell of each row of the table that follows `heading` in `file`. */
function firstColumn(file: string, heading: string): string[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const rows: string[] = [];
  for (const line of lines.slice(lines.indexOf(heading) + 1)) {
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(line.split('|')[1]?.trim().replace(/`/g, '') ?? '');
  }
  return rows.slice(2);
}

/**
 * Every count of faults the README states in digits (`47 injectable faults`, `35 of 35 faults`):
 * a number at most three words before "fault" or "faults".
 */
function faultCounts(text: string): number[] {
  const pattern = /\b(\d[\d,]*)\s+(?:[\w'’-]+\s+){0,3}?faults?\b/gi;
  return [...text.replace(/\s+/g, ' ').matchAll(pattern)].map(([, count = '']) =>
    Number(count.replace(/,/g, '')),
  );
}

describe('the README', () => {
  it('should find the counts it is meant to find, and no other', () => {
    expect(faultCounts('a catalogue of 47 injectable faults')).toEqual([47]);
    expect(faultCounts('the harness caught 35 of\n35 faults')).toEqual([35]);
    expect(faultCounts('every one of the 49 catalogue faults')).toEqual([49]);
    expect(faultCounts('runs one fault of each kind, 2 requests')).toEqual([]);
  });

  it("should state the fault catalogue's size wherever it counts faults", () => {
    const counts = faultCounts(readFileSync('README.md', 'utf8'));
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.filter((count) => count !== FAULTS.length)).toEqual([]);
  });
});

describe('the docs tables', () => {
  it('should list every sandbox fault in docs/sandbox.md, and only those', () => {
    expect(firstColumn('docs/sandbox.md', '## Faults')).toEqual(FAULTS.map((fault) => fault.name));
  });

  it('should list every property in docs/properties.md, and only those', () => {
    expect(firstColumn('docs/properties.md', '## The properties')).toEqual(
      ALL_PROPERTIES.map((property) => property.name),
    );
  });
});
