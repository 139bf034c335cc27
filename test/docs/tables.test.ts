/** The docs' tables of faults and properties list exactly what the code has. */
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
