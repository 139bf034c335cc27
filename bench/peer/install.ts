/**
 * Schemathesis, the peer tool, from PyPI into a virtual environment of its own under `.tools/`
 * (git-ignored), pinned; nothing of it is vendored. Without Python, or when PyPI will not serve the
 * package, the caller skips with the one-line reason this returns.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawnBounded } from '../../lib/process/spawn-bounded.ts';

/** The version the comparison was made with (docs/bench.md names it beside the figures). */
const SCHEMATHESIS_VERSION = '4.32.5';

export interface PeerTool {
  /** The `st` command of the virtual environment. */
  bin: string;
  version: string;
  /** Every distribution in the environment: name, version, licence as its metadata declares it. */
  licences: string[][];
}

export type PeerLookup = { ok: true; tool: PeerTool } | { ok: false; reason: string };

// Reads each installed distribution's declared licence: License-Expression (PEP 639), else the
// licence classifiers, else the free-text License field's first line.
const LICENCES_SCRIPT = `
import json
from importlib.metadata import distributions
rows = []
for d in distributions():
    m = d.metadata
    lic = m.get('License-Expression') or ', '.join(
        c.split(' :: ')[-1] for c in (m.get_all('Classifier') or []) if c.startswith('License ::')
    ) or (m.get('License') or 'unknown').split('\\n')[0][:60]
    rows.append([m['Name'], d.version, lic])
print(json.dumps(sorted(rows, key=lambda r: r[0].lower())))
`;

const run = (cmd: string, args: string[], timeoutMs: number) =>
  spawnBounded({ cmd, args, timeoutMs }).catch((error: Error) => ({
    exitCode: null,
    stdout: '',
    stderr: error.message,
    timedOut: false,
    durationMs: 0,
  }));

const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

async function installedVersion(bin: string): Promise<string | undefined> {
  if (!existsSync(bin)) return undefined;
  const result = await run(bin, ['--version'], 30_000);
  return /version (\S+)/.exec(result.stdout)?.[1];
}

/** The venv's `st` at the pinned version, installing it first when it is not there yet. */
export async function ensureSchemathesis(root: string, log: (line: string) => void): Promise<PeerLookup> {
  const venv = path.join(root, '.tools', `schemathesis-${SCHEMATHESIS_VERSION}`);
  const bin = path.join(venv, 'bin', 'st');
  const python = path.join(venv, 'bin', 'python');
  if ((await installedVersion(bin)) !== SCHEMATHESIS_VERSION) {
    const probe = await run('python3', ['--version'], 10_000);
    if (probe.exitCode !== 0)
      return { ok: false, reason: 'python3 is not installed (Schemathesis needs it)' };
    log(`peer: installing schemathesis==${SCHEMATHESIS_VERSION} from PyPI into ${path.relative(root, venv)}`);
    // --clear: a venv left broken (moved, or an install cut short) is made again, not reused.
    const made = await run('python3', ['-m', 'venv', '--clear', venv], 120_000);
    if (made.exitCode !== 0)
      return {
        ok: false,
        reason: `python3 -m venv failed: ${lastLine(made.stderr)} (Debian: apt-get install python3-venv)`,
      };
    const pip = path.join(venv, 'bin', 'pip');
    const args = ['install', '--disable-pip-version-check', '-q', `schemathesis==${SCHEMATHESIS_VERSION}`];
    const installed = await run(pip, args, 300_000);
    if (installed.exitCode !== 0)
      return {
        ok: false,
        reason: `pip could not install schemathesis==${SCHEMATHESIS_VERSION}: ${lastLine(installed.stderr)}`,
      };
  }
  const version = await installedVersion(bin);
  if (version !== SCHEMATHESIS_VERSION)
    return {
      ok: false,
      reason: `schemathesis ${SCHEMATHESIS_VERSION} did not install (found ${version ?? 'none'})`,
    };
  const listed = await run(python, ['-c', LICENCES_SCRIPT], 30_000);
  const licences = listed.exitCode === 0 ? (JSON.parse(listed.stdout) as string[][]) : [];
  return { ok: true, tool: { bin, version, licences } };
}
