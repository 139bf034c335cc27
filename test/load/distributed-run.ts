/** A `--platform` directory in tests: its target file made from a sandbox's, run here. */
import path from 'node:path';
import { targetEnv } from '../../lib/load/artillery/engine-config.ts';
import { runArtillery, type RunArtilleryResult } from '../../lib/process/artillery.ts';

/**
 * A sandbox's target file as `--platform` needs it: the sandbox writes its keys inline, a
 * distributed run's target file names an environment variable for each. Returns that file's JSON
 * and the variables with their values.
 */
export function keysFromEnv(target: object): { targetJson: string; env: Record<string, string> } {
  const file = structuredClone(target) as { tenants: { name: string; keys: Record<string, unknown> }[] };
  const env: Record<string, string> = {};
  for (const tenant of file.tenants)
    for (const [role, key] of Object.entries(tenant.keys)) {
      const name = `DIST_${tenant.name}_${role}`.replace(/\W/g, '_').toUpperCase();
      env[name] = (key as { value: string }).value;
      tenant.keys[role] = { env: name };
    }
  return { targetJson: JSON.stringify(file), env };
}

/** The directory's script run by the pinned Artillery, as a remote worker would run it. */
export const runLocally = (
  dir: string,
  keys: { targetJson: string; env: Record<string, string> },
  args: readonly string[] = [],
): Promise<RunArtilleryResult> =>
  runArtillery({
    script: path.join(dir, 'artillery.yml'),
    enginePath: dir,
    cwd: dir,
    env: { ...keys.env, [targetEnv(0)]: keys.targetJson },
    timeoutMs: 60_000,
    args,
  });
