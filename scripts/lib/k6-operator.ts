/**
 * Manifests to run a bundled scenario on Kubernetes with k6-operator: a ConfigMap holding the
 * bundle and a TestRun (k6.io/v1alpha1) that splits it over `parallelism` pods by execution
 * segments. Fields from grafana/k6-operator api/v1alpha1/testrun_types.go.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { HarnessError } from '../../lib/errors.ts';
import { K6_PIN } from './k6-pin.ts';

/** A ConfigMap holds at most 1 MiB (k6-operator docs: use a volumeClaim beyond that). */
const CONFIG_MAP_LIMIT_BYTES = 1_048_576;

export interface OperatorManifestOptions {
  /** Scenario name; the TestRun and ConfigMap are named after it. */
  name: string;
  /** The bundle (dist/NAME.js) to put in the ConfigMap. */
  bundle: string;
  /** How many k6 runner pods, each on its execution segment. */
  parallelism: number;
  /** Extra `k6 run` arguments, e.g. `--tag testid=nightly`. */
  arguments?: string;
  /** Plain environment for the runners (BASE_URL and the like; never API keys). */
  env?: Record<string, string>;
  /** A Secret whose keys become the runners' environment: where API keys go. */
  secretName?: string;
  namespace?: string;
  /** @default `grafana/k6:<pinned version>` */
  image?: string;
}

/** Kubernetes object names: lowercase letters, digits and '-', at most 63 characters. */
export function kubernetesName(name: string): string {
  const cleaned = name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);
  if (!cleaned) throw new HarnessError(`"${name}" cannot be turned into a Kubernetes name`);
  return cleaned;
}

function assertParallelism(parallelism: number): void {
  if (!Number.isInteger(parallelism) || parallelism < 1) {
    throw new HarnessError(`k6-operator parallelism must be an integer >= 1, got ${parallelism}`);
  }
}

/** The ConfigMap and TestRun objects for one scenario. */
export function operatorManifests(options: OperatorManifestOptions, script: string) {
  assertParallelism(options.parallelism);
  const size = Buffer.byteLength(script);
  if (size > CONFIG_MAP_LIMIT_BYTES) {
    throw new HarnessError(
      `${options.bundle} is ${size} bytes, more than a ConfigMap holds (1 MiB): use a volumeClaim`,
    );
  }
  const name = kubernetesName(options.name);
  const file = `${name}.js`;
  const metadata = { name, ...(options.namespace ? { namespace: options.namespace } : {}) };
  const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata, data: { [file]: script } };
  const env = Object.entries(options.env ?? {}).map(([envName, value]) => ({ name: envName, value }));
  const runner = {
    image: options.image ?? `grafana/k6:${K6_PIN.replace(/^v/, '')}`,
    ...(env.length > 0 ? { env } : {}),
    ...(options.secretName ? { envFrom: [{ secretRef: { name: options.secretName } }] } : {}),
  };
  const testRun = {
    apiVersion: 'k6.io/v1alpha1',
    kind: 'TestRun',
    metadata,
    spec: {
      parallelism: options.parallelism,
      script: { configMap: { name, file } },
      ...(options.arguments ? { arguments: options.arguments } : {}),
      runner,
    },
  };
  return { configMap, testRun };
}

export interface WrittenManifests {
  configMapFile: string;
  testRunFile: string;
}

/**
 * Writes `configmap.yaml` and `testrun.yaml` into `outDir`; `kubectl apply -f outDir` applies
 * both (the ConfigMap first: files go in name order).
 */
export function writeOperatorManifests(options: OperatorManifestOptions, outDir: string): WrittenManifests {
  const { configMap, testRun } = operatorManifests(options, readFileSync(options.bundle, 'utf8'));
  mkdirSync(outDir, { recursive: true });
  const configMapFile = path.join(outDir, 'configmap.yaml');
  const testRunFile = path.join(outDir, 'testrun.yaml');
  writeFileSync(configMapFile, stringify(configMap, { lineWidth: 0 }));
  writeFileSync(testRunFile, stringify(testRun));
  return { configMapFile, testRunFile };
}
