/**
 * The peer table: for each catalogue fault, whether the harness caught it (from the gate's own
 * runs: the mutation matrix and the load scenarios) and whether Schemathesis did, with its check.
 * Pure: it reads finished runs and renders rows.
 */
import type { MatrixRow } from '../../lib/props/matrix.ts';
import type { LoadDetection } from '../sections/load-detection.ts';
import type { PeerFailure } from './parse.ts';

export interface Verdict {
  /** null: not run (the note says why). */
  caught: boolean | null;
  /** The check (or threshold) that caught it, or why there is no verdict. */
  by: string;
}

/** The harness's verdict on one fault: its load run for a load fault, else its matrix row. */
export function harnessVerdict(row: MatrixRow, underLoad: readonly LoadDetection[]): Verdict {
  const loadRun = underLoad.find((detection) => detection.fault === row.fault);
  if (loadRun) return { caught: loadRun.caught, by: loadRun.caughtBy ?? `${loadRun.scenario} scenario` };
  if (row.verdict === 'load') return { caught: null, by: 'load fault: no load run (--quick)' };
  if (row.verdict === 'missed') return { caught: false, by: 'no property failed' };
  return { caught: true, by: row.caughtBy?.check ?? '' };
}

export interface PeerOutcome {
  failures: PeerFailure[];
  /** Set when the run itself went wrong (timed out, no report, errors): no verdict then. */
  problem?: string;
}

/**
 * The peer's verdict on one fault: a check that failed here and not on the clean sandbox. A
 * check that fails on the clean server too says nothing about the fault.
 */
export function peerVerdict(run: PeerOutcome, clean: readonly PeerFailure[]): Verdict {
  if (run.problem) return { caught: null, by: run.problem };
  const cleanChecks = new Set(clean.map((failure) => failure.check));
  const found = run.failures.filter((failure) => !cleanChecks.has(failure.check));
  if (found.length === 0) return { caught: false, by: '' };
  return {
    caught: true,
    by: found.map((failure) => `${failure.check} (${failure.code} ${failure.title})`).join('; '),
  };
}

const yesNo = (verdict: Verdict) => (verdict.caught === null ? 'n/a' : verdict.caught ? 'yes' : 'no');

/** `yes (check)`, `no`, or `n/a (why)`. */
const withReason = (verdict: Verdict) =>
  verdict.caught === false ? 'no' : `${yesNo(verdict)} (${verdict.by})`;

export interface PeerRow {
  fault: string;
  harness: Verdict;
  peer: Verdict;
}

export const PEER_TABLE_HEADER = ['fault', 'harness caught', 'peer caught', "peer's check"];

export function peerTableRows(rows: readonly PeerRow[]): string[][] {
  return rows.map((row) => [row.fault, withReason(row.harness), yesNo(row.peer), row.peer.by]);
}

export interface PeerCounts {
  faults: number;
  harness: number;
  peer: number;
  /** Faults the harness caught and the peer did not, and the other way round. */
  harnessOnly: string[];
  peerOnly: string[];
}

export function countCatches(rows: readonly PeerRow[]): PeerCounts {
  const judged = rows.filter((row) => row.harness.caught !== null && row.peer.caught !== null);
  return {
    faults: judged.length,
    harness: judged.filter((row) => row.harness.caught).length,
    peer: judged.filter((row) => row.peer.caught).length,
    harnessOnly: judged.filter((row) => row.harness.caught && !row.peer.caught).map((row) => row.fault),
    peerOnly: judged.filter((row) => row.peer.caught && !row.harness.caught).map((row) => row.fault),
  };
}
