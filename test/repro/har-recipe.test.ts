/** The curl + jq recipe of docs/repro.md ("A HAR without a browser") records a HAR repro can read. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWalk } from '../../lib/repro/har.ts';
import { readHarFile } from '../../lib/repro/har-read.ts';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';

async function recipe(): Promise<string> {
  const docs = await readFile('docs/repro.md', 'utf8');
  const section = docs.slice(docs.indexOf('### A HAR without a browser'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error('docs/repro.md has no recipe under "A HAR without a browser"');
  return block;
}

describe('the HAR recipe of docs/repro.md', () => {
  let work: string;
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'har-recipe-'));
    sandbox = await startSandbox({ orders: 300 });
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(work, { recursive: true, force: true });
  });

  it('should record the walk as HAR 1.2 with its answers, and never write the key', async () => {
    const key = sandbox.target.tenants[0]?.keys.full;
    if (!key || !('value' in key)) throw new Error('the sandbox has no inline full key');
    await writeFile(path.join(work, 'record.sh'), await recipe());
    // Not execFileSync: the sandbox answers from this process.
    await promisify(execFile)('bash', ['record.sh'], {
      cwd: work,
      env: { PATH: process.env.PATH, BASE_URL: sandbox.baseUrl, KEY: key.value },
      timeout: 30_000,
    });
    const file = path.join(work, 'customer.har');
    expect(await readFile(file, 'utf8')).not.toContain(key.value);
    const stripped = await readHarFile(file);
    const result = customerWalk(stripped.har, stripped.keys);
    if (!result.ok) throw new Error(result.problem);
    expect(result.walk.endpoint).toBe('orders');
    expect(result.walk.filters).toEqual({ status: 'OPEN' });
    expect(result.walk.pages.length).toBeGreaterThan(1);
  });
});
