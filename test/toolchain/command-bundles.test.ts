/**
 * The tests run the commands from bundles (test/setup/build-commands.ts): one file each under
 * .build/, where a module's `import.meta.url` is the bundle's, not its source's. The paths the
 * harness finds from its own folder (the engines' sources, Artillery, bench's children) must come
 * out the same both ways, or a bundled command would pass where `npm run` fails, or the reverse.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ENGINE_DIR } from '../../lib/load/artillery/build-engine.ts';
import { ARTILLERY_DIR } from '../../lib/process/artillery-layout.ts';
import { PROJECT_ROOT, findProjectRoot } from '../../lib/project-root.ts';
import { REPRO_ENGINE_ENTRY } from '../../lib/repro/scripts.ts';
import { BENCH_DIR } from '../../bench/runtime-child.ts';
import { bundledArgs } from '../setup/command.ts';

const CHECKOUT = fileURLToPath(new URL('../../', import.meta.url));

/** The same modules' paths, printed by a bundle of them as the commands' bundles are built. */
const PROBE = `
import { ENGINE_DIR } from './lib/load/artillery/build-engine.ts';
import { ARTILLERY_DIR } from './lib/process/artillery-layout.ts';
import { PROJECT_ROOT } from './lib/project-root.ts';
import { REPRO_ENGINE_ENTRY } from './lib/repro/scripts.ts';
import { BENCH_DIR } from './bench/runtime-child.ts';
console.log(JSON.stringify({ PROJECT_ROOT, ENGINE_DIR, ARTILLERY_DIR, REPRO_ENGINE_ENTRY, BENCH_DIR }));
`;

describe('paths from the project folder', () => {
  it('should find the checkout from lib/ and from a folder under .build/', () => {
    expect(PROJECT_ROOT).toBe(CHECKOUT);
    expect(findProjectRoot(path.join(CHECKOUT, '.build', 'commands-x'))).toBe(CHECKOUT);
    expect(existsSync(REPRO_ENGINE_ENTRY)).toBe(true);
    expect(existsSync(path.join(BENCH_DIR, 'sandbox-child.ts'))).toBe(true);
  });

  it("should be the same in a bundle in the commands' folder as in the sources", async () => {
    const bundles = path.dirname(bundledArgs('gate')[0] ?? '');
    expect(path.dirname(bundles)).toBe(path.join(CHECKOUT, '.build'));
    const dir = mkdtempSync(path.join(bundles, 'probe-'));
    try {
      const outfile = path.join(dir, 'probe.mjs');
      await build({
        stdin: { contents: PROBE, resolveDir: CHECKOUT, loader: 'ts' },
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        logLevel: 'silent',
      });
      const printed = JSON.parse(execFileSync(process.execPath, [outfile], { encoding: 'utf8' })) as unknown;
      expect(printed).toEqual({ PROJECT_ROOT, ENGINE_DIR, ARTILLERY_DIR, REPRO_ENGINE_ENTRY, BENCH_DIR });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
