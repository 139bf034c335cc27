/**
 * The mutation score: a sandbox per generated mutant (sandbox/mutants/), the gate's properties
 * run against it, killed / generated, and the equivalent mutants (changes the spec allows) that
 * passed. A mutant is killed at the first property that fails, unshrunk: only whether the gate
 * fails counts here, and the properties whose checks enforce the mutant's sentence run first.
 * An equivalent mutant runs every property and must pass them all.
 */
import { providedSandbox, type SandboxMutant } from '../target/sandbox.ts';
import { MATRIX_SANDBOX, THROTTLED_LIMIT, withSandbox } from './matrix.ts';
import { allProperties } from './registry.ts';
import { runProperty, type RunOptions } from './runner.ts';
import type { PropertyDefinition } from './types.ts';

export interface MutantRow {
  mutant: string;
  equivalent: boolean;
  /** killed / survived for a mutant; passed / failed (a false positive) for an equivalent one. */
  verdict: 'killed' | 'survived' | 'passed' | 'failed';
  /** The property that failed and its first failing check, when one did. */
  failedBy?: { property: string; check: string };
  /** Properties run before the verdict. */
  propertiesRun: number;
  durationMs: number;
}

export interface MutantsOptions extends Pick<RunOptions, 'runs' | 'timeBudgetMs'> {
  /** fast-check seed. @default 1 */
  seed?: number;
  /** Mutants to run, by name; all generated ones when absent. */
  mutants?: readonly string[];
  /** Stops starting new mutants once aborted (a bench section's time budget). */
  signal?: AbortSignal;
}

/**
 * The properties whose checks enforce the mutant's sentence first, then the rest of the gate's.
 * A mutant of answers past the rate limit runs against a sandbox with THROTTLED_LIMIT, where only
 * the properties that send past the limit by design (family `ratelimit`) reach its site and judge
 * every answer there; the others would spend their time budgets backing off from 429s.
 */
function propertiesForMutant(mutant: SandboxMutant): PropertyDefinition[] {
  const all = allProperties();
  if (mutant.needsThrottling) return all.filter((property) => property.family === 'ratelimit');
  const aimed = all.filter((property) => property.checks.some((check) => mutant.checks.includes(check)));
  return [...aimed, ...all.filter((property) => !aimed.includes(property))];
}

async function mutantRow(mutant: SandboxMutant, options: MutantsOptions): Promise<MutantRow> {
  const started = Date.now();
  const run: RunOptions = {
    runs: options.runs,
    timeBudgetMs: options.timeBudgetMs,
    seed: options.seed ?? 1,
    shrink: false,
  };
  const { failedBy, count } = await withSandbox(
    { ...MATRIX_SANDBOX, mutant: mutant.name, ...(mutant.needsThrottling && { rateLimit: THROTTLED_LIMIT }) },
    async (context) => {
      let ran = 0;
      for (const property of propertiesForMutant(mutant)) {
        ran += 1;
        const result = await runProperty(property, context, run);
        if (result.status === 'failed')
          return { failedBy: { property: result.name, check: result.failures[0]?.check ?? '' }, count: ran };
      }
      return { failedBy: undefined, count: ran };
    },
  );
  const failed = failedBy !== undefined;
  const verdict = mutant.equivalent ? (failed ? 'failed' : 'passed') : failed ? 'killed' : 'survived';
  return {
    mutant: mutant.name,
    equivalent: mutant.equivalent,
    verdict,
    ...(failedBy && { failedBy }),
    propertiesRun: count,
    durationMs: Date.now() - started,
  };
}

/** Runs the chosen mutants one after another, each row handed to `onRow` as it ends. */
export async function runMutants(
  options: MutantsOptions = {},
  onRow: (row: MutantRow) => void = () => {},
): Promise<MutantRow[]> {
  const chosen = providedSandbox().mutants.filter(
    (mutant) => options.mutants === undefined || options.mutants.includes(mutant.name),
  );
  const rows: MutantRow[] = [];
  for (const mutant of chosen) {
    options.signal?.throwIfAborted();
    const row = await mutantRow(mutant, options);
    onRow(row);
    rows.push(row);
  }
  return rows;
}

/** killed / generated and passed / equivalent, over the rows run. */
export function mutationScore(rows: readonly MutantRow[]) {
  const killing = rows.filter((row) => !row.equivalent);
  const equivalent = rows.filter((row) => row.equivalent);
  return {
    killed: killing.filter((row) => row.verdict === 'killed').length,
    generated: killing.length,
    equivalentPassed: equivalent.filter((row) => row.verdict === 'passed').length,
    equivalent: equivalent.length,
    survivors: killing.filter((row) => row.verdict === 'survived').map((row) => row.mutant),
    falsePositives: equivalent.filter((row) => row.verdict === 'failed').map((row) => row.mutant),
  };
}
