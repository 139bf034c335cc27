/**
 * The Schemathesis floor (issue 33): whatever a schema fuzzer given only the OpenAPI document
 * flags, the harness's gate flags too. For each catalogue fault, Schemathesis (as the peer section
 * runs it) and the gate with `--load none` each meet a sandbox with the fault; a fault Schemathesis
 * flags and the gate passes (exit 0) fails the section. The clean sandbox must pass both first.
 * --quick runs the faults of the kinds a schema fuzzer reaches: statuses and values out of range.
 */
import { MATRIX_SANDBOX, faultSandbox } from '../../lib/props/matrix.ts';
import { FAULTS } from '../../sandbox/faults/catalogue.ts';
import { PROJECT_ROOT } from '../../lib/project-root.ts';
import { peerVerdict, type Verdict } from '../peer/compare.ts';
import { ensureSchemathesis, type PeerTool } from '../peer/install.ts';
import type { PeerRun } from '../peer/run.ts';
import { absoluteFigure, ratioFigure, type SectionTable } from '../report.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';
import { gateWith, type GateMatrixRow } from './gate-matrix.ts';
import { outcome, runAgainst } from './peer.ts';

const GATE_FLAGS = ['--load', 'none'] as const;

/** Faults a schema fuzzer can reach: values out of range, server errors, statuses, shapes. */
const QUICK_FAULTS = [
  'limit-clamp',
  'cursor-500',
  'empty-result-shape',
  'enum-case-insensitive',
  'bad-escape-500',
  'repeated-param-500',
] as const;

export interface FloorRow {
  fault: string;
  peer: Verdict;
  gate: GateMatrixRow;
  /** Schemathesis flagged the fault and the gate passed it: the floor is not held. */
  breach: boolean;
}

async function floorRow(context: BenchContext, tool: PeerTool, fault: string, clean: PeerRun) {
  const info = FAULTS.find((entry) => entry.name === fault);
  if (!info) throw new Error(`no fault ${fault} in the catalogue`);
  const run = await runAgainst(tool, context, { name: fault, options: faultSandbox(info) });
  const peer = peerVerdict(outcome(run), clean.failures);
  const gate = await gateWith(context, fault, GATE_FLAGS);
  return { fault, peer, gate, breach: peer.caught === true && gate.exitCode === 0 };
}

const gateCell = (row: GateMatrixRow): string => {
  if (row.exitCode === null) return 'timed out';
  if (row.exitCode === 1) return `exit 1 (${row.caughtBy.join(', ') || 'no check named'})`;
  return `exit ${row.exitCode}`;
};

function table(rows: readonly FloorRow[]): SectionTable {
  return {
    title: 'Each fault: Schemathesis and the gate (--load none)',
    header: ['fault', 'Schemathesis', "Schemathesis's check", 'gate', 'floor held'],
    rows: rows.map((row) => [
      row.fault,
      row.peer.caught === null ? `n/a (${row.peer.by})` : row.peer.caught ? 'flagged' : 'passed',
      row.peer.caught ? row.peer.by : '',
      gateCell(row.gate),
      row.breach ? 'NO' : 'yes',
    ]),
    notes: [
      'floor held: unless Schemathesis flagged the fault and the gate exited 0 on it.',
      'Schemathesis as the peer section runs it (its checks, seed, examples); a check that also fails on the clean sandbox does not count.',
      'The gate without load: a fault that needs load is passed by it, and Schemathesis (one worker) does not load either.',
    ],
  };
}

async function measure(context: BenchContext): Promise<SectionOutcome> {
  const lookup = await ensureSchemathesis(PROJECT_ROOT, context.log);
  if (!lookup.ok) return { status: 'skipped', reason: lookup.reason };
  const clean = await runAgainst(lookup.tool, context, { name: 'clean', options: MATRIX_SANDBOX });
  const cleanGate = await gateWith(context, 'clean', GATE_FLAGS);
  const faults = context.quick ? [...QUICK_FAULTS] : FAULTS.map((fault) => fault.name);
  const rows: FloorRow[] = [];
  for (const fault of faults) {
    context.signal.throwIfAborted();
    rows.push(await floorRow(context, lookup.tool, fault, clean));
  }
  return floorOutcome(rows, cleanGate, { clean });
}

/**
 * The section's verdict on finished runs: failed when the gate did not pass the clean sandbox, or
 * passed a fault Schemathesis flagged; the figures and the table either way.
 */
export function floorOutcome(
  rows: readonly FloorRow[],
  cleanGate: GateMatrixRow,
  details: Record<string, unknown>,
): SectionOutcome {
  const flagged = rows.filter((row) => row.peer.caught === true);
  const breaches = rows.filter((row) => row.breach).map((row) => row.fault);
  const figures = [
    absoluteFigure('clean sandbox: gate exit code', cleanGate.exitCode, 'exit code', {
      goal: { text: '= 0', met: cleanGate.exitCode === 0 },
    }),
    ratioFigure(
      'faults Schemathesis flagged that the gate caught',
      flagged.length - breaches.length,
      flagged.length,
      'caught by the gate / flagged by Schemathesis',
      { goal: { text: '= 1', met: breaches.length === 0 } },
    ),
    absoluteFigure('faults Schemathesis flagged that the gate passed', breaches.length, 'faults', {
      goal: { text: '== 0', met: breaches.length === 0 },
      ...(breaches.length > 0 ? { note: breaches.join(', ') } : {}),
    }),
  ];
  const result = { figures, tables: [table(rows)], details: { ...details, cleanGate, rows } };
  if (cleanGate.exitCode !== 0)
    return {
      status: 'failed',
      reason: `the gate exited ${cleanGate.exitCode} on the clean sandbox`,
      ...result,
    };
  if (breaches.length > 0)
    return {
      status: 'failed',
      reason: `Schemathesis flagged, the gate passed: ${breaches.join(', ')}`,
      ...result,
    };
  return { status: 'ok', ...result };
}

export const floor: BenchSection = {
  name: 'floor',
  title: 'The Schemathesis floor: what a schema fuzzer flags, the gate flags too',
  // A Schemathesis run (10-20 s) and a gate without load (20-40 s) per fault, in turn.
  budgetMs: (quick) => (quick ? 15 * 60_000 : (FAULTS.length + 1) * 2 * 60_000),
  run: measure,
};
