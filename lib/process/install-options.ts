/** The option table of `scripts/install-artillery.ts` (the postinstall), and its reading. */
import { numberAbove } from '../cli/kinds.ts';
import type { FlagValues, OptionTable } from '../cli/options.ts';
import { readerOf, type Env } from '../cli/read.ts';

export const INSTALL_OPTIONS = {
  force: { env: 'ARTILLERY_INSTALL_FORCE', help: 'reinstall even if they are there (the variable: 1)' },
  timeout: {
    value: 'SECONDS',
    env: 'ARTILLERY_INSTALL_TIMEOUT',
    default: '600',
    kind: numberAbove(0, '600'),
    help: 'limit for each npm ci',
  },
} as const satisfies OptionTable;

/** Whether to reinstall, and the limit of each `npm ci`, from the flags and the environment. */
export function installOptions(flags: FlagValues, env: Env): { force: boolean; timeoutMs: number } {
  const read = readerOf(INSTALL_OPTIONS, flags, env);
  return { force: read.on('force'), timeoutMs: read.value('timeout') * 1000 };
}
