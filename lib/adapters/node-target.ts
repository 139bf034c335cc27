/** Reads a target file from disk: one clear line per problem, never a stack trace. */
import { readFile } from 'node:fs/promises';
import { HarnessError } from '../errors.ts';
import { resolveTarget, type Target } from '../target/target.ts';

export async function loadTargetFile(path: string, env: Record<string, string | undefined>): Promise<Target> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new HarnessError(`target file ${path} cannot be read; check the path given to --target`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new HarnessError(`target file ${path} is not valid JSON (${(error as Error).message})`);
  }
  const result = resolveTarget(json, env);
  if (!result.ok) throw new HarnessError(result.problems.map((problem) => `${path} ${problem}`).join('\n'));
  return result.target;
}
