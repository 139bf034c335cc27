/** Reads a summary.json written by an earlier run, validated: one line for each way it is unusable. */
import { readJsonFile } from '../adapters/node-json-file.ts';
import { HarnessError } from '../errors.ts';
import { validateSummary } from './validate.ts';
import type { Summary } from './model.ts';

export async function readSummaryFile(file: string, role: string): Promise<Summary> {
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
