/**
 * Every spec citation in the code and the docs can be followed inside the repo: "spec §N" (and
 * "§N rule K") names spec/public-read-api.md, where N is a section heading and K a numbered rule of
 * that section. A section renumbered or a citation mistyped fails here, naming the file and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SPEC_FILE = 'spec/public-read-api.md';
const CODE_DIRS = ['lib', 'sandbox', 'scenarios', 'properties', 'scripts', 'bench', 'test'];
const SECTION = '\u00a7';

/** Each section's number (`4`, `4.3`) with the numbers of its numbered items (its rules). */
function specSections(text: string): Map<string, Set<string>> {
  const sections = new Map<string, Set<string>>();
  let rules: Set<string> | undefined;
  for (const line of text.split('\n')) {
    const heading = /^#{2,3} (\d+(?:\.\d+)?)\.? /.exec(line);
    if (heading?.[1] !== undefined) sections.set(heading[1], (rules = new Set()));
    else if (line.startsWith('#')) rules = undefined;
    else {
      const item = /^\s*(\d+)\. /.exec(line);
      if (item?.[1] !== undefined) rules?.add(item[1]);
    }
  }
  return sections;
}

interface Citation {
  where: string;
  section: string;
  rules: string[];
}

// A section sign and its number, then optionally "rule K" or "rules K and L"; an RFC's own
// sections (RFC 9110 §11.1) are left out by what precedes them.
const CITATION = new RegExp(
  `${SECTION}(\\d+(?:\\.\\d+)?)(?:\\s+rules?\\s+(\\d+(?:(?:,\\s*|\\s+and\\s+)\\d+)*))?`,
  'g',
);

function citations(file: string): Citation[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(CITATION)]
    .filter((match) => !/RFC \d+\s*$/.test(text.slice(Math.max(0, match.index - 12), match.index)))
    .map((match) => ({
      where: `${file}:${text.slice(0, match.index).split('\n').length}`,
      section: match[1] ?? '',
      rules: match[2]?.split(/,\s*|\s+and\s+/) ?? [],
    }));
}

const files = [
  ...CODE_DIRS.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => path.join(dir, name)),
  ),
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name)),
  'README.md',
];

describe('spec citations', () => {
  const sections = specSections(readFileSync(SPEC_FILE, 'utf8'));
  const cited = files.flatMap(citations);

  it('should read the spec and find the citations', () => {
    expect([...sections.keys()]).toEqual(expect.arrayContaining(['1', '4', '4.3', '9']));
    expect(sections.get('4.3')).toEqual(new Set(['1', '2', '3', '4', '5', '6', '7', '8']));
    expect(cited.length).toBeGreaterThan(50);
  });

  it(`should name a section heading of ${SPEC_FILE}, and a numbered rule of it`, () => {
    const broken = cited
      .filter(
        ({ section, rules }) =>
          !sections.has(section) || rules.some((rule) => !sections.get(section)?.has(rule)),
      )
      .map(
        ({ where, section, rules }) =>
          `${where}: ${SECTION}${section}${rules.length > 0 ? ` rule ${rules.join(', ')}` : ''}`,
      );
    expect(broken).toEqual([]);
  });
});
