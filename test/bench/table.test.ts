import { describe, expect, it } from 'vitest';
import { absoluteFigure, ratioFigure, type BenchReport } from '../../bench/report.ts';
import { formatNumber, formatValue, renderMarkdownTable, renderTextTable } from '../../bench/table.ts';

const report: BenchReport = {
  schemaVersion: 1,
  command: 'npm run bench -- --quick',
  quick: true,
  startedAt: '2026-05-20T10:11:12.000Z',
  durationMs: 1000,
  machine: { cpus: 2 },
  sections: [
    {
      name: 'generator',
      title: 'Generator overhead',
      status: 'ok',
      durationMs: 10,
      figures: [
        ratioFigure('harness / minimal', 0.9, 1, 'requests/s', { goal: { text: '>= 0.8', met: true } }),
        absoluteFigure('wrk', 28782.4, 'req/s'),
        absoluteFigure('harness walk', null, 'req/s', {
          note: 'skipped: the harness walk did not run',
        }),
      ],
      details: {},
    },
    {
      name: 'gate',
      title: 'Gate time',
      status: 'skipped',
      reason: 'scripts/gate.ts | not there',
      durationMs: 0,
      figures: [],
      details: {},
    },
  ],
};

describe('formatNumber', () => {
  it('should keep three significant digits and separate thousands', () => {
    expect(formatNumber(0.87349)).toBe('0.873');
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(4560)).toBe('4,560');
    expect(formatNumber(1234567.8)).toBe('1,234,568');
    expect(formatNumber(0.00083)).toBe('0.00083');
  });
});

describe('formatValue', () => {
  it('should show ratios with a times sign and their precision, absolutes with their unit, missing as n/a', () => {
    expect(formatValue(ratioFigure('r', 1, 1, 'x'))).toBe('1.00×');
    expect(formatValue(ratioFigure('r', 1, 3, 'x'))).toBe('0.333×');
    expect(formatValue(absoluteFigure('a', 2048, 'MiB'))).toBe('2,048 MiB');
    expect(formatValue(absoluteFigure('a', null, 'ms'))).toBe('n/a');
  });
});

describe('renderTextTable', () => {
  it('should print a row per figure, goals with their verdict, and a skipped section with its reason', () => {
    const lines = renderTextTable(report).split('\n');

    expect(lines[0]).toMatch(/^section\s+figure\s+value\s+goal\s+what it is$/);
    expect(lines.find((line) => line.includes('harness / minimal'))).toMatch(/0\.900×\s+>= 0\.8 \(met\)/);
    expect(lines.find((line) => line.includes('harness walk'))).toContain('n/a');
    expect(lines.find((line) => line.startsWith('gate'))).toMatch(/skipped.*scripts\/gate\.ts \| not there/);
  });
});

describe('renderMarkdownTable', () => {
  it('should be a Markdown table whose cells escape the pipe', () => {
    const lines = renderMarkdownTable(report).split('\n');

    expect(lines[1]).toBe('| --- | --- | --- | --- | --- |');
    expect(lines.at(-1)).toContain('scripts/gate.ts \\| not there');
    expect(lines.every((line) => line.startsWith('| ') && line.endsWith(' |'))).toBe(true);
  });
});

describe('section tables', () => {
  it("should follow the figures with a section's own table: title, header, rows, then notes", () => {
    const [generator, gate] = report.sections;
    const withTable: BenchReport = {
      ...report,
      sections: [
        {
          ...generator!,
          tables: [
            {
              title: 'Peer table',
              header: ['fault', 'caught'],
              rows: [['cursor-500', 'yes']],
              notes: ['n1'],
            },
          ],
        },
        gate!,
      ],
    };

    const markdown = renderMarkdownTable(withTable).split('\n\n');
    expect(markdown[0]).toBe(renderMarkdownTable(report));
    expect(markdown.slice(1)).toEqual([
      'Peer table',
      '| fault | caught |\n| --- | --- |\n| cursor-500 | yes |',
      'n1',
    ]);
    expect(renderTextTable(withTable)).toContain('fault       caught\n----------  ------\ncursor-500  yes');
  });
});
