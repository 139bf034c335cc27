/**
 * TypeBox deferred in k6 bundles (scripts/lib/k6-deferred.ts): the schema modules become literals
 * equal to what TypeBox builds, the bundles hold TypeBox only as a lazily evaluated CommonJS
 * module, and a k6 VU that never validates a page in JavaScript still refuses a bad target file
 * (in VU 0) and still validates pages when it must (the fault tests, test/scenarios/*).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contractSchemas from '../../lib/contract/schemas.ts';
import * as targetSchema from '../../lib/target/schema.ts';
import { buildScenarios } from '../../scripts/build.ts';
import { dataSource, schemaModuleSource } from '../../scripts/lib/k6-deferred.ts';
import { runK6 } from '../../scripts/lib/k6.ts';

const workDir = mkdtempSync(path.join(tmpdir(), 'k6-deferred-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const SCHEMA_MODULES = [
  ['lib/contract/schemas.ts', contractSchemas],
  ['lib/target/schema.ts', targetSchema],
] as const;

describe('the schema modules as literals', () => {
  it.each(SCHEMA_MODULES)('should give every export of %s, symbol keys and all', async (file, built) => {
    const source = await schemaModuleSource(path.resolve(file));
    const literal = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as object;

    expect(Object.keys(literal).sort()).toEqual(Object.keys(built).sort());
    for (const [name, value] of Object.entries(built)) {
      expect(isDeepStrictEqual((literal as Record<string, unknown>)[name], value), name).toBe(true);
      expect(Object.getOwnPropertySymbols((literal as Record<string, object>)[name] ?? {})).toEqual(
        Object.getOwnPropertySymbols(value),
      );
    }
  });

  it('should refuse what is not data', () => {
    expect(() => dataSource({ check: () => true })).toThrow('value.check is a function, not data');
    expect(() => dataSource({ [Symbol('local')]: 1 })).toThrow('symbol key that is not Symbol.for');
    expect(() => dataSource(new Map())).toThrow('not a plain object');
  });
});

describe('a k6 bundle', () => {
  let bundle = '';
  beforeAll(async () => {
    const [walk] = await buildScenarios({ only: ['walk'], outDir: workDir });
    bundle = walk?.bundle ?? '';
  });

  it('should hold TypeBox only as a CommonJS module, evaluated on first use', () => {
    const code = readFileSync(bundle, 'utf8');
    const map = /\/\/# sourceMappingURL=data:application\/json;base64,(\S+)/.exec(code)?.[1] ?? '';
    const sources = (JSON.parse(Buffer.from(map, 'base64').toString()) as { sources: string[] }).sources;

    expect(sources.some((source) => source.includes('@sinclair/typebox/build/cjs/'))).toBe(true);
    expect(sources.filter((source) => source.includes('@sinclair/typebox/build/esm/'))).toEqual([]);
  });

  it(
    'should still refuse a target file of the wrong shape, naming each problem',
    { timeout: 60_000 },
    async () => {
      const run = await runK6({
        script: bundle,
        args: ['--quiet', '--vus', '2', '--iterations', '2'],
        env: {
          HARNESS_TARGET_JSON: JSON.stringify({ baseUrl: 'http://127.0.0.1:9/api/v1', tenants: 'none' }),
        },
        timeoutMs: 50_000,
      });

      expect(run.exitCode).not.toBe(0);
      expect(run.stderr).toMatch(/target file: \/(apiKeyHeader|tenants|load)[^\n]*: /);
    },
  );
});
