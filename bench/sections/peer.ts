/**
 * Section 8: what the harness catches that a peer tool does not. Schemathesis (installed from
 * PyPI into `.tools/`) runs with the project's own OpenAPI document, all its checks but the ones
 * that fail on the clean sandbox for reasons the spec does not support, a fixed seed and time
 * budget, against the clean sandbox and against each catalogue fault. The harness's column comes
 * from the gate's own runs (the detection section's matrix and load runs).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../../lib/contract/openapi.ts';
import { faultSandbox, MATRIX_SANDBOX } from '../../lib/props/matrix.ts';
import { FAULTS } from '../../sandbox/faults/catalogue.ts';
import type { SandboxOptions } from '../../lib/target/sandbox-options.ts';
import { startTarget } from '../../lib/run/start.ts';
import {
  countCatches,
  harnessVerdict,
  PEER_TABLE_HEADER,
  peerTableRows,
  peerVerdict,
  type PeerOutcome,
  type PeerRow,
} from '../peer/compare.ts';
import { ensureSchemathesis, type PeerTool } from '../peer/install.ts';
import { runSchemathesis, type PeerRun } from '../peer/run.ts';
import { absoluteFigure, ratioFigure, type Figure } from '../report.ts';
import type { BenchContext, BenchSection, SectionOutcome } from '../section.ts';
import { detectFaults } from './detection.ts';
import { PROJECT_ROOT } from '../../lib/project-root.ts';

const SEED = 1;
/**
 * Test cases per operation and phase. A fixed count, not `--max-time`: on a shared machine a 12 s
 * budget gave anything from 6 to 500 test cases a run, and faults came and went with the load.
 */
const maxExamples = (quick: boolean) => (quick ? 10 : 30);
/** Wall-time limit of each run, in seconds (30 examples take 10-20 s on 2 cores). */
const TIME_LIMIT_S = 120;

/** Checks left out, each with why it fails on the clean sandbox though the sandbox follows the spec. */
const EXCLUDED_CHECKS: Record<string, string> = {
  positive_data_acceptance:
    'expects every schema-valid request to be accepted, but a cursor is opaque and only the server ' +
    'issues valid ones (spec §4.3 rule 3): a generated string, even the empty one, is rightly 400',
  unsupported_method:
    'expects 405 for a method the document does not list (TRACE, POST, ...); the spec says only that ' +
    'both endpoints use GET and lists no 405 (spec §4, §7), and the sandbox answers 404 to any unknown route',
};

interface Sandboxed {
  name: string;
  options: SandboxOptions;
}

/** One Schemathesis run against a sandbox started with `options`, judged by its own checks. */
export async function runAgainst(
  tool: PeerTool,
  context: BenchContext,
  { name, options }: Sandboxed,
): Promise<PeerRun> {
  context.signal.throwIfAborted();
  // The one way a command opens its target: the sandbox started, and the redactor of its keys.
  const { opened, redact } = await startTarget({ faults: options.faults ?? [], sandbox: options });
  try {
    const { target } = opened;
    const apiKey = target.tenants[0]?.keys.full;
    if (!apiKey) throw new Error('the sandbox target has no full key for its first tenant');
    const dir = path.join(context.workDir, 'peer', name);
    mkdirSync(dir, { recursive: true });
    const documentPath = path.join(dir, 'openapi.json');
    writeFileSync(documentPath, JSON.stringify(openApiDocument({ apiKeyHeader: target.apiKeyHeader })));
    const run = await runSchemathesis({
      bin: tool.bin,
      documentPath,
      baseUrl: target.baseUrl,
      apiKeyHeader: target.apiKeyHeader,
      apiKey,
      dir,
      seed: SEED,
      maxExamples: maxExamples(context.quick),
      timeLimitS: TIME_LIMIT_S,
      excludedChecks: Object.keys(EXCLUDED_CHECKS),
      redact,
    });
    if (run.keyPrinted) context.log(`peer: ${name}: Schemathesis printed the key (kept out of every report)`);
    const found = run.failures.map((failure) => failure.check).join(', ') || 'nothing';
    context.log(
      `peer: ${name}: ${found} (${run.testCases} test cases, ${Math.round(run.durationMs / 1000)} s)`,
    );
    return run;
  } finally {
    await opened.close();
  }
}

/** A run without a report, cut off by its time limit or with errors of its own has no verdict. */
export function outcome(run: PeerRun): PeerOutcome {
  if (run.timedOut) return { failures: run.failures, problem: 'timed out' };
  if (run.stopReason === 'no report') return { failures: [], problem: `no report: ${run.lastLine}` };
  if (run.errors > 0 && run.failures.length === 0)
    return { failures: [], problem: `${run.errors} run errors: ${run.lastLine}` };
  return { failures: run.failures };
}

function figures(rows: readonly PeerRow[], clean: PeerRun, runs: readonly PeerRun[]): Figure[] {
  const counts = countCatches(rows);
  const printed = [clean, ...runs].filter((run) => run.keyPrinted).length;
  const cleanChecks = clean.failures.map((failure) => failure.check);
  return [
    absoluteFigure('clean sandbox: Schemathesis failures', cleanChecks.length, 'checks', {
      goal: { text: '== 0', met: cleanChecks.length === 0 },
      note: cleanChecks.length > 0 ? cleanChecks.join(', ') : `${clean.testCases} test cases`,
    }),
    ratioFigure('faults caught by the harness', counts.harness, counts.faults, 'caught over faults run'),
    ratioFigure('faults caught by Schemathesis', counts.peer, counts.faults, 'caught over faults run'),
    absoluteFigure('caught by the harness only', counts.harnessOnly.length, 'faults'),
    absoluteFigure('caught by Schemathesis only', counts.peerOnly.length, 'faults', {
      note: counts.peerOnly.join(', '),
    }),
    absoluteFigure('Schemathesis runs that printed the key', printed, 'runs', {
      goal: { text: '== 0', met: printed === 0 },
      note: 'its output checked against the key; nothing of it is kept unredacted',
    }),
  ];
}

function notes(tool: PeerTool, quick: boolean): string[] {
  const excluded = Object.entries(EXCLUDED_CHECKS).map(([check, why]) => `\`${check}\` (${why})`);
  return [
    `Schemathesis ${tool.version}: \`st run\` with the project's OpenAPI document (the sandbox's header name in it), ` +
      `\`--checks all\`, \`--seed ${SEED} --max-examples ${maxExamples(quick)}\` (each run limited to ${TIME_LIMIT_S} s), ` +
      "one tenant's full key in both auth headers.",
    `Excluded as false positives on the clean sandbox: ${excluded.join('; ')}.`,
    "A peer check counts only when it did not also fail on the clean sandbox. Harness: the gate's properties " +
      "(mutation matrix, seed 1) and, for faults that need load, the gate's load scenario for each.",
  ];
}

async function measure(context: BenchContext): Promise<SectionOutcome> {
  const lookup = await ensureSchemathesis(PROJECT_ROOT, context.log);
  if (!lookup.ok) return { status: 'skipped', reason: lookup.reason };
  const tool = lookup.tool;
  const harness = await detectFaults(context);
  const clean = await runAgainst(tool, context, { name: 'clean', options: MATRIX_SANDBOX });
  const rows: PeerRow[] = [];
  const runs: Record<string, PeerRun> = {};
  for (const row of harness.rows) {
    const fault = FAULTS.find((info) => info.name === row.fault);
    if (!fault) continue;
    const run = await runAgainst(tool, context, { name: fault.name, options: faultSandbox(fault) });
    runs[fault.name] = run;
    rows.push({
      fault: fault.name,
      harness: harnessVerdict(row, harness.underLoad),
      peer: peerVerdict(outcome(run), clean.failures),
    });
  }
  return {
    status: 'ok',
    figures: figures(rows, clean, Object.values(runs)),
    tables: [
      {
        title: 'Peer table: each catalogue fault, the harness and Schemathesis',
        header: PEER_TABLE_HEADER,
        rows: peerTableRows(rows),
        notes: notes(tool, context.quick),
      },
    ],
    details: {
      seed: SEED,
      version: tool.version,
      licences: tool.licences,
      excluded: EXCLUDED_CHECKS,
      clean,
      runs,
    },
  };
}

export const peer: BenchSection = {
  name: 'peer',
  title: 'What the harness catches that Schemathesis does not',
  budgetMs: (quick) => (quick ? 600_000 : 1_500_000),
  run: measure,
};
