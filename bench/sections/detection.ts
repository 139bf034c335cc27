/**
 * Section 5: how fast the harness catches each fault of the sandbox's catalogue, and how small
 * the counterexample it shrinks to, from the mutation matrix (lib/props/matrix.ts): a sandbox per
 * fault, the properties whose checks name that fault, one fixed seed. Faults that only show under
 * concurrent load are caught by the load scenarios instead (load-detection.ts), run with runLoad.
 */
import type { MatrixRow } from '../../lib/props/matrix.ts';
import { percentile } from '../percentiles.ts';
import { absoluteFigure, ratioFigure, type Figure } from '../report.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';
import { detectLoadFaults, loadFaultFigure, type LoadDetection } from './load-detection.ts';

/** One fixed seed: the figures of two runs compare the harness, not fast-check's luck. */
const SEED = 1;

function faultFigure(row: MatrixRow, underLoad: readonly LoadDetection[]): Figure {
  const loadRun = underLoad.find((detection) => detection.fault === row.fault);
  if (loadRun) return loadFaultFigure(loadRun);
  if (row.verdict === 'load')
    return absoluteFigure(row.fault, null, 'ms', { note: 'shows only under load; not run (--quick)' });
  if (!row.caughtBy) return absoluteFigure(row.fault, null, 'ms', { note: 'MISSED by the properties' });
  const { property, check, timeToDetectMs, shrunkRequests } = row.caughtBy;
  const requests = `${shrunkRequests} request${shrunkRequests === 1 ? '' : 's'}`;
  return absoluteFigure(row.fault, timeToDetectMs, 'ms', {
    note: `shrunk to ${requests}; ${property} (${check})`,
  });
}

function loadSummary(underLoad: readonly LoadDetection[]): Figure[] {
  if (underLoad.length === 0) return [];
  const caught = underLoad.filter((detection) => detection.caught).length;
  return [
    ratioFigure(
      'load faults caught by their scenarios',
      caught,
      underLoad.length,
      'caught over load faults run',
      {
        goal: { text: '== 1', met: caught === underLoad.length },
      },
    ),
  ];
}

function summaryFigures(rows: readonly MatrixRow[]): Figure[] {
  const testable = rows.filter((row) => row.verdict !== 'load');
  const caught = testable.flatMap((row) => (row.caughtBy ? [row.caughtBy] : []));
  const times = caught.map((found) => found.timeToDetectMs);
  const sizes = caught.map((found) => found.shrunkRequests);
  return [
    ratioFigure(
      'faults caught by the properties',
      caught.length,
      testable.length,
      'caught over property-testable faults',
      {
        goal: { text: '== 1', met: caught.length === testable.length },
      },
    ),
    absoluteFigure('median time to first failure', percentile(times, 50), 'ms'),
    absoluteFigure('slowest time to first failure', Math.max(...times), 'ms'),
    absoluteFigure('largest shrunk counterexample', Math.max(...sizes), 'requests'),
  ];
}

export interface HarnessDetection {
  seed: number;
  /** One row per catalogue fault, from the mutation matrix (the gate's properties). */
  rows: MatrixRow[];
  /** The load faults, each from the gate's load scenario made for it (none with --quick). */
  underLoad: LoadDetection[];
}

/** Whether the harness caught each catalogue fault: the matrix, then the load faults' runs. */
export async function detectFaults(context: BenchContext): Promise<HarnessDetection> {
  context.log(`detection: the mutation matrix, seed ${SEED}`);
  // Loaded when the section runs: the property suites take a while to import (`--help` need not wait).
  const { runMatrix } = await import('../../lib/props/matrix.ts');
  const { rows } = await runMatrix({ seed: SEED, cleanSeeds: [] }, (row) => {
    context.signal.throwIfAborted();
    context.log(`detection: ${row.fault}: ${row.verdict}`);
  });
  const loadFaults = rows.filter((row) => row.verdict === 'load').map((row) => row.fault);
  const underLoad = context.quick ? [] : await detectLoadFaults(context, loadFaults);
  return { seed: SEED, rows, underLoad };
}

async function measure(context: BenchContext): Promise<SectionOutcome> {
  const { rows, underLoad } = await detectFaults(context);
  return {
    status: 'ok',
    figures: [
      ...summaryFigures(rows),
      ...loadSummary(underLoad),
      ...rows.map((row) => faultFigure(row, underLoad)),
    ],
    details: { seed: SEED, rows, underLoad },
  };
}

export const detection: BenchSection = {
  name: 'detection',
  title: 'Detection speed per catalogue fault',
  budgetMs: (quick) => (quick ? 90_000 : 360_000),
  run: measure,
};
