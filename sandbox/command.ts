/**
 * The sandbox command's flags, their HARNESS_SANDBOX_<NAME> twins and its fault listing; the command
 * (`scripts/sandbox.ts`) only starts the sandbox with them and waits for a signal.
 */
import type { parseFlags } from '../lib/cli/cli.ts';
import { renderHelp } from '../lib/cli/help.ts';
import { HarnessError } from '../lib/errors.ts';
import { FAULTS } from './faults/catalogue.ts';
import {
  LATENCY_SHAPE,
  latencySpec,
  RATE_LIMIT_SHAPE,
  rateLimitSpec,
  SANDBOX_TARGET_FILE,
  type SandboxOptions,
} from '../lib/target/sandbox-options.ts';

export const SANDBOX_USAGE = renderHelp({
  usage: ['npm run sandbox -- [options]'],
  about: `Starts the embedded reference API (Fastify, SQLite, a real rate limiter) and writes a target file
for it, so the harness drives it exactly as it drives staging. Runs until SIGINT or SIGTERM.`,
  options: [
    ['--port N', 'port to listen on; 0 picks a free one (default 0)'],
    ['--host HOST', 'address to listen on (default 127.0.0.1)'],
    ['--seed N', 'seed of the generated data (default 1)'],
    ['--orders N', 'orders across all tenants, up to 1000000 (default 5000)'],
    ['--menu-items N', 'menu items per tenant (default 300)'],
    ['--tenants N', 'tenants, 2 to 26 (default 3)'],
    ['--fault NAME', 'switch a fault on; repeatable (see --list-faults)'],
    ['--rate-limit SPEC', `${RATE_LIMIT_SHAPE}\n(default perKey=1000,perTenant=3000,window=1s)`],
    ['--churn N', 'background data changes per second (default 0: quiescent)'],
    [
      '--latency SPEC',
      `${LATENCY_SHAPE}:\nevery request waits fixed, a ratio of them tail more (default none)`,
    ],
    ['--api-key-brand NAME', 'brand of the X-<Brand>-Api-Key header (default Sandbox)'],
    ['--target-out PATH', `where to write the target file (default ${SANDBOX_TARGET_FILE})`],
    ['--list-faults', 'print the fault catalogue and exit (add --json for JSON)'],
    ['--json', 'with --list-faults: the catalogue as JSON'],
  ],
  environment: `every option also reads HARNESS_SANDBOX_<NAME> (e.g. HARNESS_SANDBOX_PORT=8080,
HARNESS_SANDBOX_FAULT=a,b), and the older SANDBOX_<NAME>; a flag wins over its variable.`,
  examples: [
    'npm run sandbox -- --port 8080',
    'npm run sandbox -- --fault page-boundary-duplicate --fault shared-cache',
    'npm run sandbox -- --list-faults',
  ],
  exitCodes: '0 stopped by a signal (or listed the faults), 2 usage or setup error.',
});

export const SANDBOX_FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  orders: { type: 'string' },
  'menu-items': { type: 'string' },
  tenants: { type: 'string' },
  fault: { type: 'string', multiple: true },
  'rate-limit': { type: 'string' },
  churn: { type: 'string' },
  latency: { type: 'string' },
  'api-key-brand': { type: 'string' },
  'target-out': { type: 'string' },
  'list-faults': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

type Flags = ReturnType<typeof parseFlags<typeof SANDBOX_FLAGS>>;
type StringFlag = Exclude<keyof typeof SANDBOX_FLAGS, 'fault' | 'list-faults' | 'json'>;

/** The environment twin of a sandbox option: HARNESS_SANDBOX_<NAME>, else the older SANDBOX_<NAME>. */
function sandboxEnv(name: string, env = process.env): string | undefined {
  const suffix = name.toUpperCase().replaceAll('-', '_');
  return env[`HARNESS_SANDBOX_${suffix}`] ?? env[`SANDBOX_${suffix}`];
}

/** Flag first, then its environment twin. */
function setting(flags: Flags, name: StringFlag): string | undefined {
  return flags[name] ?? sandboxEnv(name);
}

function numberSetting(flags: Flags, name: StringFlag): number | undefined {
  const raw = setting(flags, name);
  if (raw === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new HarnessError(`--${name}: got "${raw}", expected a number`);
  return Number(raw);
}

/** The sandbox's options from its flags, each with its environment twin (flag > environment). */
export function sandboxOptionsFromFlags(flags: Flags): SandboxOptions {
  const rateLimit = setting(flags, 'rate-limit');
  const latency = setting(flags, 'latency');
  const faults = (flags.fault ?? [sandboxEnv('fault') ?? '']).flatMap((names) =>
    names.split(',').filter(Boolean),
  );
  return {
    port: numberSetting(flags, 'port'),
    host: setting(flags, 'host'),
    seed: numberSetting(flags, 'seed'),
    orders: numberSetting(flags, 'orders'),
    menuItemsPerTenant: numberSetting(flags, 'menu-items'),
    tenants: numberSetting(flags, 'tenants'),
    faults,
    churn: numberSetting(flags, 'churn'),
    apiKeyBrand: setting(flags, 'api-key-brand'),
    targetPath: setting(flags, 'target-out') ?? SANDBOX_TARGET_FILE,
    rateLimit: rateLimit === undefined ? undefined : rateLimitSpec(rateLimit),
    latency: latency === undefined ? undefined : latencySpec(latency),
  };
}

/** The fault catalogue as JSON, or one line per fault. */
export function faultListing(json: boolean): string {
  if (json) return JSON.stringify(FAULTS, null, 2);
  const width = Math.max(...FAULTS.map((fault) => fault.name.length));
  const lines = FAULTS.map((fault) => {
    const needs = fault.needsLoad ? ' [needs load]' : fault.needsChurn ? ' [needs churn]' : '';
    return `${fault.name.padEnd(width)}  ${fault.description}${needs}`;
  });
  return lines.join('\n');
}

/** Which faults are on, each with what it gets wrong: a person must know which server this is. */
export function faultsLine(faults: readonly string[]): string {
  if (faults.length === 0) return 'faults on: none (a faithful implementation of the spec)';
  const described = faults.map(
    (name) => `${name} (${FAULTS.find((fault) => fault.name === name)?.description ?? 'unknown'})`,
  );
  return `faults on: ${described.join('; ')}`;
}
