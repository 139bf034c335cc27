/**
 * Starts the embedded reference API (sandbox/) and writes a target file for it, so the harness
 * drives it exactly as it drives staging. `npm run sandbox -- --help` lists the options; every
 * option also reads an environment variable SANDBOX_<NAME> (flag > environment > default).
 */
import { HarnessError } from '../lib/errors.ts';
import { FAULTS } from '../sandbox/faults/catalogue.ts';
import { parseNumberList, type SandboxOptions } from '../sandbox/options.ts';
import { startSandbox } from '../sandbox/start.ts';
import { EXIT, parseFlags, runCli } from './lib/cli.ts';

const USAGE = `Usage: npm run sandbox -- [options]

  --port N              port to listen on; 0 picks a free one (default 0)
  --host HOST           address to listen on (default 127.0.0.1)
  --seed N              seed of the generated data (default 1)
  --orders N            orders across all tenants, up to 1000000 (default 5000)
  --menu-items N        menu items per tenant (default 300)
  --tenants N           tenants, 2 to 26 (default 3)
  --fault NAME          switch a fault on; repeatable (see --list-faults)
  --rate-limit SPEC     perKey=N,perTenant=N,windowMs=N (default perKey=1000,perTenant=3000,windowMs=1000)
  --churn N             background data changes per second (default 0: quiescent)
  --latency SPEC        fixed=MS,tail=MS,ratio=R: every request waits fixed, a ratio of them tail more
  --api-key-brand NAME  brand of the X-<Brand>-Api-Key header (default Sandbox)
  --target-out PATH     where to write the target file (default reports/sandbox-target.json)
  --list-faults         print the fault catalogue and exit (add --json for JSON)
  --help                show this help

Each option can also come from SANDBOX_<NAME>, e.g. SANDBOX_PORT=8080 or SANDBOX_FAULT=a,b.`;

const FLAGS = {
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

type Flags = ReturnType<typeof parseFlags<typeof FLAGS>>;
type StringFlag = Exclude<keyof typeof FLAGS, 'fault' | 'list-faults' | 'json'>;

/** Flag first, then SANDBOX_<NAME> from the environment. */
function setting(flags: Flags, name: StringFlag): string | undefined {
  return flags[name] ?? process.env[`SANDBOX_${name.toUpperCase().replaceAll('-', '_')}`];
}

function numberSetting(flags: Flags, name: StringFlag): number | undefined {
  const raw = setting(flags, name);
  if (raw === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new HarnessError(`--${name}: got "${raw}", expected a number`);
  return Number(raw);
}

function sandboxOptions(flags: Flags): SandboxOptions {
  const rateLimit = setting(flags, 'rate-limit');
  const latency = setting(flags, 'latency');
  const faults = (
    flags.fault ?? (process.env.SANDBOX_FAULT ? [process.env.SANDBOX_FAULT] : undefined)
  )?.flatMap((names) => names.split(',').filter(Boolean));
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
    targetPath: setting(flags, 'target-out') ?? 'reports/sandbox-target.json',
    rateLimit:
      rateLimit === undefined
        ? undefined
        : parseNumberList('--rate-limit', rateLimit, {
            perKey: 'perKey',
            perTenant: 'perTenant',
            windowMs: 'windowMs',
          }),
    latency:
      latency === undefined
        ? undefined
        : parseNumberList('--latency', latency, { fixed: 'fixedMs', tail: 'tailMs', ratio: 'tailRatio' }),
  };
}

function listFaults(json: boolean): void {
  if (json) {
    console.log(JSON.stringify(FAULTS, null, 2));
    return;
  }
  const width = Math.max(...FAULTS.map((fault) => fault.name.length));
  const lines = FAULTS.map((fault) => {
    const needs = fault.needsLoad ? ' [needs load]' : fault.needsChurn ? ' [needs churn]' : '';
    return `${fault.name.padEnd(width)}  ${fault.description}${needs}`;
  });
  // One write, so a reader that stops early (| head) does not break the pipe mid-listing.
  console.log(lines.join('\n'));
}

/** Which faults are on, each with what it gets wrong: a person must know which server this is. */
function faultsLine(faults: readonly string[]): string {
  if (faults.length === 0) return 'faults on: none (a faithful implementation of the spec)';
  const described = faults.map(
    (name) => `${name} (${FAULTS.find((fault) => fault.name === name)?.description ?? 'unknown'})`,
  );
  return `faults on: ${described.join('; ')}`;
}

async function main(): Promise<number> {
  const flags = parseFlags(FLAGS, USAGE);
  if (flags['list-faults'] === true) {
    listFaults(flags.json === true);
    return EXIT.pass;
  }
  let sandbox;
  const options = sandboxOptions(flags);
  try {
    sandbox = await startSandbox(options);
  } catch (error) {
    throw new HarnessError((error as Error).message, { cause: error });
  }
  // Listen for the signal before announcing readiness: whoever waits for the line may stop us at once.
  const stopped = new Promise<string>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  console.log(`sandbox listening at ${sandbox.baseUrl}`);
  console.log(faultsLine(options.faults ?? []));
  console.log(`target file: ${sandbox.targetPath ?? '(none)'}`);
  const signal = await stopped;
  console.log(`${signal}: stopping the sandbox`);
  await sandbox.close();
  return EXIT.pass;
}

runCli(main);
