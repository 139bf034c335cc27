/**
 * A section's run against nginx's canned pages: nginx found (or installed), started with the
 * bench's site, its target file written, stopped afterwards; skipped with the reason without nginx.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startNginx } from './nginx/server.ts';
import { cannedTarget } from './nginx/target.ts';
import type { BenchContext, SectionOutcome } from './section.ts';
import { ensureTool } from './tools.ts';

export async function onCannedPages(
  context: BenchContext,
  name: string,
  run: (targetFile: string) => Promise<SectionOutcome>,
): Promise<SectionOutcome> {
  const nginxTool = await ensureTool('nginx', context.log);
  if (!nginxTool.ok) return { status: 'skipped', reason: nginxTool.reason };
  const nginx = await startNginx(nginxTool.tool.bin, { records: 1000 });
  try {
    const targetFile = path.join(context.workDir, `${name}-target.json`);
    writeFileSync(targetFile, JSON.stringify(cannedTarget(nginx.baseUrl)));
    return await run(targetFile);
  } finally {
    await nginx.stop();
  }
}
