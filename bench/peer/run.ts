/**
 * One Schemathesis run against one sandbox, as a user would run it: the project's OpenAPI
 * document, every check but the ones excluded as false positives, a fixed seed and time budget.
 * The key reaches Schemathesis through an environment variable that its config file names; it is
 * never on the command line, in a file or in anything kept from the run.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnBounded } from '../../lib/process/spawn-bounded.ts';
import type { Redactor } from '../../lib/redact.ts';
import { failedChecks, runSummary, type PeerFailure, type PeerSummary } from './parse.ts';

/** Environment variable the config file reads the key from. */
const KEY_VARIABLE = 'PEER_API_KEY';

export interface PeerRunOptions {
  bin: string;
  /** The OpenAPI document's file. */
  documentPath: string;
  baseUrl: string;
  /** The target's X-...-Api-Key header name: the key goes in it and in Authorization: Bearer. */
  apiKeyHeader: string;
  apiKey: string;
  /** Directory of this run's config and reports. */
  dir: string;
  seed: number;
  /** Test cases per operation and phase (`--max-examples`): with the seed, the same work on any machine. */
  maxExamples: number;
  /** Wall-time limit of the run; one that reaches it is cut off and has no verdict. */
  timeLimitS: number;
  excludedChecks: readonly string[];
  redact: Redactor;
}

export interface PeerRun extends PeerSummary {
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  failures: PeerFailure[];
  /** The last line Schemathesis printed, redacted: what went wrong when there is no report. */
  lastLine: string;
  /** Whether Schemathesis printed the key anywhere (its own sanitising should prevent it). */
  keyPrinted: boolean;
}

// Both schemes the document declares get the same key, as the spec allows (spec §5); left to itself,
// Schemathesis would generate a value for the header that is not given.
const configFile = (apiKeyHeader: string) =>
  [
    '# Written by the bench (peer section); the key is read from the environment.',
    `headers = { Authorization = "Bearer \${${KEY_VARIABLE}}", "${apiKeyHeader}" = "\${${KEY_VARIABLE}}" }`,
    '',
  ].join('\n');

const readReport = (dir: string, prefix: string) => {
  const name = existsSync(dir) ? readdirSync(dir).find((file) => file.startsWith(prefix)) : undefined;
  return name === undefined ? undefined : readFileSync(path.join(dir, name), 'utf8');
};

export function commandArgs(
  options: Omit<PeerRunOptions, 'bin' | 'apiKey' | 'redact' | 'timeLimitS'>,
): string[] {
  return [
    ...['--config-file', path.join(options.dir, 'schemathesis.toml'), 'run', options.documentPath],
    ...['--url', options.baseUrl, '--checks', 'all'],
    ...(options.excludedChecks.length > 0 ? ['--exclude-checks', options.excludedChecks.join(',')] : []),
    ...['--seed', String(options.seed), '--max-examples', String(options.maxExamples), '--workers', '1'],
    // No example database: a failure found in one fault's run must not be replayed in the next.
    ...['--generation-database', 'none'],
    ...['--report', 'json,ndjson', '--report-dir', path.join(options.dir, 'report'), '--no-color'],
  ];
}

export async function runSchemathesis(options: PeerRunOptions): Promise<PeerRun> {
  mkdirSync(options.dir, { recursive: true });
  writeFileSync(path.join(options.dir, 'schemathesis.toml'), configFile(options.apiKeyHeader), {
    mode: 0o600,
  });
  const result = await spawnBounded({
    cmd: options.bin,
    args: commandArgs(options),
    cwd: options.dir,
    env: { ...process.env, [KEY_VARIABLE]: options.apiKey },
    timeoutMs: options.timeLimitS * 1000,
    maxOutputChars: 2_000_000,
  });
  const reportDir = path.join(options.dir, 'report');
  const json = readReport(reportDir, 'json-');
  const ndjson = readReport(reportDir, 'ndjson-');
  const lastLine = options.redact(result.stdout.trim().split('\n').at(-1) ?? result.stderr.trim());
  const summary = json ? runSummary(json) : { testCases: 0, stopReason: 'no report', errors: 0 };
  return {
    ...summary,
    exitCode: result.exitCode,
    timedOut: result.timedOut,
    durationMs: result.durationMs,
    failures: ndjson ? failedChecks(options.redact(ndjson)) : [],
    lastLine,
    keyPrinted: options.redact(result.stdout + result.stderr) !== result.stdout + result.stderr,
  };
}
