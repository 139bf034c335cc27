/** Options of one sandbox instance, their defaults, and the one place they are validated. */
import { readDuration } from '../duration.ts';

export interface RateLimitOptions {
  /** Requests one API key may make per window. @default 1000 */
  perKey: number;
  /** Requests all keys of one tenant may make per window. @default 3000 */
  perTenant: number;
  /** Window length in milliseconds. @default 1000 */
  windowMs: number;
}

/** Injected latency: every request waits fixedMs, and a tailRatio share of them tailMs more. */
export interface LatencyOptions {
  fixedMs: number;
  tailMs: number;
  tailRatio: number;
}

/**
 * A known capacity (sandbox/serve.ts): `shedRps` requests a second admitted, the rest answered 503;
 * `pool` connections each held `holdMs` by a request, which waits for one when all are busy. 0: off.
 */
export interface ServeOptions {
  shedRps: number;
  pool: number;
  holdMs: number;
}

export interface SandboxOptions {
  /** Seed of the generated data. @default 1 */
  seed?: number;
  /** Orders across all tenants (up to 1,000,000). @default 5000 */
  orders?: number;
  /** @default 300 */
  menuItemsPerTenant?: number;
  /** @default 3 */
  tenants?: number;
  /**
   * Fault names from sandbox/faults/catalogue.ts; a name `m:operator@site` is a generated mutant
   * instead (`mutant`), so every command's `--fault` takes one. @default []
   */
  faults?: string[];
  rateLimit?: Partial<RateLimitOptions>;
  /** Data changes per second in the background (0 = quiescent). @default 0 */
  churn?: number;
  latency?: Partial<LatencyOptions>;
  /** A known capacity; none when absent. */
  serve?: Partial<ServeOptions>;
  /** Brand part of the X-<Brand>-Api-Key header. @default 'Sandbox' */
  apiKeyBrand?: string;
  /** @default '127.0.0.1' */
  host?: string;
  /** 0 picks a free port. @default 0 */
  port?: number;
  /** A generated mutant (`m:operator@site`, sandbox/mutants/) switched on; none when absent. */
  mutant?: string;
  /** Where to write the target file for this instance; not written when absent. */
  targetPath?: string;
}

/**
 * Where `npm run sandbox` writes its target file unless told otherwise (`--target-out`): live state
 * with keys, kept out of reports/ (which holds runs, and is shared and published).
 */
export const SANDBOX_TARGET_FILE = '.sandbox/target.json';

export type ResolvedOptions = Required<
  Omit<SandboxOptions, 'targetPath' | 'mutant' | 'rateLimit' | 'latency' | 'serve'>
> & {
  targetPath: string | undefined;
  mutant: string | undefined;
  rateLimit: RateLimitOptions;
  latency: LatencyOptions;
  serve: ServeOptions;
};

const DEFAULT_RATE_LIMIT: RateLimitOptions = { perKey: 1000, perTenant: 3000, windowMs: 1000 };
const NO_LATENCY: LatencyOptions = { fixedMs: 0, tailMs: 0, tailRatio: 0 };
const NO_CAPACITY: ServeOptions = { shedRps: 0, pool: 0, holdMs: 0 };
const MAX_ORDERS = 1_000_000;

function checkInteger(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`option ${name}: got ${value}, expected an integer from ${min} to ${max}`);
  }
  return value;
}

function checkNumber(name: string, value: number, min: number, max: number): number {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`option ${name}: got ${value}, expected a number from ${min} to ${max}`);
  }
  return value;
}

/** A generated mutant's name, as `--fault` takes it beside the catalogue's faults. */
const isMutantName = (name: string): boolean => name.startsWith('m:');

/** The one mutant of `opts`, given as `mutant` or among the faults; two fail at once. */
function mutantOf(opts: SandboxOptions): string | undefined {
  const named = [
    ...(opts.mutant === undefined ? [] : [opts.mutant]),
    ...(opts.faults ?? []).filter(isMutantName),
  ];
  const distinct = [...new Set(named)];
  if (distinct.length > 1)
    throw new Error(`option faults: one generated mutant at a time, got ${distinct.join(' and ')}`);
  return distinct[0];
}

/** Applies defaults and fails at once, naming the option, on any value out of range. */
export function resolveOptions(opts: SandboxOptions = {}): ResolvedOptions {
  const rateLimit = { ...DEFAULT_RATE_LIMIT, ...opts.rateLimit };
  const latency = { ...NO_LATENCY, ...opts.latency };
  const serve = { ...NO_CAPACITY, ...opts.serve };
  if (serve.pool > 0 !== serve.holdMs > 0)
    throw new Error(
      `option serve: pool and hold go together, got pool=${serve.pool}, hold=${serve.holdMs}ms`,
    );
  const brand = opts.apiKeyBrand ?? 'Sandbox';
  if (!/^[A-Za-z][A-Za-z0-9]{0,31}$/.test(brand)) {
    throw new Error(`option apiKeyBrand: got "${brand}", expected letters and digits starting with a letter`);
  }
  return {
    seed: checkInteger('seed', opts.seed ?? 1, 0, 2 ** 31 - 1),
    orders: checkInteger('orders', opts.orders ?? 5000, 0, MAX_ORDERS),
    menuItemsPerTenant: checkInteger('menuItemsPerTenant', opts.menuItemsPerTenant ?? 300, 1, 100_000),
    tenants: checkInteger('tenants', opts.tenants ?? 3, 2, 26),
    faults: (opts.faults ?? []).filter((name) => !isMutantName(name)),
    rateLimit: {
      perKey: checkInteger('rateLimit.perKey', rateLimit.perKey, 1, 1e9),
      perTenant: checkInteger('rateLimit.perTenant', rateLimit.perTenant, 1, 1e9),
      windowMs: checkInteger('rateLimit.windowMs', rateLimit.windowMs, 1, 3_600_000),
    },
    churn: checkNumber('churn', opts.churn ?? 0, 0, 10_000),
    latency: {
      fixedMs: checkNumber('latency.fixedMs', latency.fixedMs, 0, 60_000),
      tailMs: checkNumber('latency.tailMs', latency.tailMs, 0, 60_000),
      tailRatio: checkNumber('latency.tailRatio', latency.tailRatio, 0, 1),
    },
    serve: {
      shedRps: checkInteger('serve.shed', serve.shedRps, 0, 1e6),
      pool: checkInteger('serve.pool', serve.pool, 0, 10_000),
      holdMs: checkNumber('serve.hold', serve.holdMs, 0, 60_000),
    },
    apiKeyBrand: brand,
    host: opts.host ?? '127.0.0.1',
    port: checkInteger('port', opts.port ?? 0, 0, 65535),
    targetPath: opts.targetPath,
    mutant: mutantOf(opts),
  };
}

/** One field of a `name=value,…` spec: the option it sets, and whether its value is a duration. */
interface SpecField {
  option: string;
  /** A duration with its unit (`20ms`, `1s`), read in milliseconds; `0ms` allowed. */
  duration?: boolean;
}

/**
 * One field's value, or what is wrong with it. A duration's bare number is read as milliseconds,
 * as the flags were once written (`fixed=20`, `windowMs=1000`), so older scripts still run; the
 * help and the docs show the unit.
 */
function fieldValue(field: SpecField | undefined, value: string, shape: string): number | string {
  const expected = `expected ${shape}`;
  if (field === undefined || value === '') return expected;
  if (field.duration && !/^\d+(?:\.\d+)?$/.test(value)) {
    const reading = readDuration(value, { zero: true });
    return 'seconds' in reading ? reading.seconds * 1000 : `"${value}" ${reading.problem}`;
  }
  const number = Number(value);
  return Number.isFinite(number) ? number : expected;
}

/**
 * Parses `a=1,b=20ms` by field name, e.g. `--rate-limit perKey=10,window=1s`, into the options'
 * numbers (durations in milliseconds). A mistake is one line naming the flag and the part.
 */
function parseSpec(
  option: string,
  text: string,
  fields: Readonly<Record<string, SpecField>>,
  shape: string,
): Record<string, number> {
  const result: Record<string, number> = {};
  for (const part of text.split(',')) {
    const [name = '', raw = '', extra] = part.split('=');
    const field = fields[name.trim()];
    const value = extra === undefined ? fieldValue(field, raw.trim(), shape) : `expected ${shape}`;
    if (typeof value === 'string' || field === undefined)
      throw new Error(`option ${option}: cannot read "${part}": ${String(value)}`);
    result[field.option] = value;
  }
  return result;
}

/** The shape `--latency` is written in, for help texts and errors. */
export const LATENCY_SHAPE = 'fixed=D,tail=D,ratio=R (D a duration like 20ms)';

/** The shape `--rate-limit` is written in, for help texts and errors. */
export const RATE_LIMIT_SHAPE = 'perKey=N,perTenant=N,window=D (requests per window D, like 1s)';

/** The shape `--serve` is written in, for help texts and errors. */
export const SERVE_SHAPE =
  'shed=N (N req/s admitted, the rest 503), pool=N,hold=D (N connections held D each; requests queue)';

/** `--serve shed=80` or `--serve pool=2,hold=20ms`, as every command that starts a sandbox reads it. */
export const serveSpec = (text: string): Partial<ServeOptions> =>
  parseSpec(
    '--serve',
    text,
    { shed: { option: 'shedRps' }, pool: { option: 'pool' }, hold: { option: 'holdMs', duration: true } },
    SERVE_SHAPE,
  );

/** `--latency fixed=20ms,tail=500ms,ratio=0.1`, as every command that starts a sandbox reads it. */
export const latencySpec = (text: string): Partial<LatencyOptions> =>
  parseSpec(
    '--latency',
    text,
    {
      fixed: { option: 'fixedMs', duration: true },
      tail: { option: 'tailMs', duration: true },
      ratio: { option: 'tailRatio' },
    },
    LATENCY_SHAPE,
  );

/** `--rate-limit perKey=N,perTenant=N,window=1s`, as every command that starts a sandbox reads it. */
export const rateLimitSpec = (text: string): Partial<RateLimitOptions> =>
  parseSpec(
    '--rate-limit',
    text,
    {
      perKey: { option: 'perKey' },
      perTenant: { option: 'perTenant' },
      window: { option: 'windowMs', duration: true },
      // Its old name, still read: its bare number is milliseconds.
      windowMs: { option: 'windowMs', duration: true },
    },
    RATE_LIMIT_SHAPE,
  );
