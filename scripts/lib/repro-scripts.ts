/**
 * Writes the runnable reproduction of a shrunk failing walk into the run directory: a bash + curl
 * script (lib/repro/curl.ts, ending in a jq judgement of the answers) and a standalone k6 script.
 * Both read the base URL and keys from environment variables; neither holds a key.
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Failure } from '../../lib/failure.ts';
import type { Redactor } from '../../lib/redact.ts';
import { curlScript, type ReproStep } from '../../lib/repro/curl.ts';
import { curlJudge } from '../../lib/repro/curl-judge.ts';
import { expectationsOf } from '../../lib/repro/expectations.ts';
import { k6Script } from '../../lib/repro/k6-script.ts';
import { stepOwners } from '../../lib/repro/step-walks.ts';
import type { Target } from '../../lib/target/target.ts';

export interface ReproScriptsInput {
  runDir: string;
  check: string;
  title: string;
  replay: string;
  target: Target;
  steps: readonly ReproStep[];
  failures: readonly Failure[];
  redact: Redactor;
}

/** Writes `repro/<check>.sh` and `repro/<check>.k6.js`; returns their paths relative to runDir. */
export async function writeReproScripts(input: ReproScriptsInput): Promise<string[]> {
  const query = input.steps.at(-1)?.call.query ?? {};
  const expect = expectationsOf(query);
  const common = {
    title: input.title,
    replay: input.replay,
    baseUrl: input.target.baseUrl,
    apiKeyHeader: input.target.apiKeyHeader,
    steps: input.steps,
    failures: input.failures,
  };
  const curl = `${curlScript(common)}${curlJudge(expect, stepOwners(input.steps))}`;
  const k6 = k6Script({ ...common, expect });
  const files = [`repro/${input.check}.sh`, `repro/${input.check}.k6.js`];
  await mkdir(path.join(input.runDir, 'repro'), { recursive: true });
  const [shFile = '', k6File = ''] = files.map((file) => path.join(input.runDir, file));
  await writeFile(shFile, input.redact(curl));
  await chmod(shFile, 0o755);
  await writeFile(k6File, input.redact(k6));
  return files;
}
