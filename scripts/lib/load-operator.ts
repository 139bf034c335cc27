/**
 * `npm run load -- --k6-operator N --target FILE --out-dir DIR`: writes the k6-operator ConfigMap
 * (the bundled scenario) and TestRun (N runner pods on execution segments) for a target, and runs
 * nothing. Keys never go into the manifests: the target file must take them from environment
 * variables, which the runners get from a Kubernetes Secret (`--secret`, default load-keys).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HarnessError } from '../../lib/errors.ts';
import { LOAD_ENV } from '../../lib/load/config.ts';
import { overridesFromFlags } from '../../lib/load/thresholds.ts';
import type { TargetFile } from '../../lib/target/schema.ts';
import { writeOperatorManifests, type WrittenManifests } from './k6-operator.ts';
import { bundleScenario } from './load-bundle.ts';
import { loadRefusal } from '../../lib/target/loopback.ts';
import { resolveTarget, type Target } from '../../lib/target/target.ts';
import { checkOptions, type LoadOptions } from './load-options.ts';

export interface OperatorOptions extends LoadOptions {
  parallelism: number;
  /** @default 'load-keys' */
  secretName?: string;
}

function inlineKeys(file: TargetFile): string[] {
  return file.tenants.flatMap((tenant) =>
    Object.entries(tenant.keys)
      .filter(([, source]) => source !== undefined && 'value' in source)
      .map(([role]) => `${tenant.name}.${role}`),
  );
}

/** The cluster has the keys, this machine need not: every named variable reads as a placeholder. */
function clusterTarget(file: string, json: unknown): Target {
  const anyVariable = new Proxy({}, { get: () => 'set-in-the-cluster' });
  const result = resolveTarget(json, anyVariable);
  if (!result.ok) throw new HarnessError(result.problems.map((problem) => `${file} ${problem}`).join('\n'));
  const refusal = loadRefusal(result.target);
  if (refusal) throw new HarnessError(refusal);
  return result.target;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new HarnessError(`target file ${file} cannot be read as JSON (${(error as Error).message})`, {
      cause: error,
    });
  }
}

export async function writeOperatorRun(options: OperatorOptions): Promise<WrittenManifests> {
  const { scenario, profile } = checkOptions(options);
  if (options.target === undefined || options.outDir === undefined)
    throw new HarnessError(
      '--k6-operator needs --target FILE (the cluster cannot reach a local sandbox) and --out-dir DIR',
    );
  const json = readJson(options.target);
  const target = clusterTarget(options.target, json);
  const inline = inlineKeys(json as TargetFile);
  if (inline.length > 0)
    throw new HarnessError(
      `${options.target} holds keys inline (${inline.join(', ')}); for a cluster, name environment variables ({"env": "VAR"}) and put them in the Secret`,
    );
  // The runner pods run the stock grafana/k6 image, which lacks the harness's page screen.
  const bundle = await bundleScenario(scenario, path.join(options.outDir, 'bundle'), {
    sourceMap: false,
    stockK6: true,
  });
  const env: Record<string, string> = {
    [LOAD_ENV.targetJson]: JSON.stringify(json),
    [LOAD_ENV.profile]: profile,
    [LOAD_ENV.thresholds]: JSON.stringify(overridesFromFlags(options.thresholds ?? [])),
    [LOAD_ENV.maxRps]: String(Math.max(1, Math.floor(target.load.maxRps / options.parallelism))),
    ...(options.duration ? { [LOAD_ENV.duration]: options.duration } : {}),
    ...(options.rate ? { [LOAD_ENV.rate]: String(options.rate) } : {}),
    ...(options.maxVUs ? { [LOAD_ENV.maxVUs]: String(options.maxVUs) } : {}),
    ...(options.floodRate ? { [LOAD_ENV.floodRate]: String(options.floodRate) } : {}),
    K6_NO_USAGE_REPORT: 'true',
  };
  return writeOperatorManifests(
    {
      name: `load-${scenario}`,
      bundle,
      parallelism: options.parallelism,
      env,
      secretName: options.secretName ?? 'load-keys',
      arguments: `--tag testid=load-${scenario}-${profile}`,
    },
    options.outDir,
  );
}
