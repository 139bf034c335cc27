/**
 * Tests write only to temporary directories: the run fails when the unit tests left anything new
 * in the checkout's reports/ (a run folder, a moved reports/latest).
 */
import { existsSync, lstatSync, readdirSync, readlinkSync } from 'node:fs';
import path from 'node:path';

const REPORTS = 'reports';

function snapshot(): Map<string, string> {
  const entries = new Map<string, string>();
  if (!existsSync(REPORTS)) return entries;
  for (const name of readdirSync(REPORTS)) {
    const file = path.join(REPORTS, name);
    entries.set(name, lstatSync(file).isSymbolicLink() ? readlinkSync(file) : '');
  }
  return entries;
}

export default function setup(): () => void {
  const before = snapshot();
  return () => {
    const after = snapshot();
    const changed = [...after].filter(([name, target]) => before.get(name) !== target).map(([name]) => name);
    if (changed.length === 0) return;
    // A teardown's exception is only logged; the exit code is what CI reads.
    console.error(
      `tests wrote to the checkout's reports/: ${changed.join(', ')}; write to a temporary directory`,
    );
    process.exitCode = 1;
  };
}
