/**
 * The docs' option tables are the commands' option tables rendered (lib/cli/options.ts): a flag,
 * twin, default or help line changed in the code and not in the docs fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CAPACITY_OPTIONS } from '../../lib/capacity/options.ts';
import { optionsMarkdown, type OptionTable } from '../../lib/cli/options.ts';
import { GATE_OPTIONS } from '../../lib/gate/options.ts';
import { LOAD_OPTIONS } from '../../lib/load/run/options.ts';
import { PROPS_OPTIONS } from '../../lib/props/options.ts';
import { REPORT_OPTIONS } from '../../lib/report/options.ts';
import { REPRO_OPTIONS } from '../../lib/repro/options.ts';
import { SANDBOX_OPTIONS } from '../../sandbox/command.ts';

/** Where each command's table is printed: the file, the heading it follows, the table. */
const OPTION_DOCS: readonly (readonly [string, string, OptionTable])[] = [
  ['docs/gate.md', '## Options of the gate', GATE_OPTIONS],
  ['docs/properties.md', '## Options', PROPS_OPTIONS],
  ['docs/load.md', '## Options', LOAD_OPTIONS],
  ['docs/capacity.md', '## Options', CAPACITY_OPTIONS],
  ['docs/repro.md', '## Options', REPRO_OPTIONS],
  ['docs/sandbox.md', '## Options', SANDBOX_OPTIONS],
  ['docs/report.md', '### Options', REPORT_OPTIONS],
];

/** The cells of the rows of the first table after `heading`, its header and rule left out. */
function tableAfter(file: string, heading: string): string[][] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines.indexOf(heading);
  expect(start, `${file}: ${heading}`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    if (line.startsWith('|'))
      rows.push(
        line
          .slice(1, -1)
          .split(' | ')
          .map((cell) => cell.trim()),
      );
    else if (rows.length > 0) break;
  }
  return rows.slice(2);
}

describe('the option tables in the docs', () => {
  it.each(OPTION_DOCS)('should show in %s (%s) the command table', (file, heading, table) => {
    expect(tableAfter(file, heading)).toEqual(optionsMarkdown(table));
  });
});
