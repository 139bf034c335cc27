/**
 * The layer rules (.dependency-cruiser.cjs, run by `npm run check`) fire on an import from lib/
 * into a layer above it, from a lib/ folder into one above it, and on an import cycle, and stay
 * quiet on the same tree without it.
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
  const tops = [...new Set(Object.keys(files).map((file) => file.split('/')[0] as string))];
  const { output } = await cruise(tops, {
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
      'lib/adapters/open-target.ts':
        "import { start } from '../../sandbox/start.ts';\nexport const open = start;\n",
      'sandbox/start.ts': SANDBOX,
    });
    expect(found).toEqual(['lib-is-the-bottom: lib/adapters/open-target.ts → sandbox/start.ts']);
  });

  it('should let the sandbox build on lib/', async () => {
    const found = await breaks('downward', {
      'lib/errors.ts': 'export class HarnessError extends Error {}\n',
      'sandbox/start.ts': SANDBOX,
    });
    expect(found).toEqual([]);
  });

  it('should refuse an import from a folder of lib/ into one above it, and allow the one down', async () => {
    const found = await breaks('inner', {
      'lib/checks/types.ts': "import type { Walk } from '../paging/walk.ts';\nexport type View = Walk;\n",
      'lib/paging/walk.ts': 'export interface Walk { pages: number }\n',
      'lib/paging/run.ts':
        "import type { View } from '../checks/types.ts';\nexport const pages = (view: View) => view.pages;\n",
      'lib/load/metrics.ts': "export const METRIC = 'latency';\n",
      'lib/load/points/read.ts': "import { METRIC } from '../metrics.ts';\nexport const read = METRIC;\n",
    });
    expect(found).toEqual([
      'lib-checks-layer: lib/checks/types.ts → lib/paging/walk.ts',
      'lib-load-points-layer: lib/load/points/read.ts → lib/load/metrics.ts',
    ]);
  });

  it('should refuse an import cycle inside a folder, and a folder of lib/ the layers do not name', async () => {
    const found = await breaks('cycle', {
      'lib/paging/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'lib/paging/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      'lib/errors.ts': 'export class HarnessError extends Error {}\n',
      'lib/elsewhere/x.ts': "import { HarnessError } from '../errors.ts';\nexport const x = HarnessError;\n",
    });
    expect(found.sort()).toEqual([
      'lib-folders-are-layered: lib/elsewhere/x.ts → lib/errors.ts',
      // A cycle is reported once, from the first of its modules.
      'no-circular: lib/paging/a.ts → lib/paging/b.ts',
    ]);
  });
});
