/** Reads a summary.json written by an earlier run, validated: one line for each way it is unusable. */
import { readFile } from 'node:fs/promises';
import { HarnessError } from '../../lib/errors.ts';
import { validateSummary } from '../../lib/report/validate.ts';
import type { Summary } from '../../lib/report/model.ts';

export async function readSummaryFile(file: string, role: string): Promise<Summary> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new HarnessError(
      `${role} ${file} cannot be read; check the path (a run writes reports/<run-id>/summary.json)`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new HarnessError(`${role} ${file} is not valid JSON (${(error as Error).message})`);
  }
  const result = validateSummary(json);
  if (!result.ok)
    throw new HarnessError(
      `${role} ${file} is not a valid summary.json: ${result.problems.slice(0, 3).join('; ')}`,
    );
  return result.summary;
}
