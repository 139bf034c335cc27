/** Runs the selected sections one after another and assembles the report. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveArtillery } from '../lib/process/artillery.ts';
import type { BenchReport } from './report.ts';
import type { BenchSection } from './section.ts';
import { runSection } from './section.ts';

export interface BenchRunOptions {
  sections: readonly BenchSection[];
  quick: boolean;
  /** The reports folder given (`--reports-dir`); sections read earlier runs there. */
  reportsDir: string;
  /** How the run was started, recorded so that a figure can be reproduced. */
  command: string;
  log: (line: string) => void;
}

function artilleryVersionOrNote(): string {
  try {
    return resolveArtillery().version;
  } catch {
    return 'not installed';
  }
}

/** What the figures were measured on: ratios travel between machines, absolutes do not. */
function describeMachine(): BenchReport['machine'] {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryMb: Math.round(os.totalmem() / 2 ** 20),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    artillery: artilleryVersionOrNote(),
  };
}

export async function runBench(options: BenchRunOptions): Promise<BenchReport> {
  const started = Date.now();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const sections: BenchReport['sections'] = [];
  try {
    for (const section of options.sections) {
      options.log(`section ${section.name}: ${section.title}`);
      const result = await runSection(section, {
        quick: options.quick,
        workDir,
        reportsDir: options.reportsDir,
        log: options.log,
      });
      const why = result.reason ? `: ${result.reason}` : '';
      options.log(
        `section ${section.name}: ${result.status}${why} (${Math.round(result.durationMs / 1000)} s)`,
      );
      sections.push(result);
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  return {
    schemaVersion: 1,
    command: options.command,
    quick: options.quick,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    machine: describeMachine(),
    sections,
  };
}
