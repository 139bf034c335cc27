/** Reads a summary.json written by an earlier run, validated: one line for each way it is unusable. */
import { statSync } from 'node:fs';
import path from 'node:path';
import { readJsonFile } from '../adapters/node-json-file.ts';
import { HarnessError } from '../errors.ts';
import { validateSummary } from './validate.ts';
import type { Summary } from './model.ts';

/** A run folder stands for its summary.json: `--from reports/latest-gate` as well as the file. */
export function summaryPath(fileOrFolder: string): string {
  const isFolder = statSync(fileOrFolder, { throwIfNoEntry: false })?.isDirectory() ?? false;
  return isFolder ? path.join(fileOrFolder, 'summary.json') : fileOrFolder;
}

export async function readSummaryFile(given: string, role: string): Promise<Summary> {
  const file = summaryPath(given);
  const json = await readJsonFile(file, {
    what: role,
    unreadable: 'check the path (a run writes reports/<run-id>/summary.json)',
    notJson: 'point at a summary.json a run wrote',
  });
  const result = validateSummary(json);
  if (!result.ok)
    throw new HarnessError(
      `${role} ${file} is not a valid summary.json (${result.problems.slice(0, 3).join('; ')}); point at the summary.json a run wrote (reports/<run-id>/summary.json), unedited`,
    );
  return result.summary;
}
