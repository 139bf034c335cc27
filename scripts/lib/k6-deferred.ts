/**
 * TypeBox, deferred in k6 bundles. k6 evaluates a bundle once per VU, and TypeBox's modules,
 * evaluated at init, cost each VU about 1 MiB of heap that the Go GC then marks for the whole run
 * (docs/toolchain.md). A VU whose pages the Go fold vouches for never validates a page in
 * JavaScript, so in k6 TypeBox is loaded when it is first used:
 * - the contract's schema modules are data: evaluated here, at build time, and written into the
 *   bundle as object literals (Symbol.for keys included), so building them needs no TypeBox;
 * - every import of TypeBox's runtime (the compiler, the value functions) from the harness's code
 *   gets stand-ins that `require` TypeBox on first use, which esbuild bundles as a lazily
 *   evaluated CommonJS module.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

/** The modules that build schemas with TypeBox and export only data. */
const SCHEMA_MODULES = /\/lib\/(contract\/schemas|target\/schema)\.ts$/;
/** TypeBox's runtime entry points, as the harness imports them. */
const TYPEBOX_RUNTIME = /^@sinclair\/typebox\/(compiler|value)$/;
const NAMESPACE = 'typebox-deferred';
/** Where TypeBox is installed, for the stand-ins' require. */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** JavaScript source for `value`: plain data of arrays, objects (with Symbol.for keys) and primitives. */
export function dataSource(value: unknown, at = 'value'): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return JSON.stringify(value);
  if (typeof value !== 'object') throw new Error(`${at} is a ${typeof value}, not data`);
  if (Array.isArray(value))
    return `[${value.map((item, index) => dataSource(item, `${at}[${index}]`)).join(',')}]`;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) throw new Error(`${at} is not a plain object`);
  const entries = Reflect.ownKeys(value).map((key) => {
    const item = dataSource((value as Record<PropertyKey, unknown>)[key], `${at}.${String(key)}`);
    if (typeof key === 'string') return `${JSON.stringify(key)}:${item}`;
    const name = Symbol.keyFor(key);
    if (name === undefined) throw new Error(`${at} has a symbol key that is not Symbol.for(...)`);
    return `[Symbol.for(${JSON.stringify(name)})]:${item}`;
  });
  return `{${entries.join(',')}}`;
}

/** A module that exports each export of `modulePath` (a schema module) as a literal. */
export async function schemaModuleSource(modulePath: string): Promise<string> {
  const exports = (await import(modulePath)) as Record<string, unknown>;
  return Object.entries(exports)
    .map(([name, value]) => `export const ${name} = ${dataSource(value, name)};`)
    .join('\n');
}

/**
 * A stand-in for a TypeBox runtime module: each export `require`s TypeBox on first use, and is
 * then the real one's (a function, a class or a namespace object alike).
 */
async function runtimeStandIn(specifier: string): Promise<string> {
  const names = Object.keys((await import(specifier)) as object);
  const exports = names.map((name) => `export const ${name} = deferred(${JSON.stringify(name)});`);
  return [
    'let loaded;',
    `const real = (name) => (loaded ??= require(${JSON.stringify(specifier)}))[name];`,
    'const deferred = (name) => new Proxy(function () {}, {',
    '  get: (_, key) => real(name)[key],',
    '  apply: (_, self, args) => Reflect.apply(real(name), self, args),',
    '  construct: (_, args) => Reflect.construct(real(name), args),',
    '});',
    ...exports,
  ].join('\n');
}

export const deferTypeBox: Plugin = {
  name: 'defer-typebox',
  setup(build) {
    build.onLoad({ filter: SCHEMA_MODULES }, async (args) => ({
      contents: await schemaModuleSource(args.path),
      loader: 'js',
    }));
    // The stand-ins' own require goes to TypeBox itself (its CommonJS build, evaluated lazily).
    build.onResolve({ filter: TYPEBOX_RUNTIME }, (args) =>
      args.kind === 'require-call' ? undefined : { path: args.path, namespace: NAMESPACE },
    );
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => ({
      contents: await runtimeStandIn(args.path),
      loader: 'js',
      resolveDir: ROOT,
    }));
  },
};
