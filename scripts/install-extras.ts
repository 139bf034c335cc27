/**
 * postinstall, after Artillery: the tools the test suite needs besides it. actionlint (lints the
 * CI example) from the Go module proxy, and Debian's Chromium (renders report.html in a test).
 * Like the Artillery step it never fails the install: what cannot be had is named in one line, and
 * the test that needs it fails later with the same hint.
 */
import { $ } from 'zx';
import { existsSync } from 'node:fs';
import { describeError } from '../lib/cli/cli.ts';
import { ensureActionlint } from '../lib/process/actionlint.ts';

const CHROMIUM = '/usr/bin/chromium';
const APT_TIMEOUT = '900s';
const say = (line: string) => console.log(`tools: ${line}`);

async function installChromium(): Promise<void> {
  if (process.env.CHROMIUM_BIN || existsSync(CHROMIUM)) return say('chromium present');
  const isRoot = process.getuid?.() === 0;
  const hasApt = (await $({ nothrow: true, quiet: true })`command -v apt-get`).exitCode === 0;
  if (!isRoot || !hasApt)
    return say(
      'chromium missing: install it with `sudo apt-get install -y chromium` (needed by the report test)',
    );
  say('installing chromium with apt-get (a few minutes)');
  const quiet = $({
    quiet: true,
    timeout: APT_TIMEOUT,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  await quiet`apt-get update`;
  await quiet`apt-get install -y --no-install-recommends chromium`;
  say(existsSync(CHROMIUM) ? 'chromium installed' : 'apt-get finished but /usr/bin/chromium is missing');
}

async function step(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    say(`${name} not installed: ${describeError(error).split('\n')[0] ?? ''}`);
  }
}

await step('actionlint', async () => say(`actionlint at ${await ensureActionlint(600_000)}`));
await step('chromium', installChromium);
