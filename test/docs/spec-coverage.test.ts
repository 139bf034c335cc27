/**
 * docs/spec-coverage.md stays true: every check, property and fault it names exists, every check of
 * the registry has a row, a sentence nothing enforces says why, and every sentence's per-site cell
 * points at rows of the generated sentence × site matrix that exist, or says why it has none.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../../lib/checks/registry.ts';
import { ALL_PROPERTIES } from '../../properties/all.ts';
import { FAULTS } from '../../sandbox/faults/catalogue.ts';
import { SENTENCES } from '../../sandbox/mutants/matrix.ts';
import { OPERATORS } from '../../sandbox/mutants/operators.ts';
import { SITES } from '../../sandbox/mutants/sites.ts';
import { tableRows } from './markdown-table.ts';

const doc = readFileSync('docs/spec-coverage.md', 'utf8');

/** The rows of every table, as trimmed cells, header and rule lines left out. */
const rows = tableRows(doc).filter((cells) => !['§', 'check'].includes(cells[0] ?? ''));
const sentences = rows.filter((cells) => cells.length === 6);
const names = (cell: string | undefined) => [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]);

const checks = new Set(ALL_CHECKS.map((check) => check.name));
const properties = new Set(ALL_PROPERTIES.map((property) => property.name));
const faults = new Set<string>(FAULTS.map((fault) => fault.name));
/** The per-site cells that point at the generated matrix, and the names (operators, sites) they give. */
const pointers = sentences.map((cells) => cells[5] ?? '').filter((cell) => cell.startsWith('matrix'));
const operators = new Set(OPERATORS.map((operator) => operator.name));
const sites = new Set(SITES.map((site) => site.name));

describe('the spec coverage table', () => {
  it('should have a row for the sentences of every section', () => {
    expect(new Set(sentences.map((cells) => cells[0]?.split('.')[0]))).toEqual(
      new Set(['1', '2', '3', '4', '5', '6', '7', '8', '9']),
    );
  });

  it('should name only checks and properties that exist', () => {
    const enforcing = [
      ...sentences.flatMap((cells) => names(cells[2])),
      ...rows.filter((cells) => cells.length === 2).flatMap((cells) => names(cells[0])),
    ];
    expect(enforcing.filter((name) => !checks.has(name ?? '') && !properties.has(name ?? ''))).toEqual([]);
  });

  it('should name only faults of the catalogue', () => {
    expect(sentences.flatMap((cells) => names(cells[3])).filter((name) => !faults.has(name ?? ''))).toEqual(
      [],
    );
  });

  it('should list every check of the registry', () => {
    const named = new Set(names(doc));
    expect([...checks].filter((check) => !named.has(check))).toEqual([]);
  });

  it('should say why, where nothing enforces a sentence', () => {
    for (const cells of sentences.filter((row) => row[2] === 'none'))
      expect(cells[4], cells[1]).toMatch(/\w{3,}/);
  });

  it('should give every sentence its per-site view: matrix rows that exist, or why there are none', () => {
    for (const cells of sentences) expect(cells[5], cells[1]).toMatch(/\w{3,}/);
    const named = pointers.flatMap((cell) => names(cell));
    expect(named.filter((name) => !operators.has(name ?? '') && !sites.has(name ?? ''))).toEqual([]);
    // A reason names no operator: a sentence held per site points at the matrix.
    const reasons = sentences.map((cells) => cells[5] ?? '').filter((cell) => !cell.startsWith('matrix'));
    expect(reasons.flatMap((cell) => names(cell)).filter((name) => operators.has(name ?? ''))).toEqual([]);
  });

  it('should point at every row of the generated matrix from a sentence', () => {
    const pointed = new Set(pointers.flatMap((cell) => names(cell)));
    const unpointed = SENTENCES.filter((sentence) => !sentence.operators.some((name) => pointed.has(name)));
    expect(unpointed.map((sentence) => sentence.text)).toEqual([]);
  });
});
