/**
 * Debian packages the test suite needs (Chromium renders report.html; the Prometheus Pushgateway
 * receives `--publish prometheus`), installed with apt-get when root with apt, else named in one
 * line with the command that installs them. scripts/install-extras.ts runs it at postinstall;
 * apt-get runs through the project's one process runner (spawn-bounded.ts), bounded in time.
 */
import { existsSync } from 'node:fs';
import { HarnessError } from '../errors.ts';
import { spawnBounded } from './spawn-bounded.ts';

export interface DebianTool {
  name: string;
  binary: string;
  /** An environment variable that points at the binary instead. */
  env: string;
  forTest: string;
}

export const CHROMIUM: DebianTool = {
  name: 'chromium',
  binary: '/usr/bin/chromium',
  env: 'CHROMIUM_BIN',
  forTest: 'the report test',
};

export const PUSHGATEWAY: DebianTool = {
  name: 'prometheus-pushgateway',
  binary: '/usr/bin/prometheus-pushgateway',
  env: 'PUSHGATEWAY_BIN',
  forTest: 'the publish test',
};

const APT_TIMEOUT_MS = 900_000;
let aptUpdated = false;

/** Runs apt-get non-interactively, within its time; its last line of error output when it fails. */
async function aptGet(args: readonly string[]): Promise<void> {
  const result = await spawnBounded({
    cmd: 'apt-get',
    args,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeoutMs: APT_TIMEOUT_MS,
  });
  if (result.exitCode === 0) return;
  const lastLine = result.stderr.trim().split('\n').at(-1);
  const why = result.timedOut
    ? `timed out after ${APT_TIMEOUT_MS / 1000} s`
    : lastLine || `exit ${result.exitCode}`;
  throw new HarnessError(`apt-get ${args.join(' ')}: ${why}`);
}

/** Whether apt-get can be run here (the spawn fails when it is not on PATH). */
const hasAptGet = (): Promise<boolean> =>
  spawnBounded({ cmd: 'apt-get', args: ['--version'], timeoutMs: 10_000 }).then(
    (result) => result.exitCode === 0,
    () => false,
  );

/** Installs a Debian package when root with apt; otherwise one line saying how. */
export async function installDebian(pkg: DebianTool, say: (line: string) => void): Promise<void> {
  if (process.env[pkg.env] || existsSync(pkg.binary)) return say(`${pkg.name} present`);
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !(await hasAptGet()))
    return say(
      `${pkg.name} missing: install it with \`sudo apt-get install -y ${pkg.name}\` (needed by ${pkg.forTest})`,
    );
  say(`installing ${pkg.name} with apt-get (a few minutes)`);
  if (!aptUpdated) await aptGet(['update']);
  aptUpdated = true;
  // Debian may also start the package's service (port 9091); the tests start their own on loopback.
  await aptGet(['install', '-y', '--no-install-recommends', pkg.name]);
  say(existsSync(pkg.binary) ? `${pkg.name} installed` : `apt-get finished but ${pkg.binary} is missing`);
}
