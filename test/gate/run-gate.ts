/** Runs the gate as a user does (a child process) with its reports in a temp folder. */
import { execFile, spawnSync } from 'node:child_process';
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

export function runGate(args: string[], timeoutMs = 240_000): GateRun {
  const { reportsDir, env } = gateEnv();
  const run = spawnSync(TSX, ['scripts/gate.ts', ...args], { encoding: 'utf8', timeout: timeoutMs, env });
  return gateRun(reportsDir, run.status, run.stdout, run.stderr);
}

/** The same without blocking this process: for a target this test process serves itself. */
export function runGateAsync(args: string[], timeoutMs = 240_000): Promise<GateRun> {
  const { reportsDir, env } = gateEnv();
  return new Promise((resolve) => {
    execFile(
      TSX,
      ['scripts/gate.ts', ...args],
      { encoding: 'utf8', timeout: timeoutMs, env },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve(gateRun(reportsDir, code, stdout, stderr));
      },
    );
  });
}

/** Names of the checks a failed gate blames: the check inside each failure, or the failed check. */
export const blamedChecks = (summary: Summary): string[] =>
  summary.checks
    .filter((check) => check.verdict === 'failed')
    .flatMap((check) => (check.failures ?? []).map((failure) => failure.check).concat(check.name));
