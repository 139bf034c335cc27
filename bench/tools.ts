/**
 * The outside tools some sections need (nginx, wrk): found on PATH or in the sbin dirs, installed
 * from Debian's packages when the bench runs as root, else named in a one-line skip reason.
 */
import path from 'node:path';
import { findOnPath } from '../lib/process/find-on-path.ts';
import { spawnBounded } from '../lib/process/spawn-bounded.ts';

export type ToolName = 'nginx' | 'wrk';

interface Tool {
  bin: string;
  version: string;
}

export type ToolLookup = { ok: true; tool: Tool } | { ok: false; reason: string };

/** How each tool says its version, and the Debian package it comes in. */
const TOOLS: Record<ToolName, { versionArgs: string[]; versionPattern: RegExp; aptPackage: string }> = {
  nginx: { versionArgs: ['-v'], versionPattern: /nginx\/(\S+)/, aptPackage: 'nginx' },
  wrk: { versionArgs: ['-v'], versionPattern: /wrk (\S+)/, aptPackage: 'wrk' },
};

// nginx lives in /usr/sbin, which a non-root PATH often lacks.
const SEARCH_PATH = [process.env.PATH ?? '', '/usr/sbin', '/usr/local/sbin'].join(path.delimiter);

async function probe(name: ToolName, bin: string): Promise<Tool | undefined> {
  const { versionArgs, versionPattern } = TOOLS[name];
  const result = await spawnBounded({ cmd: bin, args: versionArgs, timeoutMs: 10_000 }).catch(
    () => undefined,
  );
  const version = versionPattern.exec(`${result?.stdout ?? ''}${result?.stderr ?? ''}`)?.[1];
  return version ? { bin, version } : undefined;
}

async function aptInstall(aptPackage: string, log: (line: string) => void): Promise<boolean> {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Waits for a dpkg lock held by someone else instead of failing at once.
  const install = ['-o', 'DPkg::Lock::Timeout=120', 'install', '-y', aptPackage];
  const run = (args: string[]) => spawnBounded({ cmd: 'apt-get', args, env, timeoutMs: 300_000 });
  log(`installing ${aptPackage}: apt-get install -y ${aptPackage}`);
  if ((await run(install)).exitCode === 0) return true;
  // A fresh machine has no package lists yet.
  log('apt-get install failed; running apt-get update and trying once more');
  await run(['-o', 'DPkg::Lock::Timeout=120', 'update']);
  return (await run(install)).exitCode === 0;
}

const isRoot = () => process.getuid?.() === 0;

/** Finds the tool, installing it with apt-get when running as root; else says how to get it. */
export async function ensureTool(name: ToolName, log: (line: string) => void): Promise<ToolLookup> {
  const { aptPackage } = TOOLS[name];
  const found = findOnPath(name, SEARCH_PATH);
  const tool = found ? await probe(name, found) : undefined;
  if (tool) return { ok: true, tool };
  const hint = `${name} is not installed; install it with: sudo apt-get install -y ${aptPackage}`;
  if (!isRoot()) return { ok: false, reason: hint };
  if (!(await aptInstall(aptPackage, log))) return { ok: false, reason: `apt-get could not install ${name}` };
  const installed = findOnPath(name, SEARCH_PATH);
  const after = installed ? await probe(name, installed) : undefined;
  return after ? { ok: true, tool: after } : { ok: false, reason: hint };
}
