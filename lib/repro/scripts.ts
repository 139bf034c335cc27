/**
 * Writes the runnable reproductions of a shrunk failing walk into the run directory: a bash +
 * curl script (lib/repro/curl.ts, ending in a jq judgement of the answers) and an Artillery
 * reproduction directory (lib/repro/artillery-script.ts: the test script, its runner and the
 * engine bundle, which replays the walk with the harness's own walk and page checks). All read the
 * base URL and keys from the environment or the run's target file when they run
 * (script-target.ts); none holds a key, and everything written passes through the redactor.
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Failure } from '../failure.ts';
import { PROJECT_ROOT } from '../project-root.ts';
import { resolveArtillery } from '../process/artillery.ts';
import { ARTILLERY_DIR, pinnedVersion } from '../process/artillery-layout.ts';
import type { Redactor } from '../redact.ts';
import { ARTILLERY_REPRO_FILES, REPRO_ENGINE_DIR, artilleryRepro } from './artillery-script.ts';
import { REPRO_ENGINE } from './replay-plan.ts';
import { buildReproEngine } from '../load/artillery/build-engine.ts';
import { curlScript } from './curl.ts';
import type { ReproStep } from './step-walks.ts';
import { scriptTarget } from './script-target.ts';
import type { RunSource } from '../replay-command.ts';
import type { Target } from '../target/target.ts';

/**
 * The reproduction's Artillery engine, bundled into each Artillery reproduction: a path from the
 * project's folder, the same whether this module runs from lib/ or from a command's bundle.
 */
export const REPRO_ENGINE_ENTRY = path.join(PROJECT_ROOT, 'lib', 'repro', 'artillery-engine.ts');

export interface ReproArtillery {
  /** The pinned version: what `npx --yes artillery@VERSION` runs where the harness is not. */
  version: string;
  /** The harness's own install, when it is there (tried first by the runner script). */
  local?: { node: string; cli: string };
}

/** The Artillery a reproduction is written for: the harness's pinned one. */
export function reproArtillery(): ReproArtillery {
  try {
    const { node, cli, version } = resolveArtillery();
    return { version, local: { node, cli } };
  } catch {
    // Not installed here: the reproduction still runs where npx can fetch the pinned version.
    return { version: pinnedVersion(ARTILLERY_DIR, 'artillery') };
  }
}

export interface ReproScriptsInput {
  runDir: string;
  check: string;
  title: string;
  replay: string;
  target: Target;
  /** What the run ran against: the reproductions bring it back and read its keys from it. */
  source: RunSource;
  steps: readonly ReproStep[];
  failures: readonly Failure[];
  redact: Redactor;
  artillery: ReproArtillery;
}

/**
 * Writes `repro/<check>.sh` and the directory `repro/<check>.artillery/`; returns the files a
 * person opens, relative to runDir: the curl script, the Artillery runner and its test script.
 */
export async function writeReproScripts(input: ReproScriptsInput): Promise<string[]> {
  const common = {
    title: input.title,
    replay: input.replay,
    target: scriptTarget(input.source, input.target),
    baseUrl: input.target.baseUrl,
    apiKeyHeader: input.target.apiKeyHeader,
    steps: input.steps,
    failures: input.failures,
    tenants: input.target.tenants.map((tenant) => tenant.name),
    maxRps: input.target.load.maxRps,
  };
  const curl = curlScript(common);
  const artillery = artilleryRepro({
    ...common,
    check: input.check,
    artilleryVersion: input.artillery.version,
    ...(input.artillery.local ? { localArtillery: input.artillery.local } : {}),
  });
  const curlFile = `repro/${input.check}.sh`;
  const artilleryDir = `repro/${input.check}.artillery`;
  const engine = await buildReproEngine(REPRO_ENGINE_ENTRY, REPRO_ENGINE);
  const files: Record<string, string> = { [curlFile]: curl };
  for (const [name, text] of Object.entries(artillery)) files[`${artilleryDir}/${name}`] = text;
  for (const [name, text] of Object.entries(engine))
    files[`${artilleryDir}/${REPRO_ENGINE_DIR}/${name}`] = text;
  for (const [file, text] of Object.entries(files)) {
    const full = path.join(input.runDir, file);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, input.redact(text));
  }
  const runner = `${artilleryDir}/${ARTILLERY_REPRO_FILES.runner}`;
  for (const executable of [curlFile, runner]) await chmod(path.join(input.runDir, executable), 0o755);
  return [curlFile, runner, `${artilleryDir}/${ARTILLERY_REPRO_FILES.script}`];
}
