/**
 * Debian's Prometheus Pushgateway for the publish test: started on a free loopback port with a
 * throwaway persistence file, ready when /-/ready answers, killed at the end. A setup
 * requirement, not an option: when it is missing the test fails and says how to install it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../bench/net.ts';
import { PUSHGATEWAY } from '../../lib/process/debian.ts';

function findPushgateway(): string {
  const candidate = process.env[PUSHGATEWAY.env] || PUSHGATEWAY.binary;
  if (!existsSync(candidate))
    throw new Error(
      `Prometheus Pushgateway not found at ${candidate}: install it with ` +
        '`sudo apt-get install -y prometheus-pushgateway` (npm install does when it runs as root with apt), ' +
        'or set PUSHGATEWAY_BIN',
    );
  return candidate;
}

export interface RunningPushgateway {
  url: string;
  /** The Prometheus text of everything pushed so far. */
  metrics(): Promise<string>;
  stop(): Promise<void>;
}

async function ready(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Pushgateway exited with code ${child.exitCode}`);
    const answer = await fetch(`${url}/-/ready`, { signal: AbortSignal.timeout(500) }).catch(() => null);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the Pushgateway at ${url} was not ready within ${timeoutMs} ms`);
}

export async function startPushgateway(): Promise<RunningPushgateway> {
  const binary = findPushgateway();
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'pushgateway-'));
  const child = spawn(
    binary,
    [`--web.listen-address=127.0.0.1:${port}`, `--persistence.file=${path.join(dir, 'metrics.data')}`],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await ready(url, child, 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    metrics: async () => (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5_000) })).text(),
    stop,
  };
}
