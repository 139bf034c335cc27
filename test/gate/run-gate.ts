/** Runs the gate as a user does (a child process) with its reports in a temp folder. */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Summary } from '../../lib/report/model.ts';
import { runCommand } from '../setup/command.ts';
import '../setup/provide-layers.ts';

export interface GateRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  reportsDir: string;
  summary(): Summary;
}

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

/** Runs the gate as a user does, its reports in a temp folder of their own. */
export async function runGateAsync(args: string[], timeoutMs = 240_000): Promise<GateRun> {
  const { reportsDir, env } = gateEnv();
  const run = await runCommand('gate', args, { env, timeoutMs });
  return gateRun(reportsDir, run.status, run.stdout, run.stderr);
}

/** Names of the checks a failed gate blames: the check inside each failure, or the failed check. */
export const blamedChecks = (summary: Summary): string[] =>
  summary.checks
    .filter((check) => check.verdict === 'failed')
    .flatMap((check) => (check.failures ?? []).map((failure) => failure.check).concat(check.name));
