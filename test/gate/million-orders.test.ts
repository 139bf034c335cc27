/**
 * A correct target whose lists are longer than any walk's budget: the gate passes it. A long list
 * is no evidence that a walk does not end; the properties that need whole walks walk the lists
 * that fit their budget and name the others (docs/properties.md, "Long lists").
 *
 * The same gate is compared with a baseline run (`--baseline`), which it reads and leaves as it
 * was: a passing gate of its own cost a lane some 20 s in test/load/cli.test.ts.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRunReport } from '../../lib/report/write.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { folderHashes } from '../report/folder-hashes.ts';
import { sampleSummary } from '../report/sample-summary.ts';
import { runGateAsync } from './run-gate.ts';

describe('the gate against a million orders', { timeout: 120_000 }, () => {
  let sandbox: RunningSandbox;
  let targetPath: string;

  beforeAll(async () => {
    targetPath = path.join(mkdtempSync(path.join(os.tmpdir(), 'million-')), 'target.json');
    sandbox = await startSandbox({ orders: 1_000_000, targetPath });
  }, 120_000);

  afterAll(() => sandbox?.close());

  it('should pass, naming the orders lists as too long to walk whole within the budget, beside a baseline it leaves as it was', async () => {
    // Arrange: an earlier gate run to compare with.
    const earlier = await writeRunReport(sampleSummary(), {
      reportsDir: path.join(path.dirname(targetPath), 'earlier'),
      redact: (text) => text,
    });
    const before = folderHashes(earlier.runDir);

    // Act: the gate as the README runs it against a big staging, its properties only.
    const run = await runGateAsync(['--target', targetPath, '--load', 'none', '--baseline', earlier.runDir]);

    // Assert
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).not.toContain('REGRESSION');
    expect(run.summary().baseline).toEqual({ path: earlier.runDir, regressions: [] });
    expect(folderHashes(earlier.runDir)).toEqual(before);
    const checks = run.summary().checks;
    expect(checks.filter((check) => check.verdict === 'failed')).toEqual([]);
    const terminates = checks.find((check) => check.name === 'pagination.terminates');
    expect(terminates?.verdict).toBe('passed');
    expect(terminates?.detail).toMatch(/^not walked whole within 40 pages .*tenant-a orders.*--walk-pages N/);
  });
});
