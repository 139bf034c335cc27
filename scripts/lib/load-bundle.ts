/**
 * Bundles one scenario for k6 with the toolchain's build (scripts/build.ts). k6's runtime has no
 * async generators, and TypeBox's value module (lib/contract) contains one, so until the shared
 * build lowers them itself a bundle that still holds one is passed through esbuild once more
 * with async generators marked unsupported (lowered to plain generators).
 * A bundle for a Kubernetes ConfigMap (at most 1 MiB) drops its inline source map, which is most
 * of its size.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { transform } from 'esbuild';
import { buildScenarios } from '../build.ts';

const ASYNC_GENERATOR = /async\s+function\s*\*|async\s*\*\s*\[?\w/;

/** Writes `<outDir>/<scenario>.js` and returns its path. */
export async function bundleScenario(
  scenario: string,
  outDir: string,
  { sourceMap = true }: { sourceMap?: boolean } = {},
): Promise<string> {
  const [built] = await buildScenarios({ only: [scenario], outDir });
  if (!built) throw new Error(`scenario ${scenario} was not built`);
  const code = readFileSync(built.bundle, 'utf8');
  if (ASYNC_GENERATOR.test(code) || !sourceMap) {
    const lowered = await transform(code, {
      format: 'esm',
      target: 'es2022',
      supported: { 'async-generator': false, 'for-await': false },
      sourcemap: sourceMap ? 'inline' : false,
      logLevel: 'silent',
    });
    writeFileSync(built.bundle, lowered.code);
  }
  return built.bundle;
}
