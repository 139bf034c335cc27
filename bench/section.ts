/** What a bench section is, and the one runner that bounds each section in time. */
import type { Figure, SectionResult, SectionTable } from './report.ts';

export interface BenchContext {
  /** Shorter runs, smaller data: every section still runs (docs/bench.md says how long it takes). */
  quick: boolean;
  /** A temp dir for this run's files; removed when the bench ends. */
  workDir: string;
  /** The reports folder the bench was given (`--reports-dir`): where earlier runs are read. */
  reportsDir: string;
  /** Aborted when the section has used up its time budget: stop starting new work. */
  signal: AbortSignal;
  log: (line: string) => void;
}

export type SectionOutcome =
  | { status: 'ok'; figures: Figure[]; tables?: SectionTable[]; details: Record<string, unknown> }
  /** Measured, and what it measured fails the section (a floor another tool set was not held). */
  | {
      status: 'failed';
      reason: string;
      figures: Figure[];
      tables?: SectionTable[];
      details: Record<string, unknown>;
    }
  | { status: 'skipped'; reason: string; details?: Record<string, unknown> };

export interface BenchSection {
  /** What `--only NAME` selects. */
  name: string;
  title: string;
  /** Wall-time bound of the section, in milliseconds. */
  budgetMs(quick: boolean): number;
  run(context: BenchContext): Promise<SectionOutcome>;
}

/** How long a timed-out section may take to notice the abort and clean up after itself. */
const WIND_DOWN_MS = 60_000;

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

const settleWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms).unref())]);

/** Runs one section within its budget; an error or an overrun becomes a failed section, not a crash. */
export async function runSection(
  section: BenchSection,
  context: Omit<BenchContext, 'signal'>,
): Promise<SectionResult> {
  const started = Date.now();
  const budget = section.budgetMs(context.quick);
  const controller = new AbortController();
  const running = section.run({ ...context, signal: controller.signal });
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<'overrun'>((resolve) => {
    timer = setTimeout(() => resolve('overrun'), budget);
  });
  const base = { name: section.name, title: section.title, figures: [], details: {} };
  try {
    const outcome = await Promise.race([running, overrun]);
    const durationMs = Date.now() - started;
    if (outcome === 'overrun') {
      controller.abort();
      await settleWithin(running, WIND_DOWN_MS);
      const reason = `exceeded its time budget of ${Math.round(budget / 1000)} s`;
      return { ...base, status: 'failed', reason, durationMs };
    }
    if (outcome.status === 'skipped')
      return {
        ...base,
        status: 'skipped',
        reason: outcome.reason,
        details: outcome.details ?? {},
        durationMs,
      };
    return { ...base, ...outcome, durationMs };
  } catch (error) {
    return { ...base, status: 'failed', reason: oneLine(error), durationMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}
