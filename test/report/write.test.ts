import { lstat, mkdtemp, readFile, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateSummary } from '../../lib/report/validate.ts';
import { writeRunReport } from '../../lib/report/write.ts';
import { sampleSummary } from './sample-summary.ts';

const identity = (text: string) => text;

describe('writeRunReport', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('should write the three reports under the run id and point latest at the newest run', async () => {
    const reportsDir = await mkdtemp(path.join(os.tmpdir(), 'report-write-'));
    dirs.push(reportsDir);
    const first = sampleSummary();
    const second = { ...sampleSummary(), runId: '20260614T110000Z-gate-next' };

    await writeRunReport(first, { reportsDir, redact: identity });
    const written = await writeRunReport(second, { reportsDir, redact: identity });

    expect(written.runDir).toBe(path.join(reportsDir, second.runId));
    expect((await lstat(written.latest)).isSymbolicLink()).toBe(true);
    expect(await readlink(written.latest)).toBe(second.runId);
    const onDisk: unknown = JSON.parse(await readFile(path.join(written.latest, 'summary.json'), 'utf8'));
    expect(validateSummary(onDisk)).toEqual({ ok: true, summary: second });
    expect(await readFile(path.join(reportsDir, first.runId, 'junit.xml'), 'utf8')).toMatch(/^<\?xml/);
  });

  it('should refuse a summary that breaks its schema, naming the problem', async () => {
    const broken = { ...sampleSummary(), verdict: 'pass' as const, exitCode: 0 as const };
    await expect(writeRunReport(broken, { reportsDir: os.tmpdir(), redact: identity })).rejects.toThrow(
      /invalid: \/verdict/,
    );
  });
});
