/** Running a reproduction on its own, as a person would: the keys in the environment, nothing else. */
import { execFile } from 'node:child_process';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { keyVariable } from '../../lib/repro/curl.ts';

/** BASE_URL and every key of the sandbox under the variable names the reproductions read. */
export function reproEnv(sandbox: RunningSandbox): Record<string, string> {
  const env: Record<string, string> = { BASE_URL: sandbox.baseUrl };
  for (const tenant of sandbox.target.tenants)
    for (const [role, source] of Object.entries(tenant.keys))
      if (source && 'value' in source) env[keyVariable(tenant.name, role)] = source.value;
  return env;
}

/**
 * This process's environment as a person's shell would have it: no tsx loader, no NODE_PATH, and no
 * BASE_URL (Vite sets it to "/"; a reproduction would take it for its target's).
 */
function shellEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.NODE_OPTIONS;
  delete base.NODE_PATH;
  delete base.BASE_URL;
  return { ...base, ...env };
}

/** Runs a bash script without blocking the event loop (the sandbox lives in this process). */
export function runScript(
  script: string,
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', [script], { env: shellEnv(env), timeout: timeoutMs }, (error, stdout, stderr) => {
      const code = error ? ((error as { code?: number | null }).code ?? null) : 0;
      resolve({ code: typeof code === 'number' ? code : null, stdout, stderr });
    });
  });
}

/** The curl script: 1 when the bug shows, 0 when not, 2 when it cannot judge. */
export const runCurlScript = (script: string, env: Record<string, string>) => runScript(script, env);

/**
 * The Artillery reproduction's runner (repro-artillery.sh), on the harness's pinned Artillery the
 * runner names: 1 when the bug shows, 0 when not, 2 when it cannot judge. Artillery takes ~10 s
 * to start and finish here.
 */
export const runArtilleryRepro = (runner: string, env: Record<string, string>) =>
  runScript(runner, env, 90_000);
