/**
 * The layer rules (.dependency-cruiser.cjs, run by `npm run check`) fire on an import from lib/
 * into a layer above it, and stay quiet on the same tree without it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a tree of `files` under a fresh folder and returns the rule breaks the cruise finds. */
async function breaks(name: string, files: Record<string, string>): Promise<string[]> {
  const root = path.join(dir, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const { output } = await cruise(['lib', 'sandbox'], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
    tsPreCompilationDeps: true,
  });
  return (output as ICruiseResult).summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

const SANDBOX =
  "import { HarnessError } from '../lib/errors.ts';\nexport const start = () => new HarnessError();\n";

describe('the layer rules', () => {
  it('should refuse an import from lib/ into the sandbox above it', async () => {
    const found = await breaks('upward', {
      'lib/errors.ts': 'export class HarnessError extends Error {}\n',
      'lib/target/open.ts': "import { start } from '../../sandbox/start.ts';\nexport const open = start;\n",
      'sandbox/start.ts': SANDBOX,
    });
    expect(found).toEqual(['lib-is-the-bottom: lib/target/open.ts → sandbox/start.ts']);
  });

  it('should let the sandbox build on lib/', async () => {
    const found = await breaks('downward', {
      'lib/errors.ts': 'export class HarnessError extends Error {}\n',
      'sandbox/start.ts': SANDBOX,
    });
    expect(found).toEqual([]);
  });
});
