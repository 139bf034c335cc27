/**
 * `npm run repro` on a walk whose request the reached target leaves without an answer: the hunt's
 * finding (every-request-answered, exit 1), shrunk, its reproductions written; the curl script and
 * the Artillery reproduction each say reproduced (1) on their own, where they said "cannot judge"
 * (2). A target never reached is the one line of a HarnessError (exit 2). Against a tiny server
 * (test/lib/unanswering-server.ts) that drops every request whose q is `drop` and answers the rest.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reproOptions } from '../../lib/repro/options.ts';
import { runRepro, type ReproResult } from '../../lib/repro/run.ts';
import { startUnansweringServer, type UnansweringServer } from '../lib/unanswering-server.ts';
import { runArtilleryRepro, runCurlScript } from './run-script.ts';
import '../setup/provide-layers.ts';

const KEY = 'no-answer-repro-test-key-0001';

const targetFile = (baseUrl: string) => ({
  baseUrl,
  apiKeyHeader: 'X-Test-Api-Key',
  load: { allowed: false, maxRps: 5 },
  tenants: [{ name: 'tenant-a', quiescent: true, keys: { full: { value: KEY } } }],
});

describe('repro of a walk the reached target leaves without an answer', { timeout: 120_000 }, () => {
  let work: string;
  let server: UnansweringServer;
  let result: ReproResult;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'repro-no-answer-'));
    server = await startUnansweringServer();
    const target = path.join(work, 'target.json');
    await writeFile(target, JSON.stringify(targetFile(server.baseUrl)));
    const options = reproOptions(
      {
        endpoint: 'menuItems',
        params: 'q=drop&limit=5',
        target,
        seed: '3',
        times: '3',
        'replay-budget': '20s',
        'shrink-budget': '10s',
        'reports-dir': path.join(work, 'reports'),
      },
      {},
    );
    result = await runRepro(options);
  });

  afterAll(async () => {
    await server.close();
    await rm(work, { recursive: true, force: true });
  });

  it('should be the finding of the hunt, the request named without its key', () => {
    expect(result.verdict).toBe('reproduced');
    expect(result.summary.exitCode).toBe(1);
    const failure = result.outcome.shrunk?.replay.failures[0];
    expect(failure).toMatchObject({ check: 'every-request-answered', code: 'NO_HTTP_ANSWER' });
    expect(failure?.message).toMatch(
      /^no HTTP answer to GET \/public\/menu\/items\?\S*q=drop\S* \(tenant tenant-a's full key by bearer\): /,
    );
    expect(result.outcome.shrunk?.replay.steps.at(-1)).toMatchObject({ status: 0, showsBug: true });
    const failed = result.summary.checks.filter((check) => check.verdict === 'failed');
    expect(failed.map((check) => check.name)).toEqual(['every-request-answered']);
  });

  it('should write reproductions that say reproduced on their own, and the key nowhere', async () => {
    const env = { BASE_URL: server.baseUrl, KEY_TENANT_A_FULL: KEY };
    const [curl = '', runner = ''] = result.outcome.reproduction.map((file) =>
      path.join(result.paths.runDir, file),
    );
    const [curlRun, artilleryRun] = await Promise.all([
      runCurlScript(curl, env),
      runArtilleryRepro(runner, env),
    ]);
    expect(curlRun.code, curlRun.stdout + curlRun.stderr).toBe(1);
    expect(curlRun.stdout).toMatch(
      /^REPRODUCED: every-request-answered: step \d+ got no HTTP answer again \(curl: \((52|56)\) /m,
    );
    expect(artilleryRun.code, artilleryRun.stdout + artilleryRun.stderr).toBe(1);
    expect(artilleryRun.stdout).toMatch(/BUG: every-request-answered: no HTTP answer to GET /);
    expect(artilleryRun.stdout).toMatch(/REPRODUCED: every-request-answered failed again/);
    const entries = await readdir(path.join(work, 'reports'), { recursive: true, withFileTypes: true });
    for (const entry of entries.filter((each) => each.isFile())) {
      const file = path.join(entry.parentPath, entry.name);
      expect((await readFile(file, 'utf8')).includes(KEY), file).toBe(false);
    }
  });
});

describe('repro --under-load whose first walks, of the other tenants, get no answer', () => {
  it("should be the hunt's finding before any replay, the request named", async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'repro-owners-'));
    // The first request is a first page of the walks that learn whose records are whose, before any replay.
    const server = await startUnansweringServer((n) => n === 1);
    try {
      const target = path.join(work, 'target.json');
      const file = targetFile(server.baseUrl);
      file.load = { allowed: true, maxRps: 20 };
      file.tenants.push({ name: 'tenant-b', quiescent: true, keys: { full: { value: `${KEY}-b` } } });
      await writeFile(target, JSON.stringify(file));
      const options = reproOptions(
        {
          endpoint: 'menuItems',
          params: 'limit=5',
          target,
          tenant: 'tenant-a',
          'under-load': true,
          seed: '3',
          times: '2',
          'replay-budget': '10s',
          'reports-dir': path.join(work, 'reports'),
        },
        {},
      );
      const result = await runRepro(options);

      expect(result.verdict).toBe('reproduced');
      expect(result.summary.exitCode).toBe(1);
      expect(result.outcome.hunted.found?.failures[0]?.message).toMatch(
        /^no HTTP answer to GET \/public\/menu\/items\S* \(tenant tenant-[ab]'s full key by \w+\): /,
      );
      expect(result.outcome.hunted.tries).toBe(0);
      const failed = result.summary.checks.filter((check) => check.verdict === 'failed');
      expect(failed.map((check) => check.name)).toEqual(['every-request-answered']);
    } finally {
      await server.close();
      await rm(work, { recursive: true, force: true });
    }
  });
});

describe('repro against a target never reached', () => {
  it('should end with the one line of the unreachable host, not a finding', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'repro-unreached-'));
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    try {
      const target = path.join(work, 'target.json');
      await writeFile(target, JSON.stringify(targetFile(`http://127.0.0.1:${port}/api/v1`)));
      const options = reproOptions(
        {
          endpoint: 'orders',
          params: 'limit=5',
          target,
          seed: '3',
          times: '2',
          'replay-budget': '5s',
          'reports-dir': path.join(work, 'reports'),
        },
        {},
      );
      const error = (await runRepro(options).catch((caught: unknown) => caught)) as Error;
      expect(error).toMatchObject({ name: 'HarnessError' });
      expect(error.message).toMatch(
        new RegExp(`^cannot reach http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`),
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
