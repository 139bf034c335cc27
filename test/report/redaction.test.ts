import { mkdtemp, mkdir, readFile, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from '../../lib/redact.ts';
import { writeRunReport } from '../../lib/report/write.ts';
import { REPRO_PATH, REPRO_SCRIPT, SECRET_KEY, sampleSummary } from './sample-summary.ts';

/** Every form a key could take on its way into a file. */
const FORMS = [
  SECRET_KEY,
  encodeURIComponent(SECRET_KEY),
  JSON.stringify(SECRET_KEY).slice(1, -1),
  'sk_test_9f8e7d6c5b4a',
];

describe('keys in reports', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('should never appear in summary.json, junit.xml or report.html, even when the input had them', async () => {
    const reportsDir = await mkdtemp(path.join(os.tmpdir(), 'report-redaction-'));
    dirs.push(reportsDir);
    const summary = sampleSummary();
    expect(JSON.stringify(summary)).toContain(SECRET_KEY);
    await mkdir(path.join(reportsDir, summary.runId, 'repro'), { recursive: true });
    await writeFile(path.join(reportsDir, summary.runId, REPRO_PATH), REPRO_SCRIPT);

    const written = await writeRunReport(summary, { reportsDir, redact: createRedactor([SECRET_KEY]) });

    for (const file of [written.summary, written.junit, written.html]) {
      const text = await readFile(file, 'utf8');
      for (const form of FORMS) expect(text, `${path.basename(file)} holds a key`).not.toContain(form);
      expect(text).toContain(REDACTED);
    }
    expect(await readFile(written.html, 'utf8')).toContain('Bearer [REDACTED]');
  });
});
