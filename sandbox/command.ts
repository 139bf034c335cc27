/**
 * The sandbox command's flags, their HARNESS_SANDBOX_<NAME> twins and its fault listing; the command
 * (`scripts/sandbox.ts`) only starts the sandbox with them and waits for a signal.
 */
import { renderHelp } from '../lib/cli/help.ts';
import {
  envName,
  optionList,
  optionText,
  withTwinPrefix,
  type FlagValues,
  type OptionTable,
} from '../lib/cli/options.ts';
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

export const SANDBOX_OPTIONS = withTwinPrefix(
  {
    port: { value: 'N', default: '0', help: 'port to listen on; 0 picks a free one' },
    host: { value: 'HOST', default: '127.0.0.1', help: 'address to listen on' },
    seed: { value: 'N', default: '1', help: 'seed of the generated data' },
    orders: { value: 'N', default: '5000', help: 'orders across all tenants, up to 1000000' },
    'menu-items': { value: 'N', default: '300', help: 'menu items per tenant' },
    tenants: { value: 'N', default: '3', help: 'tenants, 2 to 26' },
    fault: { value: 'NAME', multiple: true, help: 'switch a fault on; repeatable (see --list-faults)' },
    'rate-limit': {
      value: 'SPEC',
      defaultIs: 'perKey=1000,perTenant=3000,window=1s',
      help: RATE_LIMIT_SHAPE,
    },
    churn: { value: 'N', default: '0', help: 'background data changes per second; 0 is quiescent' },
    latency: {
      value: 'SPEC',
      defaultIs: 'none',
      help: `${LATENCY_SHAPE}:\nevery request waits fixed, a ratio of them tail more`,
    },
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
type Flag = keyof typeof SANDBOX_OPTIONS;

/** The environment with each older SANDBOX_<NAME> read as its HARNESS_SANDBOX_<NAME> when that is unset. */
function withOlderTwins(env: Env): Env {
  const older = Object.keys(SANDBOX_OPTIONS).map((flag): [string, string | undefined] => [
    envName(flag, 'HARNESS_SANDBOX_'),
    env[envName(flag, 'HARNESS_SANDBOX_')] ?? env[envName(flag, 'SANDBOX_')],
  ]);
  return { ...env, ...Object.fromEntries<string | undefined>(older) };
}

function numberSetting(flags: FlagValues, env: Env, name: Flag): number | undefined {
  const raw = optionText(SANDBOX_OPTIONS, flags, env, name);
  if (raw === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(raw))
    throw new HarnessError(
      `--${name}: "${raw}" is not valid; expected ${raw.trim().startsWith('-') ? 'a number, 0 or more (not negative)' : 'a number'}`,
    );
  return Number(raw);
}

/** The sandbox's options from its flags, each with its environment twin (flag > environment). */
export function sandboxOptionsFromFlags(flags: FlagValues, processEnv: Env = process.env): SandboxOptions {
  const env = withOlderTwins(processEnv);
  const setting = (name: Flag) => optionText(SANDBOX_OPTIONS, flags, env, name);
  const rateLimit = setting('rate-limit');
  const latency = setting('latency');
  return {
    port: numberSetting(flags, env, 'port'),
    host: setting('host'),
    seed: numberSetting(flags, env, 'seed'),
    orders: numberSetting(flags, env, 'orders'),
    menuItemsPerTenant: numberSetting(flags, env, 'menu-items'),
    tenants: numberSetting(flags, env, 'tenants'),
    faults: optionList(SANDBOX_OPTIONS, flags, env, 'fault').flatMap((names) =>
      names.split(',').filter(Boolean),
    ),
    churn: numberSetting(flags, env, 'churn'),
    apiKeyBrand: setting('api-key-brand'),
    targetPath: setting('target-out') ?? SANDBOX_TARGET_FILE,
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
