/**
 * A load run prepared for Artillery's own distributed runners (AWS Fargate and Lambda, Azure
 * ACI), as a dry run: a self-contained directory (the test script with the whole schedule, the
 * harness's engine as a local npm package, a package.json that names it, and an environment file
 * template with the variables' names, never their values), the plan that judging its report
 * needs (plan.json) and the exact command that launches it. Nothing is sent from here.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Phase } from '../phases.ts';
import { distributedPlanned, StageSchedule } from '../walk-schedule.ts';
import { buildEngine, ENGINE_PACKAGE } from './build-engine.ts';
import { targetEnv, type EngineConfig, type StageConfig } from './engine-config.ts';
import { artilleryScript, scriptText } from './script.ts';

/** The Artillery the remote workers run (`npx artillery@…`): the harness's pinned one. */
export const DISTRIBUTED_ARTILLERY = '2.0.34';

export const PLATFORMS = ['fargate', 'lambda', 'aci'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** The credentials each runner reads from the launching machine (Artillery's docs). */
const CREDENTIALS: Record<Platform, string> = {
  fargate:
    "AWS credentials with the permissions of Artillery's Fargate runner (AWS_PROFILE, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY); --region",
  lambda:
    "AWS credentials with the permissions of Artillery's Lambda runner (AWS_PROFILE, or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY); --region",
  aci: 'an Azure login (az login, or AZURE_CLIENT_ID and AZURE_CLIENT_SECRET) and AZURE_TENANT_ID, AZURE_SUBSCRIPTION_ID, AZURE_STORAGE_ACCOUNT, AZURE_STORAGE_BLOB_CONTAINER, AZURE_RESOURCE_GROUP',
};

/**
 * Slots a second per instance: Artillery's runners start `--count` instances of the same script,
 * each splitting its slots over its own worker threads (one per vCPU but one: 3 on Fargate's
 * default 4 vCPU task), so that each thread's timer fires about once a second.
 */
const DISTRIBUTED_SLOTS_PER_S = 3;

export interface DistributedRequest {
  platform: Platform;
  /**
   * Remote instances. Each runs the same script (Artillery's runners multiply a script, they do
   * not split it), so the engine gives each its equal share of the schedule (walk-schedule.ts).
   */
  count: number;
  region?: string;
  baseUrl: string;
  phases: readonly Phase[];
  /** The one stage of the run: a distributed run is one load. */
  stage: { name: string; engine: Omit<StageConfig, 'targetEnv' | 'phases'> };
  /** The target file's JSON as written (keys named by environment variable, never inline). */
  targetJson: string;
  /** The environment variables the target file reads its keys from. */
  keyVariables: readonly string[];
  /** Written as plan.json, for judging the run's report (lib/load/run/run-plan.ts): never a key. */
  plan: object;
  /** The tags each trend is split by in Artillery's metrics (verdict-metrics.ts). */
  trendTags: string[];
  dir: string;
}

export interface DistributedPlan {
  dir: string;
  files: string[];
  /**
   * The schedule's arrivals, and the run's: `count` times each instance's equal share, which
   * leaves out the remainder (fewer than `count`).
   */
  arrivals: { scheduled: number; planned: number; perInstance: number };
  /** The command, as argv, to run from `dir` once `.env` is filled in. */
  command: string[];
  credentials: string;
}

function commandFor(request: DistributedRequest): string[] {
  const region = request.region ?? (request.platform === 'aci' ? 'eastus' : 'us-east-1');
  return [
    'npx',
    '--yes',
    `artillery@${DISTRIBUTED_ARTILLERY}`,
    `run-${request.platform}`,
    '--count',
    String(request.count),
    '--region',
    region,
    '--dotenv',
    '.env',
    '--output',
    'report.json',
    'artillery.yml',
  ];
}

export async function writeDistributedRun(request: DistributedRequest): Promise<DistributedPlan> {
  const { dir } = request;
  mkdirSync(dir, { recursive: true });
  const engineDir = await buildEngine(path.join(dir, '.engine-build'));
  cpSync(path.join(engineDir, ENGINE_PACKAGE), path.join(dir, ENGINE_PACKAGE), { recursive: true });
  const engine: EngineConfig = {
    stages: {
      [request.stage.name]: {
        ...request.stage.engine,
        targetEnv: targetEnv(0),
        phases: [...request.phases],
      },
    },
    // Each remote worker writes its points on its own machine; Artillery's report carries back,
    // merged by Artillery, every series the verdict reads (harness.verdict.*).
    pointsDir: 'points',
    // No index: an instance cannot know which of the `count` it is.
    generator: { count: request.count },
    slotsPerS: DISTRIBUTED_SLOTS_PER_S,
    verdictMetrics: { trendTags: request.trendTags },
  };
  const files = {
    plan: path.join(dir, 'plan.json'),
    script: path.join(dir, 'artillery.yml'),
    packageJson: path.join(dir, 'package.json'),
    envExample: path.join(dir, '.env.example'),
  };
  const stages = [{ name: request.stage.name, phases: request.phases }];
  writeFileSync(files.plan, `${JSON.stringify(request.plan, null, 2)}\n`);
  writeFileSync(files.script, scriptText(artilleryScript(request.baseUrl, stages, engine)));
  writeFileSync(
    files.packageJson,
    `${JSON.stringify({ private: true, dependencies: { [ENGINE_PACKAGE]: `file:./${ENGINE_PACKAGE}` } }, null, 2)}\n`,
  );
  const envLines = [
    '# Copy to .env and fill in the keys from your secret store; never commit .env.',
    `${targetEnv(0)}=${JSON.stringify(JSON.parse(request.targetJson))}`,
    ...request.keyVariables.map((name) => `${name}=`),
  ];
  writeFileSync(files.envExample, `${envLines.join('\n')}\n`);
  return {
    dir,
    files: [
      files.script,
      files.plan,
      files.packageJson,
      files.envExample,
      path.join(dir, ENGINE_PACKAGE, 'index.js'),
    ],
    arrivals: {
      scheduled: new StageSchedule(request.phases).total,
      planned: distributedPlanned(request.phases, request.count),
      perInstance: distributedPlanned(request.phases, request.count) / request.count,
    },
    command: commandFor(request),
    credentials: CREDENTIALS[request.platform],
  };
}
