/** handleSummary of every scenario: the summary as JSON where the harness asked, a short text. */
import { summaryText, type K6Summary } from '../../lib/load/summary.ts';
import type { ScenarioContext } from './context.ts';

/** In a segmented run each k6 process writes its own file. */
function summaryPath(ctx: ScenarioContext): string | undefined {
  const path = ctx.config.summaryPath;
  const segment = __ENV.SEGMENT_INDEX;
  if (!path || segment === undefined) return path;
  return path.replace(/(\.json)?$/, `-${segment}.json`);
}

export function summaryOutputs(
  ctx: ScenarioContext,
  data: K6Summary & { setup_data?: unknown },
): Record<string, string> {
  // setup_data holds every tenant's ids in the isolation scenario: bulky, and not a result.
  const summary = { ...data };
  delete summary.setup_data;
  const path = summaryPath(ctx);
  return { stdout: summaryText(summary), ...(path ? { [path]: JSON.stringify(summary, null, 2) } : {}) };
}
