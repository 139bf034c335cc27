/** Options of one sandbox instance, their defaults, and the one place they are validated. */

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

export interface SandboxOptions {
  /** Seed of the generated data. @default 1 */
  seed?: number;
  /** Orders across all tenants (up to 1,000,000). @default 5000 */
  orders?: number;
  /** @default 300 */
  menuItemsPerTenant?: number;
  /** @default 3 */
  tenants?: number;
  /** Fault names from sandbox/faults/catalogue.ts. @default [] */
  faults?: string[];
  rateLimit?: Partial<RateLimitOptions>;
  /** Data changes per second in the background (0 = quiescent). @default 0 */
  churn?: number;
  latency?: Partial<LatencyOptions>;
  /** Brand part of the X-<Brand>-Api-Key header. @default 'Sandbox' */
  apiKeyBrand?: string;
  /** @default '127.0.0.1' */
  host?: string;
  /** 0 picks a free port. @default 0 */
  port?: number;
  /** Where to write the target file for this instance; not written when absent. */
  targetPath?: string;
}

/** Where `npm run sandbox` writes its target file unless told otherwise (`--target-out`). */
export const SANDBOX_TARGET_FILE = 'reports/sandbox-target.json';

export type ResolvedOptions = Required<Omit<SandboxOptions, 'targetPath' | 'rateLimit' | 'latency'>> & {
  targetPath: string | undefined;
  rateLimit: RateLimitOptions;
  latency: LatencyOptions;
};

const DEFAULT_RATE_LIMIT: RateLimitOptions = { perKey: 1000, perTenant: 3000, windowMs: 1000 };
const NO_LATENCY: LatencyOptions = { fixedMs: 0, tailMs: 0, tailRatio: 0 };
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

/** Applies defaults and fails at once, naming the option, on any value out of range. */
export function resolveOptions(opts: SandboxOptions = {}): ResolvedOptions {
  const rateLimit = { ...DEFAULT_RATE_LIMIT, ...opts.rateLimit };
  const latency = { ...NO_LATENCY, ...opts.latency };
  const brand = opts.apiKeyBrand ?? 'Sandbox';
  if (!/^[A-Za-z][A-Za-z0-9]{0,31}$/.test(brand)) {
    throw new Error(`option apiKeyBrand: got "${brand}", expected letters and digits starting with a letter`);
  }
  return {
    seed: checkInteger('seed', opts.seed ?? 1, 0, 2 ** 31 - 1),
    orders: checkInteger('orders', opts.orders ?? 5000, 0, MAX_ORDERS),
    menuItemsPerTenant: checkInteger('menuItemsPerTenant', opts.menuItemsPerTenant ?? 300, 1, 100_000),
    tenants: checkInteger('tenants', opts.tenants ?? 3, 2, 26),
    faults: opts.faults ?? [],
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
    apiKeyBrand: brand,
    host: opts.host ?? '127.0.0.1',
    port: checkInteger('port', opts.port ?? 0, 0, 65535),
    targetPath: opts.targetPath,
  };
}

/**
 * Parses `a=1,b=2` into numbers by field name, e.g. `--rate-limit perKey=10,windowMs=1000`.
 * `aliases` maps the flag's field names to the option's (fixed → fixedMs).
 */
export function parseNumberList(
  option: string,
  text: string,
  aliases: Record<string, string>,
): Record<string, number> {
  const result: Record<string, number> = {};
  for (const part of text.split(',')) {
    const [field = '', raw = '', extra] = part.split('=');
    const target = aliases[field.trim()];
    const value = Number(raw.trim());
    if (target === undefined || extra !== undefined || raw.trim() === '' || !Number.isFinite(value)) {
      const fields = Object.keys(aliases).join(', ');
      throw new Error(`option ${option}: cannot read "${part}", expected name=number with names ${fields}`);
    }
    result[target] = value;
  }
  return result;
}

/** `--latency fixed=MS,tail=MS,ratio=R`, as every command that starts a sandbox reads it. */
export const latencySpec = (text: string): Partial<LatencyOptions> =>
  parseNumberList('--latency', text, { fixed: 'fixedMs', tail: 'tailMs', ratio: 'tailRatio' });

/** `--rate-limit perKey=N,perTenant=N,windowMs=N`, as every command that starts a sandbox reads it. */
export const rateLimitSpec = (text: string): Partial<RateLimitOptions> =>
  parseNumberList('--rate-limit', text, { perKey: 'perKey', perTenant: 'perTenant', windowMs: 'windowMs' });
