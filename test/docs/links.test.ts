/**
 * Every relative link of the README and docs/ leads somewhere: the file exists and, when the link
 * names an anchor, a heading of that file has it (GitHub's slugs). The README is a front door whose
 * sections moved to docs/, so a link left pointing at the old place fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PAGES = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor of a heading: lower case, punctuation but hyphens dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map(([, heading = '']) => slug(heading)));
}

/** The relative links of a page, code blocks and inline code left out. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target = '']) => target)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

describe('the links of the README and docs', () => {
  it('should make the slugs GitHub makes', () => {
    expect(slug('Bringing a distributed run back')).toBe('bringing-a-distributed-run-back');
    expect(slug('Publishing metrics (`--publish`)')).toBe('publishing-metrics---publish');
    expect(slug('Evidence: the mutation matrix')).toBe('evidence-the-mutation-matrix');
  });

  it('should lead to a file that exists, and to a heading it has', () => {
    const broken = PAGES.flatMap((page) =>
      linksOf(page).flatMap((link) => {
        const [target = '', anchor] = link.split('#');
        const file = target === '' ? page : path.join(path.dirname(page), target);
        if (!existsSync(file)) return [`${page}: ${link} (no such file)`];
        if (anchor && file.endsWith('.md') && !anchorsOf(file).has(anchor))
          return [`${page}: ${link} (no such heading)`];
        return [];
      }),
    );
    expect(broken).toEqual([]);
  });
});
