/**
 * One step of a capacity run: one k6 process at one constant arrival rate, under a hard time
 * limit, then its raw points read back (one `http_req_duration` point per request, tagged with the
 * step, endpoint, tenant and key; `dropped_iterations` points for arrivals k6 could not start).
 */
import path from 'node:path';
import { CAPACITY_ENV } from '../../lib/capacity/scenario.ts';
import type { RequestSample } from '../../lib/capacity/step-stats.ts';
import { HarnessError } from '../../lib/errors.ts';
import { LOAD_ENV } from '../../lib/load/config.ts';
import { GRACEFUL_STOP_S } from '../../lib/load/executor.ts';
import { describeK6Exit, K6_EXIT, runK6 } from './k6.ts';
import { readK6Records } from './k6-points.ts';
import { lastK6Error } from './load-verdict.ts';

export interface StepRequest {
  bundle: string;
  dir: string;
  /** The target file as JSON (k6 reads the keys it names from its own environment). */
  targetJson: string;
  index: number;
  rate: number;
  durationS: number;
  /** The target's load.maxRps, passed to k6 as its `rps` ceiling. */
  maxRps: number;
  env: Record<string, string | undefined>;
}

export interface StepRun {
  samples: RequestSample[];
  dropped: number;
  pointsFile: string;
}

/** Setup (a probe on the first step), the step, the graceful stop and a margin. */
const timeoutMs = (durationS: number) => (durationS + GRACEFUL_STOP_S + 60 + 30) * 1000;

function sampleOf(tags: Record<string, string>, value: number, time: number): RequestSample | undefined {
  const { status, key, tenant, endpoint } = tags;
  if (status === undefined || key === undefined || tenant === undefined || endpoint === undefined)
    return undefined;
  return { durationMs: value, status: Number(status), key, tenant, endpoint, time };
}

async function readStepPoints(file: string, index: number): Promise<Omit<StepRun, 'pointsFile'>> {
  const samples: RequestSample[] = [];
  let dropped = 0;
  for await (const item of readK6Records(file)) {
    if (item.kind !== 'point') continue;
    if (item.metric === 'dropped_iterations') dropped += item.value;
    if (item.metric !== 'http_req_duration' || item.tags.step !== String(index)) continue;
    const sample = sampleOf(item.tags, item.value, item.time);
    if (sample) samples.push(sample);
  }
  return { samples, dropped };
}

export async function runCapacityStep(request: StepRequest): Promise<StepRun> {
  const pointsFile = path.join(request.dir, `points-step-${request.index + 1}.json.gz`);
  const env: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(request.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    K6_NO_USAGE_REPORT: 'true',
    [LOAD_ENV.targetJson]: request.targetJson,
    [LOAD_ENV.rate]: String(request.rate),
    [LOAD_ENV.duration]: `${request.durationS}s`,
    [LOAD_ENV.maxRps]: String(request.maxRps),
    [CAPACITY_ENV.step]: String(request.index),
    [CAPACITY_ENV.probe]: request.index === 0 ? '1' : '0',
  };
  const run = await runK6({
    script: request.bundle,
    env,
    args: ['--quiet', '--no-summary', '--out', `json=${pointsFile}`],
    timeoutMs: timeoutMs(request.durationS),
  });
  if (run.timedOut)
    throw new HarnessError(`k6 did not finish step ${request.index + 1} in time; is the target answering?`);
  if (run.exitCode !== K6_EXIT.ok && run.exitCode !== K6_EXIT.thresholdsFailed) {
    const why = lastK6Error(run.stderr) ?? describeK6Exit(run.exitCode);
    throw new HarnessError(`k6 failed on step ${request.index + 1}: ${why}`);
  }
  return { ...(await readStepPoints(pointsFile, request.index)), pointsFile };
}
