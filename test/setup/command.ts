/**
 * How a test runs a command as a user does, in a child process: Node on the command's bundle,
 * built once per `vitest run` by test/setup/build-commands.ts (the unit tests' globalSetup), not
 * Node with tsx's loader, which compiled the harness again in each child. tsx on the sources,
 * the README's `npm run X`, is proved once per command by test/cli/help.test.ts (tsxCommandArgs).
 */
import path from 'node:path';
import { inject } from 'vitest';
import { execAsync, type Exited } from './exec.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's command bundles, `<script>.mjs` each. */
    commandBundles: string;
  }
}

/** Node's arguments that run `scripts/<script>.ts` with `args`, from its bundle. */
export function bundledArgs(script: string, args: readonly string[] = []): string[] {
  const dir = inject('commandBundles');
  if (typeof dir !== 'string')
    throw new Error('no command bundles: test/setup/build-commands.ts is not a globalSetup of this project');
  return [path.join(dir, `${script}.mjs`), ...args];
}

/**
 * Node's arguments that run `scripts/<script>.ts` as `npm run <script>` does: tsx's loader on the
 * sources. Node with the loader, not npx (whose own warnings would mix into stderr) nor tsx's
 * command, which starts a second Node process for each.
 */
export const tsxCommandArgs = (script: string, args: readonly string[] = []): string[] => [
  '--import',
  'tsx',
  `scripts/${script}.ts`,
  ...args,
];

/** Runs `scripts/<script>.ts` (its bundle) to its end without blocking this process; never rejects. */
export const runCommand = (
  script: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<Exited> => execAsync(process.execPath, bundledArgs(script, args), options);
