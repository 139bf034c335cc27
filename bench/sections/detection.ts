/**
 * Section 5: how fast the harness catches each fault of the sandbox's catalogue, and how small
 * the counterexample it shrinks to: from the mutation matrix (properties/matrix.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchSection } from '../section.ts';

const MATRIX = fileURLToPath(new URL('../../properties/matrix.ts', import.meta.url));

export const detection: BenchSection = {
  name: 'detection',
  title: 'Detection speed per catalogue fault',
  budgetMs: (quick) => (quick ? 60_000 : 240_000),
  run() {
    if (!existsSync(MATRIX))
      return Promise.resolve({ status: 'skipped', reason: 'properties/matrix.ts has not landed yet' });
    return Promise.resolve({
      status: 'skipped',
      reason: 'the mutation matrix is not wired into the bench yet',
    });
  },
};
