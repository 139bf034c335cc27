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
    sandbox = await startSandbox({ orders: 1000 });
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(work, { recursive: true, force: true });
  });

  /** Runs the recipe in `work` with the sandbox's key; what it printed on stderr and the walk it recorded. */
  async function record(env: Record<string, string> = {}) {
    const key = sandbox.target.tenants[0]?.keys.full;
    if (!key || !('value' in key)) throw new Error('the sandbox has no inline full key');
    await writeFile(path.join(work, 'record.sh'), await recipe());
    // Not execFileSync: the sandbox answers from this process.
    const { stderr } = await promisify(execFile)('bash', ['record.sh'], {
      cwd: work,
      env: { PATH: process.env.PATH, BASE_URL: sandbox.baseUrl, KEY: key.value, ...env },
      timeout: 30_000,
    });
    const file = path.join(work, 'customer.har');
    const stripped = await readHarFile(file);
    const result = customerWalk(stripped.har, stripped.keys);
    if (!result.ok) throw new Error(result.problem);
    return { stderr, text: await readFile(file, 'utf8'), key: key.value, walk: result.walk };
  }

  it('should record the walk as HAR 1.2 with its answers, and never write the key', async () => {
    const { stderr, text, key, walk } = await record();
    expect(text).not.toContain(key);
    expect(walk.endpoint).toBe('orders');
    expect(walk.filters).toEqual({ status: 'OPEN' });
    expect(walk.pages.length).toBeGreaterThan(2);
    expect(stderr).not.toContain('stopped after');
  });

  it('should say so when it stops at MAX_PAGES before the walk ends', async () => {
    const { stderr, walk } = await record({ MAX_PAGES: '2' });
    expect(walk.pages).toHaveLength(2);
    expect(stderr).toBe(
      'stopped after 2 pages (MAX_PAGES): the walk goes on; customer.har holds its first 2\n',
    );
  });
});
