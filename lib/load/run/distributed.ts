/**
 * A load prepared for Artillery's distributed runners, as a dry run (`npm run load -- --platform
 * ...`): the load's setup runs here, then lib/load/artillery/distributed.ts writes the directory
 * and the command that launches it.
 */
import path from 'node:path';
import { writeDistributedRun, type DistributedPlan, type Platform } from '../artillery/distributed.ts';
import { HarnessError } from '../../errors.ts';
import { gatesOnDrift } from '../thresholds.ts';
import { checkOptions, type LoadOptions } from './options.ts';
import { makeRunId } from '../../report/build.ts';
import { DEFAULT_REPORTS_DIR } from '../../paths.ts';
import { prepareLoad } from './prepare.ts';
import { planOf } from './run-plan.ts';
import { redactDeep } from '../../redact.ts';
import { isLoopbackUrl } from '../../target/loopback.ts';
import { startTarget } from '../../run/start.ts';

/** The environment variables a target file names for its keys; one line when a key is inline. */
function keyVariables(fileJson: string): string[] {
  const file = JSON.parse(fileJson) as {
    tenants?: { keys?: Record<string, { env?: string; value?: string }> }[];
  };
  const keys = (file.tenants ?? []).flatMap((tenant) => Object.values(tenant.keys ?? {}));
  if (keys.some((key) => key.env === undefined))
    throw new HarnessError(
      '--platform needs a target file whose keys all come from environment variables ({ "env": "NAME" }): remote workers get the names, never the values',
    );
  return [...new Set(keys.map((key) => key.env as string))];
}

/** Where the directory runs: Artillery's cloud runners, or this machine (the tests run it here). */
export interface DistributedWhere {
  /** The cloud region (`--region`). */
  region?: string;
  /** The directory is run on this machine, where a loopback base URL answers. @default false */
  runsHere?: boolean;
}

/** A cloud runner's 127.0.0.1 is the runner itself: a loopback target is refused, in one line. */
function refuseLoopback(baseUrl: string, platform: Platform): void {
  if (isLoopbackUrl(baseUrl))
    throw new HarnessError(
      `--platform ${platform}: the target's baseUrl ${baseUrl} is loopback, which a cloud runner cannot reach (its 127.0.0.1 is itself); give a target file whose baseUrl the runners can reach`,
    );
}

/**
 * A dry run for Artillery's distributed runners: checks the target is one remote workers can
 * reach and load (keys from environment variables), runs the scenario's setup here (one line when
 * the target is unfit), writes the run's directory and returns the command that launches it.
 */
export async function prepareDistributedLoad(
  options: LoadOptions,
  platform: Platform,
  count: number,
  where: DistributedWhere = {},
): Promise<DistributedPlan> {
  const { scenario: name } = checkOptions(options);
  if (options.target === undefined)
    throw new HarnessError('--platform needs --target: the embedded sandbox runs on this machine only');
  const dir = path.resolve(
    options.outDir ??
      path.join(options.reportsDir ?? DEFAULT_REPORTS_DIR, `${makeRunId('load', new Date())}-${platform}`),
  );
  const started = await startTarget({ file: options.target, env: options.env, forLoad: true });
  const { opened } = started;
  try {
    const keys = keyVariables(opened.fileJson);
    if (!where.runsHere) refuseLoopback(opened.target.baseUrl, platform);
    const load = await prepareLoad(name, options, dir, started);
    const plan = redactDeep(planOf(name, load, count), load.redact);
    return await writeDistributedRun({
      platform,
      count,
      ...(where.region ? { region: where.region } : {}),
      baseUrl: load.run.target.baseUrl,
      phases: load.phases,
      stage: {
        name,
        engine: {
          scenario: name,
          settings: load.settings,
          setup: load.setup,
          recordDrift: gatesOnDrift(load.thresholds),
          // Every instance sends its share: together, the target's load.maxRps at most.
          maxRps: Math.max(1, load.run.target.load.maxRps / count),
        },
      },
      targetJson: load.run.fileJson,
      keyVariables: keys,
      plan,
      trendTags: plan.trendTags,
      dir,
    });
  } finally {
    await opened.close();
  }
}
