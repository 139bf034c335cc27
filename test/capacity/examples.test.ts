/**
 * The examples of docs/capacity.md, run as written against sandboxes whose limits are known, with
 * steps of 2 s (as the page says), each answer checked against the limit the sandbox was given:
 * the 429 onsets and the capacity contain the true value, the knee is found where the sandbox
 * queues, and a target file's maxRps cap is said before the first step.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPACITY_OPTIONS,
  CAPACITY_RETIRED_FLAGS,
  CAPACITY_USAGE,
  capacityOptions,
} from '../../lib/capacity/options.ts';
import { runCapacity, type CapacityResult } from '../../lib/capacity/run.ts';
import type { Onset } from '../../lib/capacity/onset.ts';
import { parseFlags } from '../../lib/cli/cli.ts';
import { validateSummary } from '../../lib/report/validate.ts';
import { startSandbox } from '../../sandbox/start.ts';
import '../setup/provide-layers.ts';

const EXAMPLES = [
  'npm run capacity',
  'npm run capacity -- --serve shed=30 --max 40',
  'npm run capacity -- --serve pool=1,hold=40ms --rate-limit perKey=4,perTenant=1000 --start 6 --step 12 --max 30',
  'npm run capacity -- --target staging.json --start 20 --step 20 --max 400 --step-duration 30s --expected-rate 120',
];

/** The commands of the page's first sh block. */
function documentedExamples(): string[] {
  const page = readFileSync('docs/capacity.md', 'utf8');
  const block = /```sh\n([\s\S]*?)```/.exec(page)?.[1] ?? '';
  return block.split('\n').filter((line) => line.startsWith('npm run capacity'));
}

let dir: string;
let staging: Awaited<ReturnType<typeof startSandbox>>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'capacity-examples-'));
  // staging.json: a sandbox's target file, its load.maxRps lowered to 40 as a staging's might be.
  const targetPath = path.join(dir, 'staging.json');
  staging = await startSandbox({ targetPath });
  const file = JSON.parse(await readFile(targetPath, 'utf8')) as { load: { maxRps: number } };
  file.load.maxRps = 40;
  await writeFile(targetPath, JSON.stringify(file), { mode: 0o600 });
});

afterAll(async () => {
  await staging.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * What the test changes in every command, through the environment the commands read: steps of
 * 2 s, and a latency objective a loaded machine cannot miss. No example is about the target's
 * latency (the knee of the third is a p95 against its first step's, not the objective), but each
 * sandbox answers from this process: on a loaded machine (load ~9 with two busy loops) the
 * second's 40 req/s step came back at p95 455 to 810 ms, and the first and fourth missed their
 * 40 req/s steps where no 429 or cap says they should: the machine's answers, not the ones the
 * examples show. Their 429s, 503s and caps decide them here (docs/capacity.md).
 */
const TEST_ENV = { HARNESS_STEP_DURATION: '2s', HARNESS_P95: '5s', HARNESS_P99: '9s' };

/** Runs one documented command in this process, its steps 2 s long; what it printed as it went. */
async function run(command: string): Promise<{ result: CapacityResult; progress: string[] }> {
  const argv = command
    .replace(/^npm run capacity( --)?/, '')
    .replace('--step-duration 30s', '--step-duration 2s')
    .split(' ')
    .filter(Boolean)
    .map((arg) => (arg === 'staging.json' ? path.join(dir, 'staging.json') : arg));
  // A reports folder each: the examples run side by side, in this one process.
  argv.push('--reports-dir', await mkdtemp(path.join(dir, 'reports-')));
  const flags = parseFlags(CAPACITY_OPTIONS, CAPACITY_USAGE, { argv, retired: CAPACITY_RETIRED_FLAGS });
  const options = capacityOptions(flags, TEST_ENV);
  const progress: string[] = [];
  const result = await runCapacity(options, { progress: (line) => progress.push(line) });
  return { result, progress };
}

const onsetsOf = (result: CapacityResult, scope: Onset['scope']) =>
  result.onsets.filter((onset) => onset.scope === scope);

/** The limit lies in the range the onset implies, and the rate served at the onset is about it. */
function expectLimitRead(onset: Onset | undefined, limit: number): void {
  expect(onset?.limit.atLeast).toBeLessThanOrEqual(limit);
  expect(onset?.limit.below).toBeGreaterThan(limit);
  expect(Math.abs((onset?.served ?? 0) - limit)).toBeLessThanOrEqual(limit * 0.15);
}

/** summary.json as written says what the run returned; each step's script and points are kept. */
async function expectWritten(result: CapacityResult): Promise<void> {
  const written = validateSummary(JSON.parse(await readFile(result.paths.summary, 'utf8')));
  expect(written.ok).toBe(true);
  if (!written.ok) return;
  const { summary } = written;
  expect(summary.command).toBe('capacity');
  expect(summary.exitCode).toBe(0);
  expect(summary.versions.artillery).toMatch(/^\d+\.\d+\.\d+/);
  const artifacts = (summary.artifacts ?? []).map((artifact) => artifact.path);
  expect(artifacts.filter((file) => file.endsWith('.yml'))).toHaveLength(result.steps.length);
  expect(artifacts.some((file) => file.endsWith('.ndjson.gz'))).toBe(true);
  for (const file of artifacts) expect(existsSync(path.join(result.paths.runDir, file))).toBe(true);
  const capacity = summary.metrics.capacity;
  expect(capacity?.answer).toMatchObject({ kind: 'measured', rps: 40 });
  expect(capacity?.onset429).toEqual(result.onsets);
  expect(capacity?.steps.map((step) => step.verdict)).toEqual(result.verdicts.map((v) => v.verdict));
  expect(await readFile(result.paths.html, 'utf8')).toContain('id="capacity"');
}

/** A step is an Artillery process of its own (some 5 s of start-up, more on a loaded machine). */
const STEPS_TIMEOUT_MS = 180_000;

describe('the examples of docs/capacity.md', () => {
  it('should be the commands this test runs', () => {
    expect(documentedExamples()).toEqual(EXAMPLES);
  });

  /**
   * Two at a time: a step is mostly an Artillery process starting and a schedule kept, so one
   * alone left this file's worker idle. Rates of at most 80 req/s each, on sandboxes of their own
   * (the fourth on the staging one).
   */
  describe.concurrent('side by side', () => {
    it(
      '1: should read the tenants at 17 req/s, their keys with them, and a capacity of 40 missed from 60',
      async () => {
        const { result } = await run(EXAMPLES[0] ?? '');
        expect(result.plan.rates.slice(0, 4)).toEqual([20, 40, 60, 80]);
        for (const onset of onsetsOf(result, 'tenant')) {
          expect(onset.rps).toBe(60);
          expectLimitRead(onset, 17);
        }
        for (const onset of onsetsOf(result, 'key'))
          if (onset.rps !== null) expect(onset.withTenant).toBe(true);
        expect(result.capacity).toMatchObject({ kind: 'measured', rps: 40, missedAt: 60 });
        await expectWritten(result);
      },
      STEPS_TIMEOUT_MS,
    );

    it(
      "4: should step up to the target file's maxRps, say so before the first step, and give the headroom",
      async () => {
        const { result, progress } = await run(EXAMPLES[3] ?? '');
        expect(result.plan.rates).toEqual([20, 40]);
        const cap = progress.indexOf('capped at 40 req/s by target file maxRps (asked --max 400)');
        expect(cap).toBeGreaterThanOrEqual(0);
        expect(cap).toBeLessThan(progress.findIndex((line) => line.startsWith('step 1 of 2')));
        // Nothing above 40 missed: a lower bound, and the headroom over 120 req/s as one.
        expect(result.capacity).toMatchObject({ kind: 'at-least', rps: 40 });
        expect(result.lines.headroom).toMatch(/the expected 120 req\/s/);
      },
      STEPS_TIMEOUT_MS,
    );
  });

  // Alone: its 40 req/s step must be driven (the generator's lateness p95 under 500 ms, else it
  // is not counted); beside two other examples on a loaded machine (load ~12) it came back
  // undriven (lateness p95 650 ms).
  it(
    '2: should find the capacity below a server that sheds above 30 req/s with 503',
    async () => {
      const { result } = await run(EXAMPLES[1] ?? '');
      expect(result.capacity).toMatchObject({ kind: 'measured', rps: 20, missedAt: 40 });
      // Missed on the 503s; a 429 besides, from a stall that bunched the admitted requests, is a
      // true reading too.
      const above = result.verdicts[1];
      expect(above?.verdict).toBe('missed');
      expect(above?.verdict === 'missed' && above.misses).toContain('errors');
    },
    STEPS_TIMEOUT_MS,
  );

  // Alone: its knee is a p95 against the first step's, which a core shared with other
  // generators and sandboxes could bend early.
  it(
    '3: should find the knee above one connection held 40 ms, and the keys at 4 req/s',
    async () => {
      const { result } = await run(EXAMPLES[2] ?? '');
      expect(result.knee?.rps).toBe(30);
      expect(result.knee?.reasons).toContain('p95');
      for (const onset of onsetsOf(result, 'key')) {
        if (!onset.name.endsWith('/full')) expect(onset.rps).toBeNull();
        else {
          expect(onset.rps).toBe(30);
          expectLimitRead(onset, 4);
        }
      }
      for (const onset of onsetsOf(result, 'tenant')) expect(onset.rps).toBeNull();
    },
    STEPS_TIMEOUT_MS,
  );
});
