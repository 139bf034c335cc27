/** Starts nginx on loopback over the canned pages, in a temp dir of its own, and stops it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForPort } from '../net.ts';
import { nginxConfig } from './config.ts';
import { writeCannedSite, type CannedSite, type CannedSiteOptions } from './pages.ts';

export interface RunningNginx {
  /** Like a target's baseUrl: `http://127.0.0.1:PORT/api/v1`. */
  baseUrl: string;
  site: CannedSite;
  stop(): Promise<void>;
}

function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs).unref();
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function errorLogTail(dir: string): string {
  try {
    return readFileSync(path.join(dir, 'error.log'), 'utf8').trim().split('\n').slice(-1)[0] ?? '';
  } catch {
    return '';
  }
}

export async function startNginx(bin: string, site: CannedSiteOptions = {}): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'));
  // nginx's workers drop to an unprivileged user when started as root: they must read the pages.
  chmodSync(dir, 0o755);
  const written = writeCannedSite(path.join(dir, 'site'), site);
  const port = await freePort();
  const configFile = path.join(dir, 'nginx.conf');
  writeFileSync(configFile, nginxConfig({ dir, siteRoot: written.root, port }));
  const child = spawn(bin, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', configFile], {
    stdio: 'ignore',
  });
  const stop = async () => {
    child.kill('SIGTERM');
    if (!(await exited(child, 5000))) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.race([
      waitForPort(port, 10_000, 'nginx'),
      exited(child, 10_000).then((gone) => {
        if (gone) throw new Error(`nginx exited at start: ${errorLogTail(dir)}`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${port}/api/v1`, site: written, stop };
}
