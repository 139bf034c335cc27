import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validateSummary } from '../../lib/report/validate.ts';
import { capacityOptions } from '../../lib/capacity/options.ts';
import { runCapacity } from '../../lib/capacity/run.ts';
import { startUnansweringServer } from '../lib/unanswering-server.ts';
import '../setup/provide-layers.ts';

/** Runs `body` with a reports dir of its own, removed afterwards. */
async function withReportsDir(body: (reportsDir: string) => Promise<void>): Promise<void> {
  const reportsDir = await mkdtemp(path.join(tmpdir(), 'capacity-run-'));
  try {
    await body(reportsDir);
  } finally {
    await rm(reportsDir, { recursive: true, force: true });
  }
}

// The capacity, the onsets, the knee and summary.json against sandboxes of known limits: the
// examples of docs/capacity.md (examples.test.ts).
describe('runCapacity against a faulty sandbox', () => {
  // Every page a step serves is folded into its walk and checked with the shared page checks: a
  // server mistake is found and named, as in the walking scenarios.
  it('should find a page-boundary duplicate in the pages it sends', () =>
    withReportsDir(async (reportsDir) => {
      const options = capacityOptions(
        {
          start: '30',
          step: '30',
          max: '30',
          'step-duration': '3s',
          'run-budget': '60s',
          fault: ['page-boundary-duplicate'],
          'rate-limit': 'perKey=1000,perTenant=1000,windowMs=1000',
          'reports-dir': reportsDir,
        },
        {},
      );
      const result = await runCapacity(options);

      const written = validateSummary(JSON.parse(await readFile(result.paths.summary, 'utf8')));
      expect(written.ok).toBe(true);
      if (!written.ok) return;
      const check = written.summary.checks.find((c) => c.name === 'no-duplicate-ids');
      expect(check?.verdict).toBe('failed');
    }));
});

// A request the reached target leaves without an answer: in the setup, the run's failure (exit 1);
// in a step, a point of the curve as a 5xx is, named as an advisory: against a tiny server that
// drops every seventh request after the setup's, or the setup's fifth.
describe('runCapacity against a target that leaves requests without an answer', () => {
  const KEY = 'no-answer-capacity-test-key-0001';

  async function capacityOn(drops: (n: number) => boolean, reportsDir: string) {
    const server = await startUnansweringServer(drops);
    try {
      const target = path.join(reportsDir, 'target.json');
      await writeFile(
        target,
        JSON.stringify({
          baseUrl: server.baseUrl,
          apiKeyHeader: 'X-Test-Api-Key',
          load: { allowed: true, maxRps: 50 },
          tenants: [{ name: 'a', quiescent: true, keys: { full: { value: KEY } } }],
        }),
      );
      const options = capacityOptions(
        {
          target,
          start: '10',
          step: '10',
          max: '10',
          'step-duration': '3s',
          'run-budget': '60s',
          'reports-dir': reportsDir,
        },
        {},
      );
      const result = await runCapacity(options);
      const text = await readFile(result.paths.summary, 'utf8');
      expect(text.includes(KEY)).toBe(false);
      const written = validateSummary(JSON.parse(text));
      if (!written.ok) throw new Error('summary.json does not validate');
      return written.summary;
    } finally {
      await server.close();
    }
  }

  const NAMED =
    /^no HTTP answer to GET \/public\/\S+ \(tenant a's full key by \w+\): the connection ended without a complete HTTP answer /;

  it('should fail every-request-answered, the request named, in the setup', () =>
    withReportsDir(async (reportsDir) => {
      const summary = await capacityOn((n) => n === 5, reportsDir);

      expect(summary).toMatchObject({ verdict: 'fail', exitCode: 1 });
      const check = summary.checks.find((c) => c.name === 'every-request-answered');
      expect(check?.verdict).toBe('failed');
      expect(check?.failures?.[0]?.message).toMatch(NAMED);
    }));

  it("should count a step's request left without an answer as the curve's error, named as an advisory", () =>
    withReportsDir(async (reportsDir) => {
      const summary = await capacityOn((n) => n > 30 && n % 7 === 0, reportsDir);

      expect(summary.exitCode).not.toBe(1);
      const check = summary.checks.find((c) => c.name === 'every-request-answered');
      expect(check?.verdict).toBe('passed');
      const advisory = summary.advisories.find((a) => a.check === 'every-request-answered');
      expect(advisory?.message).toMatch(NAMED);
    }));
});
