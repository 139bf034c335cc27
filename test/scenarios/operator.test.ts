/** `npm run load -- --k6-operator N`: manifests for a cluster, with no key in them. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { writeOperatorRun } from '../../scripts/lib/load-operator.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'load-operator-'));

function targetFile(name: string, keys: Record<string, unknown>): string {
  const file = path.join(dir, name);
  const tenant = (tenantName: string) => ({ name: tenantName, quiescent: false, keys });
  writeFileSync(
    file,
    JSON.stringify({
      name: 'staging',
      baseUrl: 'https://staging.example.com/api/v1',
      apiKeyHeader: 'X-Acme-Api-Key',
      load: { allowed: true, maxRps: 400 },
      tenants: [tenant('t1'), tenant('t2')],
    }),
  );
  return file;
}

interface TestRun {
  spec: {
    parallelism: number;
    runner: { env: { name: string; value: string }[]; envFrom: { secretRef: { name: string } }[] };
  };
}

describe('writeOperatorRun', () => {
  it(
    'should write a ConfigMap and a TestRun that take the keys from a Secret',
    { timeout: 60_000 },
    async () => {
      const outDir = path.join(dir, 'k8s');
      const target = targetFile('env-keys.json', { full: { env: 'T_FULL_KEY' } });

      const written = await writeOperatorRun({
        scenario: 'walk',
        profile: 'load',
        target,
        outDir,
        parallelism: 4,
      });

      const testRun = parse(readFileSync(written.testRunFile, 'utf8')) as TestRun;
      expect(testRun.spec.parallelism).toBe(4);
      const env = Object.fromEntries(testRun.spec.runner.env.map((entry) => [entry.name, entry.value]));
      expect(env).toMatchObject({ HARNESS_PROFILE: 'load', HARNESS_MAX_RPS: '100' });
      expect(JSON.parse(env.HARNESS_TARGET_JSON ?? '{}')).toMatchObject({
        tenants: [{ keys: { full: { env: 'T_FULL_KEY' } } }, {}],
      });
      expect(testRun.spec.runner.envFrom).toEqual([{ secretRef: { name: 'load-keys' } }]);
      const configMap = readFileSync(written.configMapFile, 'utf8');
      expect(configMap).not.toContain('sourceMappingURL');
      // The runner pods run the stock grafana/k6 image: no import of the harness's own module.
      expect(configMap).toContain('walk-terminates');
      expect(configMap).not.toContain('k6/x/pagefold');
    },
  );

  it('should refuse a target file that holds keys inline', async () => {
    const target = targetFile('inline-keys.json', { full: { value: 'secret-value-123' } });

    await expect(writeOperatorRun({ target, outDir: path.join(dir, 'no'), parallelism: 2 })).rejects.toThrow(
      /holds keys inline \(t1\.full, t2\.full\)/,
    );
  });
});
