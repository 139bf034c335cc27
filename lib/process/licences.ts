/**
 * The licences of everything installed: every package.json under the harness's node_modules and
 * tools/artillery's, read as npm declares them. Copyleft-over-a-network (AGPL, SSPL), source-
 * available (Business Source, Elastic, PolyForm), commercial and unlicensed packages are refused:
 * the harness may use none of them (README.md, first section: why the load engine is Artillery).
 *
 * Why not license-checker-rseidelsohn (5.0.1, the kept fork of license-checker): on these three
 * trees it finds the same 707 packages, but it judges a licence by its whole string (`--failOn`
 * matches it exactly, so `(MIT AND AGPL-3.0-only)` passes; `--onlyAllow` by substring, so it
 * passes as MIT too), stops the process at the first hit instead of naming every package, and
 * would add 130 packages. Reading the manifests is the small part; the refused list, the SPDX
 * reading and the `SEE LICENSE IN` texts are the policy, which is the harness's own.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../project-root.ts';
import { readJsonFileSync } from '../adapters/node-json-file.ts';

/** Where npm installs for the harness, Artillery, and the Node that runs Artillery. */
export const INSTALL_ROOTS = [
  'node_modules',
  'tools/artillery/node_modules',
  'tools/artillery/runtime/node_modules',
].map((dir) => path.join(PROJECT_ROOT, dir));

export interface InstalledPackage {
  name: string;
  version: string;
  /** The package.json it was read from. */
  file: string;
  /** As declared (`license`, or the legacy `licenses` joined with OR); undefined when neither is there. */
  licence: string | undefined;
  /** A manifest inside a package (a bundled package, a dist folder's marker, a test fixture), not npm's own. */
  inner: boolean;
}

/** Whether the package.json is not that of a package npm installed (node_modules/NAME or node_modules/@SCOPE/NAME). */
function isInner(file: string): boolean {
  const segments = path.dirname(file).split(path.sep);
  const below = segments.slice(segments.lastIndexOf('node_modules') + 1);
  return below.length !== (below[0]?.startsWith('@') ? 2 : 1);
}

type Manifest = { name?: unknown; version?: unknown; license?: unknown; licenses?: unknown };

function declaredLicence(manifest: Manifest): string | undefined {
  // `"license": "MIT"`, or the older `{ "type": "MIT" }` alone or in a `licenses` array.
  const typeOf = (value: unknown): string | undefined => {
    const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : value;
    return typeof type === 'string' ? type : undefined;
  };
  const { license, licenses } = manifest;
  if (!Array.isArray(licenses)) return typeOf(license);
  const types = licenses.map(typeOf).filter((type) => type !== undefined);
  return types.length > 0 ? types.join(' OR ') : undefined;
}

/** Every package.json with a name under the given node_modules folders (nested and bundled ones included). */
export function installedPackages(roots: readonly string[]): InstalledPackage[] {
  const found: InstalledPackage[] = [];
  for (const root of roots.filter((dir) => existsSync(dir))) {
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => path.basename(file) === 'package.json',
    );
    for (const relative of files) {
      const file = path.join(root, relative);
      let manifest: Manifest;
      try {
        manifest = readJsonFileSync(file) as Manifest;
      } catch {
        continue; // test fixtures and templates that are not JSON
      }
      if (typeof manifest.name !== 'string') continue; // `{"type":"module"}` markers of dist folders
      const version = typeof manifest.version === 'string' ? manifest.version : '?';
      found.push({
        name: manifest.name,
        version,
        file,
        licence: declaredLicence(manifest),
        inner: isInner(file),
      });
    }
  }
  return found;
}

/** Licence identifiers and words that are not open source, or not usable by the harness. */
const REFUSED: readonly [RegExp, string][] = [
  [/\bAGPL/i, 'AGPL'],
  [/\bSSPL/i, 'SSPL'],
  [/\bBUSL\b|Business Source|\bBSL-1\.1\b|^BSL$/i, 'Business Source License'], // BSL-1.0 is Boost's: allowed
  [/\bElastic-2\.0\b/i, 'Elastic License'],
  [/PolyForm/i, 'PolyForm'],
  [/Commercial/i, 'commercial'],
  [/\bCC-BY(-SA)?-NC/i, 'non-commercial Creative Commons'],
  [/^UNLICENSED$/i, 'UNLICENSED (no permission to use)'], // not "Unlicense", which is public domain
];

/** The opening words of the open-source licence texts a `SEE LICENSE IN` file may hold. */
const OPEN_TEXTS = [
  /Permission is hereby granted, free of charge/i, // MIT
  /Apache License,?\s+Version 2\.0/i,
  /Redistribution and use in source and binary forms/i, // BSD
  /Permission to use, copy, modify, and\/or distribute/i, // ISC, 0BSD
  /Mozilla Public License,?\s+version 2\.0/i,
];

function refusedTerm(term: string): string | undefined {
  return REFUSED.find(([pattern]) => pattern.test(term.trim()))?.[1];
}

function seeLicenceIn(pkg: InstalledPackage, target: string): string | undefined {
  const file = path.join(path.dirname(pkg.file), target.trim());
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const refused = ['AGPL', 'Server Side Public License', 'Business Source License', 'proprietary'].find(
    (word) => text.includes(word),
  );
  if (refused) return `SEE LICENSE IN ${target}: the text says "${refused}"`;
  if (!OPEN_TEXTS.some((pattern) => pattern.test(text)))
    return `SEE LICENSE IN ${target}: ${text ? 'not a licence text this check knows as open source' : 'file missing'}`;
  return undefined;
}

/**
 * The refused terms that decide an SPDX expression, read as SPDX reads it (AND binds tighter than
 * OR, parentheses group): [] when some way through it is allowed. `AND`/`OR` count only as whole
 * words, so `GPL-2.0-or-later` stays one term.
 */
function refusedTerms(expression: string): string[] {
  const tokens = expression
    .split(/(\(|\)|(?<![^\s()])(?:AND|OR)(?![^\s()]))/i)
    .map((token) => token.trim())
    .filter(Boolean);
  let at = 0;
  const isWord = (word: string) => tokens[at]?.toUpperCase() === word;
  const term = (): string[] => {
    const token = tokens[at++] ?? '';
    if (token !== '(') return [refusedTerm(token)].filter((refused) => refused !== undefined);
    const inner = alternatives();
    if (tokens[at] === ')') at += 1;
    return inner;
  };
  const conjunction = (): string[] => {
    const refused = term();
    while (isWord('AND')) {
      at += 1;
      refused.push(...term());
    }
    return refused;
  };
  const alternatives = (): string[] => {
    const each = [conjunction()];
    while (isWord('OR')) {
      at += 1;
      each.push(conjunction());
    }
    return each.some((refused) => refused.length === 0) ? [] : each.flat();
  };
  return alternatives();
}

/**
 * Why the package's licence is refused, or undefined when it is allowed. An SPDX `OR` allows the
 * package when any one alternative is allowed; within an alternative every `AND` term must be.
 */
export function licenceProblem(pkg: InstalledPackage): string | undefined {
  const licence = pkg.licence?.trim();
  if (!licence) return undefined; // reported apart: see `unlicensedPackages`
  const seeIn = /^SEE LICEN[CS]E IN (.+)$/i.exec(licence);
  if (seeIn) return seeLicenceIn(pkg, seeIn[1] ?? '');
  const refused = refusedTerms(licence);
  return refused.length === 0 ? undefined : `${licence} (${[...new Set(refused)].join(', ')})`;
}

/** Packages npm installed whose package.json declares no licence (an inner manifest has its package's). */
export const unlicensedPackages = (packages: readonly InstalledPackage[]): InstalledPackage[] =>
  packages.filter((pkg) => !pkg.inner && !pkg.licence?.trim());

/** What the licence check prints: the count per licence, undeclared ones, and each refused package. */
export function licenceReport(roots: readonly string[]): { lines: string[]; refused: number } {
  const packages = installedPackages(roots);
  const label = (file: string) => path.relative(PROJECT_ROOT, path.dirname(file));
  // A manifest inside a package that declares no licence (a dist folder's marker) has its package's.
  const listed = packages.filter((pkg) => !pkg.inner || pkg.licence);
  const counts = new Map<string, number>();
  for (const { licence = '(none)' } of listed) counts.set(licence, (counts.get(licence) ?? 0) + 1);
  const lines = [`${listed.length} package manifests, by licence:`];
  for (const [licence, count] of [...counts].sort((a, b) => b[1] - a[1]))
    lines.push(`  ${count}\t${licence}`);
  const undeclared = unlicensedPackages(packages);
  if (undeclared.length > 0)
    lines.push(
      `no licence declared (${undeclared.length}): ${undeclared.map((pkg) => label(pkg.file)).join(', ')}`,
    );
  const refused = packages.flatMap((pkg) => {
    const problem = licenceProblem(pkg);
    return problem ? [`${pkg.name}@${pkg.version} (${label(pkg.file)}): ${problem}`] : [];
  });
  for (const line of refused) lines.push(`refused: ${line}`);
  lines.push(
    refused.length === 0 ? 'no refused licence' : `${refused.length} package(s) with a refused licence`,
  );
  return { lines, refused: refused.length };
}
