/**
 * TypeBox, deferred in k6 bundles. k6 evaluates a bundle once per VU, and TypeBox's modules,
 * evaluated at init, cost each VU about 1 MiB of heap that the Go GC then marks for the whole run
 * (docs/toolchain.md). A VU whose pages the Go fold vouches for never validates a page in
 * JavaScript, so in k6 TypeBox is loaded when it is first used:
 * - the contract's schema modules are data: evaluated here, at build time, and written into the
 *   bundle as object literals (Symbol.for keys included), so building them needs no TypeBox; a
 *   schema among them is built from its literal when first read;
 * - every import of TypeBox's runtime (the compiler, the value functions) from the harness's code
 *   gets stand-ins that `require` TypeBox on first use: its runtime bundled beforehand into one
 *   CommonJS module, which esbuild wraps as one lazily evaluated module.
 */
import { fileURLToPath } from 'node:url';
import { build as esbuild, type BuildOptions, type Plugin } from 'esbuild';

/** The modules that build schemas with TypeBox (or data from them) and export only data. */
const SCHEMA_MODULES = /\/lib\/(contract\/(schemas|screen-schemas)|target\/schema)\.ts$/;
/** TypeBox's runtime entry points, as the harness imports them. */
const TYPEBOX_RUNTIME = /^@sinclair\/typebox\/(compiler|value)$/;
const NAMESPACE = 'typebox-deferred';
/** The one CommonJS module the stand-ins require: TypeBox's runtime, bundled in one scope. */
const PREBUNDLED = 'typebox-prebundled';
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

/** TypeBox marks each schema with this key. */
const KIND = Symbol.for('TypeBox.Kind');
const isSchema = (value: unknown): boolean => typeof value === 'object' && value !== null && KIND in value;

/**
 * A schema written in as a literal is still about 150 KiB of heap in each k6 VU, made at its start
 * for checks it may never run: a schema export is a stand-in that builds its literal when first
 * read (TypeBox reads schemas through get, has, ownKeys and the like, all forwarded). One handler
 * serves them all; the literal's builder waits in a WeakMap keyed by the stand-in's target.
 */
const LAZY_SCHEMA = [
  'const builders = new WeakMap();',
  'const real = (target) => {',
  '  let value = builders.get(target);',
  "  if (typeof value === 'function') builders.set(target, (value = value()));",
  '  return value;',
  '};',
  'const handler = {',
  '  get: (target, key) => real(target)[key],',
  '  has: (target, key) => key in real(target),',
  '  ownKeys: (target) => Reflect.ownKeys(real(target)),',
  '  getOwnPropertyDescriptor: (target, key) => Reflect.getOwnPropertyDescriptor(real(target), key),',
  '  getPrototypeOf: (target) => Reflect.getPrototypeOf(real(target)),',
  '};',
  'const lazySchema = (build) => {',
  '  const target = {};',
  '  builders.set(target, build);',
  '  return new Proxy(target, handler);',
  '};',
].join('\n');

/**
 * A module that exports each export of `modulePath` (a module of data) as a literal; a TypeBox
 * schema among them is built from its literal when first read.
 */
export async function schemaModuleSource(modulePath: string): Promise<string> {
  const exports = Object.entries((await import(modulePath)) as Record<string, unknown>);
  const lines = exports.map(([name, value]) =>
    isSchema(value)
      ? `export const ${name} = /* @__PURE__ */ lazySchema(() => (${dataSource(value, name)}));`
      : `export const ${name} = ${dataSource(value, name)};`,
  );
  return [...(exports.some(([, value]) => isSchema(value)) ? [LAZY_SCHEMA] : []), ...lines].join('\n');
}

/**
 * A stand-in for a TypeBox runtime module: each export `require`s TypeBox on first use, and is
 * then the real one's (a function, a class or a namespace object alike).
 */
async function runtimeStandIn(specifier: string): Promise<string> {
  const names = Object.keys((await import(specifier)) as object);
  const exports = names.map(
    (name) => `export const ${name} = /* @__PURE__ */ deferred(${JSON.stringify(name)});`,
  );
  return [
    'let loaded;',
    `const real = (name) => (loaded ??= require(${JSON.stringify(PREBUNDLED)}))[${JSON.stringify(entryName(specifier))}][name];`,
    'const deferred = (name) => new Proxy(function () {}, {',
    '  get: (_, key) => real(name)[key],',
    '  apply: (_, self, args) => Reflect.apply(real(name), self, args),',
    '  construct: (_, args) => Reflect.construct(real(name), args),',
    '});',
    ...exports,
  ].join('\n');
}

/** `@sinclair/typebox/compiler` → `compiler`: its namespace in the prebundled module. */
const entryName = (specifier: string): string => specifier.slice(specifier.lastIndexOf('/') + 1);

/**
 * TypeBox's runtime as one CommonJS module whose code shares one scope. Bundled as it is, its
 * CommonJS build is ~150 modules, and each module's lazy wrapper (an object, a method and a
 * closure) is made at every VU's start even if nothing requires it.
 */
async function prebundle(options: BuildOptions): Promise<string> {
  const result = await esbuild({
    stdin: {
      contents: [
        "export * as compiler from '@sinclair/typebox/compiler';",
        "export * as value from '@sinclair/typebox/value';",
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'js',
    },
    bundle: true,
    format: 'cjs',
    platform: options.platform,
    target: options.target,
    supported: options.supported,
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error('bundling TypeBox for k6 gave no output');
  return output.text;
}

// Made once per process and options: the k6 builds of a process share theirs (scripts/build.ts).
const prebundled = new Map<string, Promise<string>>();

function prebundledSource(options: BuildOptions): Promise<string> {
  const key = JSON.stringify([options.platform, options.target, options.supported]);
  let source = prebundled.get(key);
  if (source === undefined) prebundled.set(key, (source = prebundle(options)));
  return source;
}

export const deferTypeBox: Plugin = {
  name: 'defer-typebox',
  setup(build) {
    build.onLoad({ filter: SCHEMA_MODULES }, async (args) => ({
      contents: await schemaModuleSource(args.path),
      loader: 'js',
    }));
    build.onResolve({ filter: TYPEBOX_RUNTIME }, (args) => ({ path: args.path, namespace: NAMESPACE }));
    // The stand-ins' own require goes to TypeBox's runtime in one module, evaluated lazily.
    build.onResolve({ filter: new RegExp(`^${PREBUNDLED}$`) }, () => ({
      path: PREBUNDLED,
      namespace: PREBUNDLED,
    }));
    build.onLoad({ filter: /.*/, namespace: PREBUNDLED }, async () => ({
      contents: await prebundledSource(build.initialOptions),
      loader: 'js',
    }));
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => ({
      contents: await runtimeStandIn(args.path),
      loader: 'js',
      resolveDir: ROOT,
    }));
  },
};
