/**
 * postinstall: makes sure tools/artillery holds the pinned Artillery and the Node 22 that runs it
 * (lib/process/artillery-install.ts), in seconds when they are already there. It never fails the
 * install: when Artillery cannot be had, it says how to get it in one line, and every command
 * that needs Artillery later fails with a line of its own (lib/process/artillery.ts).
 */
import { ensureArtillery } from '../lib/process/artillery-install.ts';
import { EXIT, describeError, parseFlags } from '../lib/cli/cli.ts';
import { renderHelp } from '../lib/cli/help.ts';
import { INSTALL_OPTIONS, installOptions } from '../lib/process/install-options.ts';

const USAGE = renderHelp({
  usage: ['npx tsx scripts/install-artillery.ts [options]'],
  about: `Installs the Artillery and the Node 22 pinned in tools/artillery/ with npm ci, unless they are
there (npm install runs it as postinstall; it never fails the install for a network problem).`,
  options: INSTALL_OPTIONS,
  examples: [
    'npx tsx scripts/install-artillery.ts',
    'npx tsx scripts/install-artillery.ts --force --timeout 900',
  ],
  exitCodes: '0 installed or already there (a failed download is reported, not fatal), 2 usage error.',
});

const say = (line: string) => console.log(`artillery: ${line}`);

function readOptions(): { force: boolean; timeoutMs: number } {
  return installOptions(parseFlags(INSTALL_OPTIONS, USAGE), process.env);
}

async function main(): Promise<void> {
  let options;
  try {
    options = readOptions();
  } catch (error) {
    // A wrong flag or variable is the caller's to fix: the only failure that fails the install.
    process.exitCode = EXIT.usage;
    return say(describeError(error));
  }
  try {
    await ensureArtillery({ ...options, say });
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    say(`not installed: ${why}; to retry: npx tsx scripts/install-artillery.ts (docs/toolchain.md)`);
  }
}

await main();
