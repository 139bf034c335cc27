/**
 * A bench child on the Node that runs Artillery (the closed loops, the own schedule): its options
 * in a file, its answer the last line it prints, as JSON. Bounded in time like every child.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RUNTIME_NODE } from '../lib/process/artillery-layout.ts';
import { PROJECT_ROOT } from '../lib/project-root.ts';
import { spawnBounded } from '../lib/process/spawn-bounded.ts';

/** bench/, from the project's folder: the same from the sources and from a bundle of the command. */
export const BENCH_DIR = path.join(PROJECT_ROOT, 'bench');

/** Runs `child` (a file of bench/) with `options`; resolves to its last line, parsed. */
export async function runBenchChild<Result>(
  child: string,
  options: unknown,
  timeoutMs: number,
): Promise<Result> {
  // The options go in a file: the paths are too many for a command line.
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-child-options-'));
  const optionsFile = path.join(dir, 'options.json');
  writeFileSync(optionsFile, JSON.stringify(options));
  const result = await spawnBounded({
    cmd: RUNTIME_NODE,
    args: ['--import', 'tsx', path.join(BENCH_DIR, child), optionsFile],
    // tsx is found from the project's node_modules.
    cwd: path.dirname(BENCH_DIR),
    timeoutMs,
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
  const line = result.stdout.trim().split('\n').pop() ?? '';
  if (result.exitCode !== 0 || !line.startsWith('{'))
    throw new Error(`${child} exited with ${result.exitCode}: ${result.stderr.trim().slice(-300)}`);
  return JSON.parse(line) as Result;
}
