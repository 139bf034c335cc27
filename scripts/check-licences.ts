/**
 * `npx tsx scripts/check-licences.ts`: lists the licences of everything installed (the
 * harness's node_modules and tools/artillery's) and exits 1 when any package's licence is
 * refused (lib/process/licences.ts), naming each one.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXIT, parseFlags, runCli } from '../lib/cli/cli.ts';
import {
  INSTALL_ROOTS,
  installedPackages,
  licenceProblem,
  unlicensedPackages,
} from '../lib/process/licences.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

const USAGE = `Usage: npx tsx scripts/check-licences.ts
Reads every package.json under ${INSTALL_ROOTS.map((dir) => path.relative(ROOT, dir)).join(', ')}:
prints the count per licence and exits 1 if any licence is refused (AGPL, SSPL, Business Source,
commercial, UNLICENSED, SEE LICENSE IN a text that is not open source).`;

const label = (file: string) => path.relative(ROOT, path.dirname(file));

function check(): number {
  parseFlags({}, USAGE);
  const packages = installedPackages(INSTALL_ROOTS);
  // A manifest inside a package that declares no licence (a dist folder's marker) has its package's.
  const listed = packages.filter((pkg) => !pkg.inner || pkg.licence);
  const counts = new Map<string, number>();
  for (const { licence = '(none)' } of listed) counts.set(licence, (counts.get(licence) ?? 0) + 1);
  console.log(`${listed.length} package manifests, by licence:`);
  for (const [licence, count] of [...counts].sort((a, b) => b[1] - a[1]))
    console.log(`  ${count}\t${licence}`);
  const undeclared = unlicensedPackages(packages);
  if (undeclared.length > 0)
    console.log(
      `no licence declared (${undeclared.length}): ${undeclared.map((pkg) => label(pkg.file)).join(', ')}`,
    );
  const refused = packages.flatMap((pkg) => {
    const problem = licenceProblem(pkg);
    return problem ? [`${pkg.name}@${pkg.version} (${label(pkg.file)}): ${problem}`] : [];
  });
  for (const line of refused) console.log(`refused: ${line}`);
  console.log(
    refused.length === 0 ? 'no refused licence' : `${refused.length} package(s) with a refused licence`,
  );
  return refused.length === 0 ? EXIT.pass : EXIT.checksFailed;
}

runCli(() => Promise.resolve(check()));
