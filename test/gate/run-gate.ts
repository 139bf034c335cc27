/** Runs the gate as a user does (a child process) with its reports in a temp folder. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Summary } from '../../lib/report/model.ts';

export interface GateRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  reportsDir: string;
  summary(): Summary;
}

export function runGate(args: string[], timeoutMs = 240_000): GateRun {
  const reportsDir = mkdtempSync(path.join(os.tmpdir(), 'gate-test-'));
  // tsx directly, not through npx, whose own warnings would mix into stderr.
  const run = spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/gate.ts', ...args], {
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...process.env, HARNESS_REPORTS_DIR: reportsDir },
  });
  return {
    exitCode: run.status,
    stdout: run.stdout,
    stderr: run.stderr,
    reportsDir,
    summary: () =>
      JSON.parse(readFileSync(path.join(reportsDir, 'latest', 'summary.json'), 'utf8')) as Summary,
  };
}

/** Names of the checks a failed gate blames: the check inside each failure, or the failed check. */
export const blamedChecks = (summary: Summary): string[] =>
  summary.checks
    .filter((check) => check.verdict === 'failed')
    .flatMap((check) => (check.failures ?? []).map((failure) => failure.check).concat(check.name));
