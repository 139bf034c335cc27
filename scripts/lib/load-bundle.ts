/**
 * Bundles one scenario for k6 with the toolchain's build (scripts/build.ts). A bundle for a
 * Kubernetes ConfigMap (at most 1 MiB) drops its inline source map, which is most of its size.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { transform } from 'esbuild';
import { buildScenarios } from '../build.ts';

/** Writes `<outDir>/<scenario>.js` and returns its path. */
export async function bundleScenario(
  scenario: string,
  outDir: string,
  { sourceMap = true, stockK6 = false }: { sourceMap?: boolean; stockK6?: boolean } = {},
): Promise<string> {
  const [built] = await buildScenarios({ only: [scenario], outDir, stockK6 });
  if (!built) throw new Error(`scenario ${scenario} was not built`);
  const code = readFileSync(built.bundle, 'utf8');
  if (!sourceMap) {
    const stripped = await transform(code, { format: 'esm', sourcemap: false, logLevel: 'silent' });
    writeFileSync(built.bundle, stripped.code);
  }
  return built.bundle;
}
