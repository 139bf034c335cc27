/** Where a bench report goes: one file per run, named by its start time, and latest.json. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { BenchReport } from './report.ts';

/** A file name per run that sorts by time: 2026-05-20T10-11-12Z.json. */
export const reportFileName = (startedAt: string): string =>
  `${startedAt.replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}.json`;

/** Problems of a report against the schema, one line each (none: it is valid). */
export function reportProblems(report: unknown): string[] {
  return [...Value.Errors(BenchReport, report)].map((error) => `${error.path || '/'}: ${error.message}`);
}

/** Validates and writes the report; returns the path of the per-run file. */
export function writeReport(report: BenchReport, outDir: string): string {
  const problems = reportProblems(report);
  if (problems.length > 0) throw new Error(`the bench report does not match its schema: ${problems[0]}`);
  mkdirSync(outDir, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const file = path.join(outDir, reportFileName(report.startedAt));
  writeFileSync(file, json);
  writeFileSync(path.join(outDir, 'latest.json'), json);
  return file;
}
