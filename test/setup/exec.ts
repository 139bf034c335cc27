/** Running a child process from a test without blocking this process's event loop. */
import { execFile } from 'node:child_process';

/** What a child process ended with: its exit code (null: killed, as by the timeout) and output. */
export interface Exited {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `file` with `args` to its end, never rejecting: tests side by side (test/setup/lanes.ts)
 * and sandboxes this process serves keep running meanwhile, as they would not under spawnSync.
 */
export function execAsync(
  file: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<Exited> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { encoding: 'utf8', timeout: options.timeoutMs, env: options.env },
      (error, stdout, stderr) => {
        const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ status, stdout, stderr });
      },
    );
  });
}
