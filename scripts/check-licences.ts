/**
 * `npx tsx scripts/check-licences.ts`: lists the licences of everything installed (the
 * harness's node_modules and tools/artillery's) and exits 1 when any package's licence is
 * refused (lib/process/licences.ts), naming each one.
 */
import path from 'node:path';
import { EXIT, parseFlags, runCli } from '../lib/cli/cli.ts';
import { renderHelp } from '../lib/cli/help.ts';
import { INSTALL_ROOTS, licenceReport } from '../lib/process/licences.ts';
import { PROJECT_ROOT } from '../lib/project-root.ts';

const USAGE = renderHelp({
  usage: ['npx tsx scripts/check-licences.ts'],
  about: `Reads every package.json under ${INSTALL_ROOTS.map((dir) => path.relative(PROJECT_ROOT, dir)).join(', ')}:
prints the count per licence and fails if any licence is refused (AGPL, SSPL, Business Source,
commercial, UNLICENSED, SEE LICENSE IN a text that is not open source).`,
  options: {},
  examples: ['npx tsx scripts/check-licences.ts', 'npx tsx scripts/check-licences.ts | grep refused'],
  exitCodes: '0 no refused licence, 1 a refused licence, 2 usage error.',
});

function check(): number {
  parseFlags({}, USAGE);
  const { lines, refused } = licenceReport(INSTALL_ROOTS);
  for (const line of lines) console.log(line);
  return refused === 0 ? EXIT.pass : EXIT.checksFailed;
}

runCli(() => Promise.resolve(check()));
