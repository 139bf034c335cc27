/**
 * The one way the harness runs a child process: a hard time limit, the output kept (bounded) and
 * optionally echoed. Used for Artillery, go, wrk, actionlint and the harness's own commands.
 */
import { spawn } from 'node:child_process';

export interface BoundedSpawnOptions {
  cmd: string;
  args: readonly string[];
  cwd?: string;
  /** Replaces the child's environment (pass `{ ...process.env, ... }` to extend it). */
  env?: NodeJS.ProcessEnv;
  /** Hard limit: SIGINT at expiry, SIGKILL `graceMs` later if the child is still there. */
  timeoutMs: number;
  /** @default 5000 */
  graceMs?: number;
  /** Copy the child's output to this process's stdout/stderr as it arrives. @default false */
  echo?: boolean;
  /** Only the last this-many characters of each stream are kept. @default 4_000_000 */
  maxOutputChars?: number;
}

export interface BoundedSpawnResult {
  /** null when the child was ended by a signal. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
}

/** A tail buffer: memory stays bounded however much the child prints. */
function tailCollector(maxChars: number) {
  let text = '';
  return {
    add(chunk: string) {
      text += chunk;
      if (text.length > maxChars) text = text.slice(text.length - maxChars);
    },
    get text() {
      return text;
    },
  };
}

/**
 * Runs a child process that cannot outlive its time limit. SIGINT first because Artillery (it
 * shuts down and still writes its report) and `go` (it stops scheduling work) stop cleanly on it.
 */
export function spawnBounded(options: BoundedSpawnOptions): Promise<BoundedSpawnResult> {
  const { timeoutMs, graceMs = 5000, echo = false, maxOutputChars = 4_000_000 } = options;
  const started = Date.now();
  const stdout = tailCollector(maxOutputChars);
  const stderr = tailCollector(maxOutputChars);
  return new Promise((resolve, reject) => {
    const child = spawn(options.cmd, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const limitTimer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGINT');
      killTimer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout.add(chunk);
      if (echo) process.stdout.write(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr.add(chunk);
      if (echo) process.stderr.write(chunk);
    });
    child.on('error', (error) => {
      clearTimeout(limitTimer);
      clearTimeout(killTimer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(limitTimer);
      clearTimeout(killTimer);
      const durationMs = Date.now() - started;
      resolve({ exitCode, stdout: stdout.text, stderr: stderr.text, timedOut, durationMs });
    });
  });
}
