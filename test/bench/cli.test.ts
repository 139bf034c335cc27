import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SECTIONS, selectSections } from '../../bench/registry.ts';
import { bundledArgs } from '../setup/command.ts';

const bench = (...args: string[]) =>
  spawnSync(process.execPath, bundledArgs('bench', args), {
    encoding: 'utf8',
    timeout: 30_000,
  });

describe('selectSections', () => {
  it('should keep the run order whatever the order of --only', () => {
    expect(selectSections(['merge', 'generator']).map((section) => section.name)).toEqual([
      'generator',
      'merge',
    ]);
    expect(selectSections(undefined)).toHaveLength(SECTIONS.length);
  });

  it('should name the sections to choose from when one is unknown', () => {
    expect(() => selectSections(['nope'])).toThrow(
      /--only nope: no such section; choose from generator, idle, workers, sandbox/,
    );
  });
});

describe('npm run bench', () => {
  it('should list every section in --help', () => {
    const result = bench('--help');

    expect(result.status).toBe(0);
    for (const section of SECTIONS) expect(result.stdout).toContain(section.name);
  });

  it('should refuse --out, its old name for the reports folder, naming --reports-dir, before measuring anything', () => {
    const result = bench('--out', 'somewhere');

    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      'error: --out is now --reports-dir DIR: the report goes to DIR/bench/ (default reports/bench/)',
    ]);
  });

  it('should take --reports-dir as every command does (the run stops at the next mistake, --only)', () => {
    const result = bench('--reports-dir', 'somewhere', '--only', 'nope');

    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^error: --only nope: no such section/);
  });

  it('should refuse an unknown section with one line and exit code 2, before measuring anything', () => {
    const result = bench('--only', 'nope');

    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^error: --only nope: no such section; choose from generator/),
    ]);
  });
});
