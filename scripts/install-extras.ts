/**
 * postinstall, after Artillery: the tools the test suite needs besides it. actionlint (lints the
 * CI example) from the Go module proxy, Debian's Chromium (renders report.html in a test) and
 * Debian's Prometheus Pushgateway (Apache-2.0; receives `--publish prometheus` in a test).
 * Like the Artillery step it never fails the install: what cannot be had is named in one line, and
 * the test that needs it fails later with the same hint.
 */
import { $ } from 'zx';
import { existsSync } from 'node:fs';
import { describeError } from '../lib/cli/cli.ts';
import { ensureActionlint } from '../lib/process/actionlint.ts';

/** Debian packages the tests need, and the binary each installs. */
const CHROMIUM = {
  name: 'chromium',
  binary: '/usr/bin/chromium',
  env: 'CHROMIUM_BIN',
  forTest: 'the report test',
};
const PUSHGATEWAY = {
  name: 'prometheus-pushgateway',
  binary: '/usr/bin/prometheus-pushgateway',
  env: 'PUSHGATEWAY_BIN',
  forTest: 'the publish test',
};
const APT_TIMEOUT = '900s';
const say = (line: string) => console.log(`tools: ${line}`);

let aptUpdated = false;

/** Installs a Debian package when root with apt; otherwise one line saying how. */
async function installDebian(pkg: typeof CHROMIUM): Promise<void> {
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

async function step(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    say(`${name} not installed: ${describeError(error).split('\n')[0] ?? ''}`);
  }
}

await step('actionlint', async () => say(`actionlint at ${await ensureActionlint(600_000)}`));
await step('chromium', () => installDebian(CHROMIUM));
await step('prometheus-pushgateway', () => installDebian(PUSHGATEWAY));
