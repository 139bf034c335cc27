/**
 * The sandbox command's flags, their HARNESS_SANDBOX_<NAME> twins and its fault listing; the command
 * (`scripts/sandbox.ts`) only starts the sandbox with them and waits for a signal.
 */
import { renderHelp } from '../lib/cli/help.ts';
import { nonNegativeNumber } from '../lib/cli/kinds.ts';
import { envName, withTwinPrefix, type FlagValues, type OptionTable } from '../lib/cli/options.ts';
import { readerOf } from '../lib/cli/read.ts';
import { readShape, SHAPE_OPTIONS } from '../lib/cli/sandbox-shape.ts';
import { FAULTS } from './faults/catalogue.ts';
import { MUTANTS } from './mutants/matrix.ts';
import {
  LATENCY_SHAPE,
  RATE_LIMIT_SHAPE,
  SANDBOX_TARGET_FILE,
  SERVE_SHAPE,
  type SandboxOptions,
} from '../lib/target/sandbox-options.ts';

/** A size or a seed: resolveOptions (lib/target/sandbox-options.ts) bounds each. */
const NUMBER = nonNegativeNumber;

export const SANDBOX_OPTIONS = withTwinPrefix(
  {
    port: { value: 'N', default: '0', kind: NUMBER, help: 'port to listen on; 0 picks a free one' },
    host: { value: 'HOST', default: '127.0.0.1', help: 'address to listen on' },
    seed: { value: 'N', default: '1', kind: NUMBER, help: 'seed of the generated data' },
    orders: { value: 'N', default: '5000', kind: NUMBER, help: 'orders across all tenants, up to 1000000' },
    'menu-items': { value: 'N', default: '300', kind: NUMBER, help: 'menu items per tenant' },
    tenants: { value: 'N', default: '3', kind: NUMBER, help: 'tenants, 2 to 26' },
    fault: {
      ...SHAPE_OPTIONS.fault,
      help: 'switch a fault on, or one generated mutant m:OPERATOR@SITE;\nrepeatable (see --list-faults)',
    },
    'rate-limit': {
      ...SHAPE_OPTIONS['rate-limit'],
      defaultIs: 'perKey=1000,perTenant=3000,window=1s',
      help: RATE_LIMIT_SHAPE,
    },
    churn: { ...SHAPE_OPTIONS.churn, help: 'background data changes per second; 0 is quiescent' },
    latency: {
      ...SHAPE_OPTIONS.latency,
      defaultIs: 'none',
      help: `${LATENCY_SHAPE}:\nevery request waits fixed, a ratio of them tail more`,
    },
    serve: { ...SHAPE_OPTIONS.serve, defaultIs: 'none', help: `a known capacity: ${SERVE_SHAPE}` },
    'api-key-brand': { value: 'NAME', default: 'Sandbox', help: 'brand of the X-<Brand>-Api-Key header' },
    'target-out': { value: 'PATH', default: SANDBOX_TARGET_FILE, help: 'where to write the target file' },
    'list-faults': { env: false, help: 'print the fault catalogue and exit (add --json for JSON)' },
    json: { env: false, help: 'with --list-faults: the catalogue as JSON' },
  } as const satisfies OptionTable,
  'HARNESS_SANDBOX_',
);

export const SANDBOX_USAGE = renderHelp({
  usage: ['npm run sandbox -- [options]'],
  about: `Starts the embedded reference API (Fastify, SQLite, a real rate limiter) and writes a target file
for it, so the harness drives it exactly as it drives staging. Runs until SIGINT or SIGTERM.`,
  options: SANDBOX_OPTIONS,
  environment: 'Each also reads the older SANDBOX_<NAME>; HARNESS_SANDBOX_FAULT=a,b names several faults.',
  examples: [
    'npm run sandbox -- --port 8080',
    'npm run sandbox -- --fault page-boundary-duplicate --fault shared-cache',
    'npm run sandbox -- --list-faults',
  ],
  exitCodes: '0 stopped by a signal (or listed the faults), 2 usage or setup error.',
});

type Env = Record<string, string | undefined>;

/** The environment with each older SANDBOX_<NAME> read as its HARNESS_SANDBOX_<NAME> when that is unset. */
function withOlderTwins(env: Env): Env {
  const older = Object.keys(SANDBOX_OPTIONS).map((flag): [string, string | undefined] => [
    envName(flag, 'HARNESS_SANDBOX_'),
    env[envName(flag, 'HARNESS_SANDBOX_')] ?? env[envName(flag, 'SANDBOX_')],
  ]);
  return { ...env, ...Object.fromEntries<string | undefined>(older) };
}

/** The sandbox's options from its flags, each with its environment twin (flag > environment). */
export function sandboxOptionsFromFlags(flags: FlagValues, processEnv: Env = process.env): SandboxOptions {
  const env = withOlderTwins(processEnv);
  const read = readerOf(SANDBOX_OPTIONS, flags, env);
  const shape = readShape(SANDBOX_OPTIONS, flags, env);
  return {
    ...shape.sandbox,
    port: read.value('port'),
    host: read.value('host'),
    seed: read.value('seed'),
    orders: read.value('orders'),
    menuItemsPerTenant: read.value('menu-items'),
    tenants: read.value('tenants'),
    faults: shape.faults,
    churn: read.value('churn'),
    apiKeyBrand: read.value('api-key-brand'),
    targetPath: read.value('target-out'),
  };
}

/** The fault catalogue as JSON, or one line per fault. */
export function faultListing(json: boolean): string {
  if (json) return JSON.stringify(FAULTS, null, 2);
  const width = Math.max(...FAULTS.map((fault) => fault.name.length));
  const lines = FAULTS.map((fault) => {
    const needs = fault.needsLoad
      ? ' [needs load]'
      : fault.needsChurn
        ? ' [needs churn]'
        : fault.needsThrottling
          ? ' [needs throttling]'
          : '';
    return `${fault.name.padEnd(width)}  ${fault.description}${needs}`;
  });
  const mutants = `and ${MUTANTS.length} generated mutants, m:OPERATOR@SITE (one at a time), e.g. ${MUTANTS[0]?.name ?? ''}: the sentence × site table of docs/spec-coverage.md`;
  return [...lines, mutants].join('\n');
}

/** What a fault, or a generated mutant (`m:operator@site`), gets wrong, in words. */
function describeFault(name: string): string {
  if (name.startsWith('m:')) {
    const mutant = MUTANTS.find((entry) => entry.name === name);
    return mutant ? `${mutant.operator.description}, at ${mutant.site.description}` : 'unknown';
  }
  return FAULTS.find((fault) => fault.name === name)?.description ?? 'unknown';
}

/** Which faults are on, each with what it gets wrong: a person must know which server this is. */
export function faultsLine(faults: readonly string[]): string {
  if (faults.length === 0) return 'faults on: none (a faithful implementation of the spec)';
  const described = faults.map((name) => `${name} (${describeFault(name)})`);
  return `faults on: ${described.join('; ')}`;
}
