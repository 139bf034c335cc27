import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { kubernetesName, operatorManifests, writeOperatorManifests } from '../../scripts/lib/k6-operator.ts';
import { K6_PIN } from '../../scripts/lib/k6-pin.ts';
import { buildHello } from './hello-bundle.ts';

interface TestRunYaml {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: {
    parallelism: number;
    script: { configMap: { name: string; file: string } };
    runner: { image: string; env?: { name: string; value: string }[]; envFrom?: unknown[] };
  };
}

interface ConfigMapYaml {
  kind: string;
  metadata: { name: string };
  data: Record<string, string>;
}

describe('writeOperatorManifests', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'k6-operator-'));

  it('should write a TestRun whose ConfigMap holds the bundle', async () => {
    const bundle = await buildHello(dir);

    const written = writeOperatorManifests(
      {
        name: 'hello',
        bundle,
        parallelism: 4,
        env: { BASE_URL: 'http://api.internal/api/v1' },
        secretName: 'api-keys',
      },
      path.join(dir, 'manifests'),
    );

    const testRun = parse(readFileSync(written.testRunFile, 'utf8')) as TestRunYaml;
    const configMap = parse(readFileSync(written.configMapFile, 'utf8')) as ConfigMapYaml;
    expect(testRun).toMatchObject({
      apiVersion: 'k6.io/v1alpha1',
      kind: 'TestRun',
      spec: { parallelism: 4 },
    });
    expect(testRun.spec.runner).toEqual({
      image: `grafana/k6:${K6_PIN.slice(1)}`,
      env: [{ name: 'BASE_URL', value: 'http://api.internal/api/v1' }],
      envFrom: [{ secretRef: { name: 'api-keys' } }],
    });
    const { name, file } = testRun.spec.script.configMap;
    expect(configMap).toMatchObject({ kind: 'ConfigMap', metadata: { name } });
    expect(configMap.data[file]).toBe(readFileSync(bundle, 'utf8'));
  });

  it('should refuse a bundle larger than a ConfigMap holds', () => {
    const big = path.join(dir, 'big.js');
    writeFileSync(big, 'x');

    const tooBig = () =>
      operatorManifests({ name: 'big', bundle: big, parallelism: 2 }, 'x'.repeat(1_048_577));

    expect(tooBig).toThrow(/more than a ConfigMap holds \(1 MiB\): use a volumeClaim$/);
  });

  it('should refuse a parallelism that is not a whole number of pods', () => {
    expect(() => operatorManifests({ name: 'x', bundle: 'x.js', parallelism: 0 }, '')).toThrow(/parallelism/);
  });

  it('should make Kubernetes names of scenario names', () => {
    expect(kubernetesName('Isolation_Under_Load')).toBe('isolation-under-load');
    expect(() => kubernetesName('__')).toThrow(/Kubernetes name/);
  });
});
