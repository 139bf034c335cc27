/** Runs the gate as a user does (a child process) with its reports in a temp folder. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Summary } from '../../lib/report/model.ts';
import '../setup/provide-layers.ts';

export interface GateRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  reportsDir: string;
  summary(): Summary;
}

// tsx directly, not through npx, whose own warnings would mix into stderr.
const TSX = path.resolve('node_modules/.bin/tsx');

function gateRun(reportsDir: string, exitCode: number | null, stdout: string, stderr: string): GateRun {
  return {
    exitCode,
    stdout,
    stderr,
    reportsDir,
    summary: () =>
      JSON.parse(readFileSync(path.join(reportsDir, 'latest', 'summary.json'), 'utf8')) as Summary,
  };
}

function gateEnv(): { reportsDir: string; env: NodeJS.ProcessEnv } {
  const reportsDir = mkdtempSync(path.join(os.tmpdir(), 'gate-test-'));
  return { reportsDir, env: { ...process.env, HARNESS_REPORTS_DIR: reportsDir } };
}

/** What a harness script run in a child process ended with. */
export interface ScriptRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `scripts/<script>.ts` under tsx without blocking this process: the tests of a file run
 * side by side (test/setup/lanes.ts), and some serve the very target the child reads.
 */
export function runScriptAsync(
  script: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [`scripts/${script}.ts`, ...args],
      { encoding: 'utf8', timeout: options.timeoutMs, env: options.env },
      (error, stdout, stderr) => {
        const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ exitCode, stdout, stderr });
      },
    );
  });
}

/** Runs the gate as a user does, its reports in a temp folder of their own. */
export async function runGateAsync(args: string[], timeoutMs = 240_000): Promise<GateRun> {
  const { reportsDir, env } = gateEnv();
  const run = await runScriptAsync('gate', args, { env, timeoutMs });
  return gateRun(reportsDir, run.exitCode, run.stdout, run.stderr);
}

/** Names of the checks a failed gate blames: the check inside each failure, or the failed check. */
export const blamedChecks = (summary: Summary): string[] =>
  summary.checks
    .filter((check) => check.verdict === 'failed')
    .flatMap((check) => (check.failures ?? []).map((failure) => failure.check).concat(check.name));
