import { describe, expect, it } from 'vitest';
import {
  countCatches,
  harnessVerdict,
  peerTableRows,
  peerVerdict,
  type PeerRow,
} from '../../bench/peer/compare.ts';
import { failedChecks, runSummary } from '../../bench/peer/parse.ts';
import { commandArgs } from '../../bench/peer/run.ts';
import type { MatrixRow } from '../../lib/props/matrix.ts';

// Event lines shaped like Schemathesis's `--report ndjson` (only the fields the parser reads).
const scenario = (
  checks: Record<string, { name: string; status: string; code?: string; operation?: string }[]>,
) =>
  JSON.stringify({
    ScenarioFinished: {
      status: 'failure',
      recorder: {
        label: 'GET /public/orders',
        checks: Object.fromEntries(
          Object.entries(checks).map(([caseId, list]) => [
            caseId,
            list.map(({ name, status, code, operation }) => ({
              name,
              status,
              ...(code && { failure_info: { failure: { code, title: `title of ${code}`, operation } } }),
            })),
          ]),
        ),
      },
    },
  });

describe('failedChecks', () => {
  it('should list each failed check once, with its code and every operation it failed on', () => {
    const ndjson = [
      JSON.stringify({ Initialize: {} }),
      JSON.stringify({ ScenarioFinished: { status: 'skip', recorder: { label: 'GET /x' } } }),
      scenario({
        a: [
          { name: 'not_a_server_error', status: 'failure', code: 'ST101', operation: 'GET /public/orders' },
          { name: 'status_code_conformance', status: 'success' },
        ],
      }),
      scenario({
        b: [
          {
            name: 'not_a_server_error',
            status: 'failure',
            code: 'ST101',
            operation: 'GET /public/menu/items',
          },
        ],
        c: [
          {
            name: 'response_schema_conformance',
            status: 'failure',
            code: 'ST108',
            operation: 'GET /public/orders',
          },
        ],
      }),
      '',
    ].join('\n');
    expect(failedChecks(ndjson)).toEqual([
      {
        check: 'not_a_server_error',
        code: 'ST101',
        title: 'title of ST101',
        operations: ['GET /public/orders', 'GET /public/menu/items'],
      },
      {
        check: 'response_schema_conformance',
        code: 'ST108',
        title: 'title of ST108',
        operations: ['GET /public/orders'],
      },
    ]);
  });

  it('should find nothing in a run whose checks all passed', () => {
    expect(failedChecks(scenario({ a: [{ name: 'ignored_auth', status: 'success' }] }))).toEqual([]);
  });
});

describe('runSummary', () => {
  it('should read the test case count, the stop reason and the run errors', () => {
    const json = JSON.stringify({ test_cases: { generated: 812 }, stop_reason: 'max_time', errors: [{}] });
    expect(runSummary(json)).toEqual({ testCases: 812, stopReason: 'max_time', errors: 1 });
  });
});

describe('commandArgs', () => {
  it('should run all checks but the excluded, with the seed and budget, and never carry the key', () => {
    const args = commandArgs({
      documentPath: '/w/openapi.json',
      baseUrl: 'http://127.0.0.1:1/api/v1',
      apiKeyHeader: 'X-Sandbox-Api-Key',
      dir: '/w',
      seed: 1,
      maxExamples: 30,
      excludedChecks: ['positive_data_acceptance'],
    });
    const joined = args.join(' ');
    expect(joined).toContain('--checks all --exclude-checks positive_data_acceptance');
    expect(joined).toContain('--seed 1 --max-examples 30');
    expect(joined).toContain('--config-file /w/schemathesis.toml run /w/openapi.json');
    expect(joined).not.toMatch(/key/i);
  });
});

const matrixRow = (fault: string, verdict: MatrixRow['verdict'], check = 'no-duplicate-ids'): MatrixRow => ({
  fault,
  description: '',
  verdict,
  ...(verdict === 'caught' && {
    caughtBy: { property: 'p', check, timeToDetectMs: 1, shrunkRequests: 1 },
  }),
  failed: [],
  durationMs: 1,
});

const failure = (check: string, code: string) => ({ check, code, title: 'T', operations: [] });

describe('the peer table', () => {
  it("should take the harness's verdict from its matrix row, or its load run for a load fault", () => {
    const underLoad = [
      {
        fault: 'shared-cache',
        scenario: 'isolation',
        caught: true,
        durationMs: 1,
        caughtBy: 'tenant-isolation',
      },
    ];
    expect(harnessVerdict(matrixRow('cursor-cycle', 'caught', 'walk-terminates'), underLoad)).toEqual({
      caught: true,
      by: 'walk-terminates',
    });
    expect(harnessVerdict(matrixRow('shared-cache', 'load'), underLoad)).toEqual({
      caught: true,
      by: 'tenant-isolation',
    });
    expect(harnessVerdict(matrixRow('soak-drift', 'load'), underLoad).caught).toBeNull();
    expect(harnessVerdict(matrixRow('q-case-sensitive', 'missed'), underLoad).caught).toBe(false);
  });

  it('should count a peer check only when it did not fail on the clean sandbox too', () => {
    const clean = [failure('unsupported_method', 'ST201')];
    const run = {
      failures: [failure('unsupported_method', 'ST201'), failure('not_a_server_error', 'ST101')],
    };
    expect(peerVerdict(run, clean)).toEqual({ caught: true, by: 'not_a_server_error (ST101 T)' });
    expect(peerVerdict({ failures: clean }, clean)).toEqual({ caught: false, by: '' });
    expect(peerVerdict({ failures: [], problem: 'timed out' }, clean)).toEqual({
      caught: null,
      by: 'timed out',
    });
  });

  it('should render one row per fault and count what each caught alone', () => {
    const rows: PeerRow[] = [
      {
        fault: 'cursor-500',
        harness: { caught: true, by: 'cursor-rejected' },
        peer: { caught: true, by: 'x' },
      },
      {
        fault: 'cursor-cycle',
        harness: { caught: true, by: 'walk-terminates' },
        peer: { caught: false, by: '' },
      },
      { fault: 'soak-drift', harness: { caught: null, by: 'not run' }, peer: { caught: false, by: '' } },
    ];
    expect(peerTableRows(rows)).toEqual([
      ['cursor-500', 'yes (cursor-rejected)', 'yes', 'x'],
      ['cursor-cycle', 'yes (walk-terminates)', 'no', ''],
      ['soak-drift', 'n/a (not run)', 'no', ''],
    ]);
    expect(countCatches(rows)).toEqual({
      faults: 2,
      harness: 2,
      peer: 1,
      harnessOnly: ['cursor-cycle'],
      peerOnly: [],
    });
  });
});
