/**
 * A failing HEAD step in a curl reproduction (what http.head's failures write): sent as HEAD alone
 * and under load, judged on its status only (a HEAD has no content, RFC 9110 §9.3.2), against a
 * sandbox that answers HEAD before reading the key (head-skips-auth) and a clean one.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCall } from '../../lib/http/call.ts';
import { curlScript } from '../../lib/repro/curl.ts';
import type { ReproStep } from '../../lib/repro/step-walks.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { keyValues, startSmallSandbox } from '../properties-runner/live-target.ts';
import { runCurlScript } from './run-script.ts';

const keyless: ApiCall = {
  endpoint: 'orders',
  query: { limit: '5' },
  credential: { tenant: 'tenant-a', role: 'none', scheme: 'bearer' },
};

/** GET without a key (401), then HEAD without a key, served (200): the bug. */
const HEAD_SERVED: ReproStep[] = [
  { call: keyless, status: 401 },
  { call: { ...keyless, method: 'HEAD' }, status: 200, showsBug: true },
];

/**
 * The same, and a GET without a key marked as served too, which no sandbox serves: alone, one of
 * the two bug statuses comes back, so the script asks under load, where only the HEAD's copies
 * can answer 200 again.
 */
const UNDER_LOAD: ReproStep[] = [...HEAD_SERVED, { call: keyless, status: 200, showsBug: true }];

/** GET, HEAD and GET again without a key, all 401: what http.head sends when HEAD's fields disagree. */
const HEAD_FIELDS: ReproStep[] = [
  { call: keyless, status: 401 },
  { call: { ...keyless, method: 'HEAD' }, status: 401 },
  { call: keyless, status: 401 },
];
/** GET, HEAD and GET again of a page with tenant-a's full key: its ETag on each (tenant-a holds still). */
const full: ApiCall = { ...keyless, credential: { tenant: 'tenant-a', role: 'full', scheme: 'bearer' } };
const PAGE_FIELDS: ReproStep[] = [
  { call: full, status: 200 },
  { call: { ...full, method: 'HEAD' }, status: 200 },
  { call: full, status: 200 },
];
const STATUS_FAILURE = {
  check: 'head-like-get',
  message: 'HEAD served',
  expected: 'HEAD 401',
  received: 'HEAD 200',
};
const FIELDS_FAILURE = {
  check: 'head-fields-like-get',
  message: "HEAD's Content-Length: 0",
  expected: 'Content-Length: 139',
  received: 'Content-Length: 0 on HEAD',
};

describe('a HEAD step of a curl reproduction', () => {
  let work: string;
  let faulty: RunningSandbox;
  let clean: RunningSandbox;
  let zero: RunningSandbox;
  let tagged: RunningSandbox;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'curl-head-'));
    [faulty, clean, zero, tagged] = await Promise.all([
      startSmallSandbox({ faults: ['head-skips-auth'], targetPath: path.join(work, 'faulty.json') }),
      startSmallSandbox({ targetPath: path.join(work, 'clean.json') }),
      startSmallSandbox({ faults: ['head-content-length-zero'], targetPath: path.join(work, 'zero.json') }),
      startSmallSandbox({ faults: ['head-etag-of-empty-body'], targetPath: path.join(work, 'tagged.json') }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([faulty.close(), clean.close(), zero.close(), tagged.close()]);
    await rm(work, { recursive: true, force: true });
  });

  /** The script of `steps`, run against `sandbox`: its base URL and keys read from its target file. */
  async function run(steps: readonly ReproStep[], sandbox: RunningSandbox, failure = STATUS_FAILURE) {
    const targetFile = sandbox.targetPath ?? '';
    const script = curlScript({
      title: 'Reproduction of property http.head',
      replay: 'npm run props -- --fault head-skips-auth --property http.head --seed 1 --path 0',
      target: { file: targetFile },
      apiKeyHeader: sandbox.target.apiKeyHeader,
      steps,
      failures: [failure],
      tenants: sandbox.target.tenants.map((tenant) => tenant.name),
      maxRps: sandbox.target.load.maxRps,
      quiescent: ['tenant-a'],
    });
    const file = path.join(
      work,
      `${failure.check}-${steps.length}-on-${path.basename(targetFile, '.json')}.sh`,
    );
    await writeFile(file, script);
    const result = await runCurlScript(file, { LOAD_ROUNDS: '1' });
    for (const key of keyValues(sandbox.target))
      expect(`${script}${result.stdout}${result.stderr}`).not.toContain(key);
    return result;
  }

  it('should show the HEAD served without a key again, alone', async () => {
    const { code, stdout, stderr } = await run(HEAD_SERVED, faulty);
    expect(stdout, stderr).toMatch(/^REPRODUCED: head-like-get: step 1 answered HTTP 200 again/m);
    expect(code).toBe(1);
  });

  it('should send its copies under load as HEAD, where they are served again', async () => {
    const { code, stdout, stderr } = await run(UNDER_LOAD, faulty);
    expect(stdout, stderr).toMatch(/^BUG: under load, step 1 answered HTTP 200 again/m);
    expect(stdout).toMatch(/^REPRODUCED: under load \(/m);
    expect(code).toBe(1);
  });

  it('should find nothing on the clean sandbox: a HEAD refused without content is no Error-shape bug', async () => {
    const { code, stdout, stderr } = await run(HEAD_SERVED, clean);
    expect(stdout, stderr).not.toMatch(/BUG/);
    expect(stdout).toMatch(/^not reproduced: 0 of 1 steps .*; nor under load \(/m);
    expect(code).toBe(0);
  });

  it("should show a HEAD's Content-Length other than GET's octets, between two GETs of the same bytes", async () => {
    const { code, stdout, stderr } = await run(HEAD_FIELDS, zero, FIELDS_FAILURE);
    expect(stdout, stderr).toMatch(
      /^BUG: step 1: HEAD answered HTTP 401 with Content-Length: 0, where GET's body for the same request \(steps 0 and 2, the same bytes\) is [1-9]\d+ octets/m,
    );
    expect(code).toBe(1);
  });

  it("should find HEAD's fields right on the clean sandbox", async () => {
    const { code, stdout, stderr } = await run(HEAD_FIELDS, clean, FIELDS_FAILURE);
    expect(stdout, stderr).not.toMatch(/BUG/);
    expect(stdout).toMatch(/^not reproduced: /m);
    expect(code).toBe(0);
  });

  it("should show a HEAD's ETag other than the one both GETs of the page sent", async () => {
    const { code, stdout, stderr } = await run(PAGE_FIELDS, tagged, FIELDS_FAILURE);
    expect(stdout, stderr).toMatch(
      /^BUG: step 1: HEAD answered HTTP 200 with another etag than GET's for the same request \(steps 0 and 2, the same etag\)/m,
    );
    expect(code).toBe(1);
  });

  it("should find a page's HEAD fields right on the clean sandbox", async () => {
    const { code, stdout, stderr } = await run(PAGE_FIELDS, clean, FIELDS_FAILURE);
    expect(stdout, stderr).not.toMatch(/BUG/);
    expect(code).toBe(0);
  });
});
