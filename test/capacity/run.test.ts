import { describe, expect, it } from 'vitest';
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
