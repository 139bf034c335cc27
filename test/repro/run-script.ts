/** Running a reproduction on its own, as a person would: the keys in the environment, nothing else. */
import { execFile } from 'node:child_process';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { keyVariable } from '../../lib/repro/curl.ts';
import { K6_EXIT, runK6 } from '../../scripts/lib/k6.ts';

/** BASE_URL and every key of the sandbox under the variable names the reproductions read. */
export function reproEnv(sandbox: RunningSandbox): Record<string, string> {
  const env: Record<string, string> = { BASE_URL: sandbox.baseUrl, K6_NO_USAGE_REPORT: 'true' };
  for (const tenant of sandbox.target.tenants)
    for (const [role, source] of Object.entries(tenant.keys))
      if (source && 'value' in source) env[keyVariable(tenant.name, role)] = source.value;
  return env;
}

/** Runs the curl script without blocking the event loop (the sandbox lives in this process). */
export function runCurlScript(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile('bash', [script], { env: { ...process.env, ...env }, timeout: 30_000 }, (error, stdout) => {
      const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
      resolve({ code, stdout });
    });
  });
}

/** k6's exit code for the k6 script: 99 when the bug shows, 0 when it does not. */
export async function runK6Script(script: string, env: Record<string, string>): Promise<number | null> {
  const run = await runK6({ script, env, args: ['--quiet'], timeoutMs: 30_000 });
  return run.exitCode;
}

export { K6_EXIT };
