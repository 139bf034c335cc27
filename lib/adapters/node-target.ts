/** Reads a target file from disk: one clear line per problem, never a stack trace. */
import { HarnessError } from '../errors.ts';
import { resolveTarget, type Target } from '../target/target.ts';
import { readJsonFile } from './node-json-file.ts';

export async function loadTargetFile(path: string, env: Record<string, string | undefined>): Promise<Target> {
  const json = await readJsonFile(path, {
    what: 'target file',
    unreadable: 'check the path given to --target',
    notJson: 'fix the file (the README shows the format)',
  });
  const result = resolveTarget(json, env);
  if (!result.ok) throw new HarnessError(result.problems.map((problem) => `${path} ${problem}`).join('\n'));
  return result.target;
}
