import { buildScenarios } from '../../scripts/build.ts';

/** Bundles scenarios/hello.ts into `outDir` and returns the bundle's path. */
export async function buildHello(outDir: string): Promise<string> {
  const [hello] = await buildScenarios({ only: ['hello'], outDir });
  if (!hello) throw new Error('buildScenarios built nothing for hello');
  return hello.bundle;
}
