/**
 * The mutation matrix: a sandbox per catalogue fault, the properties run against it, and which
 * property caught the fault, how fast, and how small the shrunk reproduction is. Faults that only
 * show under concurrent load belong to the load scenarios and are listed as such. The clean
 * sandbox must pass the whole suite for several seeds in a row.
 */
import { ALL_CHECKS } from '../checks/registry.ts';
import { resolveInlineTarget } from '../target/target.ts';
import { providedSandbox, type SandboxFault } from '../target/sandbox.ts';
import type { SandboxOptions } from '../target/sandbox-options.ts';
import { allProperties } from './registry.ts';
import { createContext } from './context.ts';
import { runProperties, type Failed, type PropertyResult, type RunOptions } from './runner.ts';
import type { PropertyDefinition } from './types.ts';

/** A small dataset: every fault still shows, and each sandbox starts in a fraction of a second. */
export const MATRIX_SANDBOX: SandboxOptions = { seed: 1, orders: 600, menuItemsPerTenant: 120 };
/**
 * The rate limit of a sandbox whose fault or mutant shows only in answers past the limit (429s).
 * The rate-limit property's burst (properties/rate-limit.ts) sends its first 16 requests at once,
 * so a key limit under 16 is passed in that first round, however slowly the machine answers: the
 * 429 is reached by how many requests are in flight, not by a rate the machine must sustain (the
 * default 1,000 a second needs 1,000 answers within one second). The window only has to outlast
 * the first round's answers; 2 s keeps each Retry-After short enough to wait out. The tenant's
 * limit, 8, is under what the tenant burst (ratelimit.tenant-limit-429) sends in its first round
 * across the tenant's keys, each under its own 4: the shared bucket is what refuses there.
 */
export const THROTTLED_LIMIT = { perKey: 4, perTenant: 8, windowMs: 2000 } as const;
/** Data changes per second for the faults that only show while data changes. */
const MATRIX_CHURN = 100;

/** The sandbox a fault is run against: the small dataset, with churn when the fault needs it. */
export const faultSandbox = (fault: SandboxFault): SandboxOptions => ({
  ...MATRIX_SANDBOX,
  faults: [fault.name],
  churn: fault.needsChurn ? MATRIX_CHURN : 0,
  ...(fault.needsThrottling && { rateLimit: THROTTLED_LIMIT }),
});

export interface MatrixRow {
  fault: string;
  description: string;
  verdict: 'caught' | 'missed' | 'load';
  /** The property made for the fault (else the first) that failed, its first failing check and numbers. */
  caughtBy?: { property: string; check: string; timeToDetectMs: number; shrunkRequests: number };
  /** Every property that failed. */
  failed: string[];
  durationMs: number;
}

export interface CleanRun {
  seed: number;
  /** Data changes per second during the run (0: quiescent). */
  churn: number;
  failed: string[];
  passed: number;
  skipped: number;
}

export interface MatrixOptions extends Pick<RunOptions, 'runs' | 'timeBudgetMs'> {
  /** fast-check seed of the fault runs. @default 1 */
  seed?: number;
  /** Faults to run; all of the catalogue when absent. */
  faults?: readonly string[];
  /** Run every property against every fault, not only those whose checks name the fault. */
  full?: boolean;
  /**
   * Stop a fault's row at the first property that fails: whether a property made for the fault
   * catches it and how small its reproduction shrinks, not how many more would (`failed` then
   * lists that one). Half the matrix's time went on the properties run after the catch.
   */
  firstCatch?: boolean;
  /** Clean-sandbox runs of the whole suite, one per seed; every second one with churn. @default [1, 2, 3] */
  cleanSeeds?: readonly number[];
}

/** The properties whose checks list `fault` in their `catches`. */
export function propertiesFor(fault: string): PropertyDefinition[] {
  const checks = new Set(
    ALL_CHECKS.filter((check) => check.catches.includes(fault)).map((check) => check.name),
  );
  return allProperties().filter((property) => property.checks.some((check) => checks.has(check)));
}

/** Starts a fresh sandbox with `options`, hands `use` a property context on it, and closes both. */
export async function withSandbox<T>(
  options: SandboxOptions,
  use: (context: ReturnType<typeof createContext>) => Promise<T>,
): Promise<T> {
  const running = await providedSandbox().start(options);
  try {
    const context = createContext(resolveInlineTarget(running.target));
    try {
      return await use(context);
    } finally {
      await context.close();
    }
  } finally {
    await running.close();
  }
}

/** Runs `properties` against a fresh sandbox with `options`. */
const runAgainst = (options: SandboxOptions, properties: readonly PropertyDefinition[], run: RunOptions) =>
  withSandbox(options, (context) => runProperties(properties, context, run));

const failedOf = (results: readonly PropertyResult[]): Failed[] =>
  results.filter((result): result is Failed => result.status === 'failed');

/** Runs `properties` one after another against a fresh sandbox, up to the first that fails. */
const runToFirstFailure = (
  options: SandboxOptions,
  properties: readonly PropertyDefinition[],
  run: RunOptions,
): Promise<PropertyResult[]> =>
  withSandbox(options, async (context) => {
    const results: PropertyResult[] = [];
    for (const property of properties) {
      results.push(...(await runProperties([property], context, run)));
      if (failedOf(results).length > 0) break;
    }
    return results;
  });

async function faultRow(fault: SandboxFault, options: MatrixOptions): Promise<MatrixRow> {
  const row = { fault: fault.name, description: fault.description };
  if (fault.needsLoad) return { ...row, verdict: 'load', failed: [], durationMs: 0 };
  const started = Date.now();
  const properties = options.full ? allProperties() : propertiesFor(fault.name);
  const runs = options.firstCatch ? runToFirstFailure : runAgainst;
  const failed = failedOf(
    await runs(faultSandbox(fault), properties, { ...options, seed: options.seed ?? 1 }),
  );
  // Name the property made for the fault when it failed, even if another failed first.
  const aimed = new Set(propertiesFor(fault.name).map((property) => property.name));
  const first = failed.find((result) => aimed.has(result.name)) ?? failed[0];
  return {
    ...row,
    verdict: first ? 'caught' : 'missed',
    ...(first && {
      caughtBy: {
        property: first.name,
        check: first.failures[0]?.check ?? '',
        timeToDetectMs: first.timeToDetectMs,
        shrunkRequests: first.requests.length,
      },
    }),
    failed: failed.map((result) => result.name),
    durationMs: Date.now() - started,
  };
}

export async function runMatrix(
  options: MatrixOptions = {},
  onRow: (row: MatrixRow) => void = () => {},
): Promise<{ rows: MatrixRow[]; clean: CleanRun[] }> {
  const clean: CleanRun[] = [];
  for (const [index, seed] of (options.cleanSeeds ?? [1, 2, 3]).entries()) {
    // Quiescent and changing data alike: the clean server must pass either way.
    const churn = index % 2 === 1 ? MATRIX_CHURN : 0;
    const results = await runAgainst({ ...MATRIX_SANDBOX, churn }, allProperties(), { ...options, seed });
    const count = (status: PropertyResult['status']) =>
      results.filter((result) => result.status === status).length;
    const failed = failedOf(results).map((result) => result.name);
    clean.push({ seed, churn, failed, passed: count('passed'), skipped: count('skipped') });
  }
  const rows: MatrixRow[] = [];
  const chosen = providedSandbox().faults.filter(
    (fault) => options.faults === undefined || options.faults.includes(fault.name),
  );
  for (const fault of chosen) {
    const row = await faultRow(fault, options);
    onRow(row);
    rows.push(row);
  }
  return { rows, clean };
}
