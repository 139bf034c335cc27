/** Reads a target file from disk: one clear line per problem, never a stack trace. */
import { HarnessError } from '../errors.ts';
import { resolveTarget, type Target } from '../target/target.ts';
import { readJsonFile } from './node-json-file.ts';

type Env = Record<string, string | undefined>;

/** The target file resolved, and its JSON as read (the load engine gets it as it is), in one read. */
export async function readTargetFile(path: string, env: Env): Promise<{ target: Target; json: unknown }> {
  const json = await readJsonFile(path, {
    what: 'target file',
    unreadable: 'check the path given to --target',
    notJson: 'fix the file (the README shows the format)',
  });
  const result = resolveTarget(json, env);
  if (!result.ok) throw new HarnessError(result.problems.map((problem) => `${path} ${problem}`).join('\n'));
  return { target: result.target, json };
}

/** The target file resolved: its keys read from `env`, one clear line per problem. */
export const loadTargetFile = async (path: string, env: Env): Promise<Target> =>
  (await readTargetFile(path, env)).target;
