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
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { TSchema } from '@sinclair/typebox';
import * as contractSchemas from '../../lib/contract/schemas.ts';
import * as screenSchemas from '../../lib/contract/screen-schemas.ts';
import * as targetSchema from '../../lib/target/schema.ts';
import { buildScenarios } from '../../scripts/build.ts';
import { dataSource, schemaModuleSource } from '../../scripts/lib/k6-deferred.ts';
import { runK6 } from '../../scripts/lib/k6.ts';

const workDir = mkdtempSync(path.join(tmpdir(), 'k6-deferred-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const SCHEMA_MODULES = [
  ['lib/contract/schemas.ts', contractSchemas],
  ['lib/target/schema.ts', targetSchema],
  ['lib/contract/screen-schemas.ts', screenSchemas],
] as const;

const importSource = async (source: string): Promise<Record<string, unknown>> =>
  (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as Record<string, unknown>;

describe('the schema modules as literals', () => {
  it.each(SCHEMA_MODULES)('should give every export of %s, symbol keys and all', async (file, built) => {
    const source = await schemaModuleSource(path.resolve(file));
    const literal = await importSource(source);

    expect(Object.keys(literal).sort()).toEqual(Object.keys(built).sort());
    for (const [name, value] of Object.entries(built)) {
      expect(isDeepStrictEqual(literal[name], value), name).toBe(true);
      expect(Object.getOwnPropertySymbols((literal as Record<string, object>)[name] ?? {})).toEqual(
        Object.getOwnPropertySymbols(value),
      );
    }
  });

  it('should give schema stand-ins that TypeBox compiles and checks as it does the schemas', async () => {
    const literal = await importSource(await schemaModuleSource(path.resolve('lib/contract/schemas.ts')));
    const schemas = Object.entries(contractSchemas).filter(
      ([, value]) => typeof value === 'object' && !Array.isArray(value),
    );

    expect(schemas.length).toBeGreaterThan(4);
    for (const [name, value] of schemas) {
      const real = TypeCompiler.Compile(value as TSchema);
      const standIn = TypeCompiler.Compile(literal[name] as TSchema);
      const valid: unknown = Value.Create(value as TSchema);
      for (const sample of [valid, {}, null, { ...(valid as object), id: 7, pagination: [] }]) {
        expect(standIn.Check(sample), name).toBe(real.Check(sample));
        expect([...standIn.Errors(sample)].map((error) => error.message)).toEqual(
          [...real.Errors(sample)].map((error) => error.message),
        );
      }
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

  it('should hold TypeBox only as one CommonJS module, evaluated on first use', () => {
    const code = readFileSync(bundle, 'utf8');
    const map = /\/\/# sourceMappingURL=data:application\/json;base64,(\S+)/.exec(code)?.[1] ?? '';
    const sources = (JSON.parse(Buffer.from(map, 'base64').toString()) as { sources: string[] }).sources;

    // One lazy wrapper, not one per TypeBox module: each wrapper costs every VU heap at its start.
    expect(code.match(/__commonJS\(\{/g)).toHaveLength(1);
    expect(code).toMatch(/__commonJS\(\{\s*"typebox-prebundled:/);
    expect(sources.filter((source) => source.includes('@sinclair/typebox/build/'))).toEqual([]);
  });

  it("should build no schema at a VU's start: each is a stand-in that builds its literal when read", () => {
    const code = readFileSync(bundle, 'utf8');

    for (const name of ['MenuItem', 'Order', 'Pagination', 'TargetFile'])
      expect(code).toMatch(new RegExp(`var ${name} = /\\* @__PURE__ \\*/ lazySchema\\d*\\(\\(\\) => \\(\\{`));
    // The Go screen's schemas are text made at build time, not JSON.stringify of the schemas.
    expect(code).toMatch(/var SCREEN_SCHEMAS = \{\s*"menuItems": '\{"record":/);
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
