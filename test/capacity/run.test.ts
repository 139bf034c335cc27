import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { validateSummary } from '../../lib/report/validate.ts';
import { capacityOptions } from '../../lib/capacity/options.ts';
import { runCapacity } from '../../lib/capacity/run.ts';
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

describe('runCapacity against a rate-limited sandbox', () => {
  it('should find the capacity and the 429 onset per tenant and key, and report them in summary.json', () =>
    withReportsDir(async (reportsDir) => {
      // 3 tenants, each allowed 6 requests a second: 5 rps stays under every limit, 25 and 45 go
      // over (429s above 1 %: the objective missed at 25, confirmed by 45, so the capacity is 5).
      // Three steps: each is an Artillery process of its own, which costs some 5 s of start-up
      // besides the step.
      const options = capacityOptions(
        {
          start: '5',
          step: '20',
          max: '45',
          'step-duration': '2s',
          'run-budget': '60s',
          'rate-limit': 'perKey=10,perTenant=6,windowMs=1000',
          latency: 'fixed=2',
          'reports-dir': reportsDir,
        },
        {},
      );
      const result = await runCapacity(options);

      expect(result.plan.rates).toEqual([5, 25, 45]);
      expect(result.steps[0]?.rate429).toBe(0);
      expect(result.steps.some((step) => step.rate429 > 0.01)).toBe(true);
      expect(result.capacity).toMatchObject({ kind: 'measured', rps: 5, missedAt: 25 });
      expect(result.stoppedBy).toBe('objective');
      expect(result.lines.capacity).toMatch(/^capacity: 5 req\/s /);
      expect(
        result.onsets.filter((onset) => onset.scope === 'tenant' && onset.rps !== null).length,
      ).toBeGreaterThan(0);
      expect(result.onsets.some((onset) => onset.scope === 'key' && onset.name.includes('/'))).toBe(true);

      const written = validateSummary(JSON.parse(await readFile(result.paths.summary, 'utf8')));
      expect(written.ok).toBe(true);
      if (!written.ok) return;
      expect(written.summary.command).toBe('capacity');
      expect(written.summary.exitCode).toBe(0);
      expect(written.summary.versions.artillery).toMatch(/^\d+\.\d+\.\d+/);
      // Each step's Artillery script and raw points are kept beside the reports.
      const artifacts = (written.summary.artifacts ?? []).map((artifact) => artifact.path);
      expect(artifacts.filter((file) => file.endsWith('.yml'))).toHaveLength(result.steps.length);
      expect(artifacts.some((file) => file.endsWith('.ndjson.gz'))).toBe(true);
      for (const file of artifacts) expect(existsSync(path.join(result.paths.runDir, file))).toBe(true);
      expect(written.summary.metrics.capacity?.knee?.rps).toBe(result.knee?.rps);
      expect(written.summary.metrics.capacity?.answer).toMatchObject({ kind: 'measured', rps: 5 });
      expect(written.summary.metrics.capacity?.steps.map((step) => step.verdict)).toEqual(
        result.verdicts.map((verdict) => verdict.verdict),
      );
      expect(written.summary.metrics.capacity?.steps.map((step) => step.rps)).toEqual(
        result.steps.map((step) => step.offeredRps),
      );
      const html = await readFile(result.paths.html, 'utf8');
      expect(html).toContain('id="capacity"');
    }));

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
