/**
 * Debian packages the test suite needs (Chromium renders report.html; the Prometheus Pushgateway
 * receives `--publish prometheus`), installed with apt-get when root with apt, else named in one
 * line with the command that installs them. scripts/install-extras.ts runs it at postinstall.
 */
import { $ } from 'zx';
import { existsSync } from 'node:fs';

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

const APT_TIMEOUT = '900s';
let aptUpdated = false;

/** Installs a Debian package when root with apt; otherwise one line saying how. */
export async function installDebian(pkg: DebianTool, say: (line: string) => void): Promise<void> {
  if (process.env[pkg.env] || existsSync(pkg.binary)) return say(`${pkg.name} present`);
  const isRoot = process.getuid?.() === 0;
  const hasApt = (await $({ nothrow: true, quiet: true })`command -v apt-get`).exitCode === 0;
  if (!isRoot || !hasApt)
    return say(
      `${pkg.name} missing: install it with \`sudo apt-get install -y ${pkg.name}\` (needed by ${pkg.forTest})`,
    );
  say(`installing ${pkg.name} with apt-get (a few minutes)`);
  const quiet = $({
    quiet: true,
    timeout: APT_TIMEOUT,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!aptUpdated) await quiet`apt-get update`;
  aptUpdated = true;
  // Debian may also start the package's service (port 9091); the tests start their own on loopback.
  await quiet`apt-get install -y --no-install-recommends ${pkg.name}`;
  say(existsSync(pkg.binary) ? `${pkg.name} installed` : `apt-get finished but ${pkg.binary} is missing`);
}
