import type { SandboxOptions } from '../../sandbox/start.ts';
import type { Item, Page, SandboxClient } from './client.ts';

/** How one fault is shown: extra options for its sandbox, and checks that fail on a clean one. */
export interface FaultShowcase {
  options?: SandboxOptions;
  show(client: SandboxClient): Promise<void>;
}

export const idsOf = (items: Item[] | undefined): string[] => (items ?? []).map((item) => item.id);
export const pageIds = (pages: Page[]): string[] => pages.flatMap((page) => idsOf(page.data));

/** Polls `condition` until it holds, within a time budget (never a fixed sleep). */
export async function until(condition: () => Promise<boolean>, budgetMs: number): Promise<void> {
  const deadline = Date.now() + budgetMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${budgetMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Milliseconds one call takes. */
export async function timed(call: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await call();
  return performance.now() - start;
}
