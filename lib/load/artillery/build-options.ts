/** The option table of `npm run build`, and its reading. */
import path from 'node:path';
import type { FlagValues, OptionTable } from '../../cli/options.ts';
import { readerOf, type Env } from '../../cli/read.ts';
import { ENGINE_DIR } from './build-engine.ts';

export const BUILD_OPTIONS = {
  'out-dir': {
    value: 'DIR',
    env: false,
    default: path.relative(process.cwd(), ENGINE_DIR) || ENGINE_DIR,
    help: 'where the engine package goes',
  },
} as const satisfies OptionTable;

/** Where the engine package goes (absolute), from the flags. */
export function buildOptions(flags: FlagValues, env: Env): { outDir: string } {
  return { outDir: path.resolve(readerOf(BUILD_OPTIONS, flags, env).value('out-dir')) };
}
