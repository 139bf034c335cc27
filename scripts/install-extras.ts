/**
 * postinstall, after Artillery: the tools the test suite needs besides it. actionlint (lints the
 * CI example) from the Go module proxy, Debian's Chromium (renders report.html in a test) and
 * Debian's Prometheus Pushgateway (Apache-2.0; receives `--publish prometheus` in a test).
 * Like the Artillery step it never fails the install: what cannot be had is named in one line, and
 * the test that needs it fails later with the same hint.
 */
import { describeError } from '../lib/cli/cli.ts';
import { ensureActionlint } from '../lib/process/actionlint.ts';
import { CHROMIUM, installDebian, PUSHGATEWAY } from '../lib/process/debian.ts';

const say = (line: string) => console.log(`tools: ${line}`);

async function step(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    say(`${name} not installed: ${describeError(error).split('\n')[0] ?? ''}`);
  }
}

await step('actionlint', async () => say(`actionlint at ${await ensureActionlint(600_000)}`));
await step('chromium', () => installDebian(CHROMIUM, say));
await step('prometheus-pushgateway', () => installDebian(PUSHGATEWAY, say));
