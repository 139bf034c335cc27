/**
 * `npm run report`'s work: re-render report.html and junit.xml beside a run's summary.json (any
 * command's run: gate, load, capacity, repro), optionally compared with a baseline run. Nothing is
 * re-run, and nothing adds a key: the summary on disk was redacted when its run wrote it.
 */
import path from 'node:path';
import { compareWithBaseline, sameCommandBaseline, withBaseline, type BaselineMargins } from './baseline.ts';
import type { Regression } from './model.ts';
import { readSummaryFile, summaryPath } from './read.ts';
import { writeReportFiles, type ReportPaths } from './write.ts';

export async function rerenderReport(
  from: string,
  baseline?: { file: string; margins: BaselineMargins },
): Promise<{ paths: ReportPaths; regressions: Regression[] }> {
  let summary = await readSummaryFile(from, 'summary');
  if (baseline) {
    const earlier = sameCommandBaseline(
      summary.command,
      await readSummaryFile(baseline.file, 'baseline'),
      baseline.file,
    );
    summary = withBaseline(summary, baseline.file, compareWithBaseline(summary, earlier, baseline.margins));
  }
  const paths = await writeReportFiles(summary, path.dirname(summaryPath(from)), (text) => text);
  return { paths, regressions: summary.baseline?.regressions ?? [] };
}
