/**
 * Steps of http.other-methods in a curl reproduction: a write sent with its JSON body (curl -T from
 * the line's here-string) and a GET of a path beside a list (the call's pathSuffix), each shown
 * by its status alone, against a sandbox with post-creates-order and order-detail-route and a
 * clean one.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeClient } from '../../lib/adapters/node-http.ts';
import type { ApiCall } from '../../lib/http/call.ts';
import { curlScript } from '../../lib/repro/curl.ts';
import type { ReproStep } from '../../lib/repro/step-walks.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { startSmallSandbox, targetOf } from '../properties-runner/live-target.ts';
import { runCurlScript } from './run-script.ts';

const full = { tenant: 'tenant-a', role: 'full', scheme: 'bearer' } as const;

/** A POST of an order as JSON: 201 on the faulty sandbox, 405 on the clean one. */
const posted: ApiCall = {
  endpoint: 'orders',
  query: {},
  credential: full,
  method: 'POST',
  body: JSON.stringify({ number: "#it's", status: 'OPEN', locationId: null }),
  headers: { 'content-type': 'application/json' },
};

describe('the steps of http.other-methods in a curl reproduction', () => {
  let work: string;
  let faulty: RunningSandbox;
  let clean: RunningSandbox;
  let foreign: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'curl-writes-'));
    const faults = ['post-creates-order', 'order-detail-route'];
    [faulty, clean] = await Promise.all([
      startSmallSandbox({ faults, targetPath: path.join(work, 'faulty.json') }),
      startSmallSandbox({ targetPath: path.join(work, 'clean.json') }),
    ]);
    const client = createNodeClient(targetOf(faulty.target));
    const page = await client.send({
      endpoint: 'orders',
      query: { limit: '1' },
      credential: { ...full, tenant: 'tenant-b' },
    });
    await client.close();
    foreign = (page.body as { data: { id: string }[] }).data[0]?.id ?? '';
  }, 60_000);

  afterAll(async () => {
    await Promise.all([faulty.close(), clean.close()]);
    await rm(work, { recursive: true, force: true });
  });

  /** The script of the two steps, each shown by its status, run against `sandbox`. */
  async function run(sandbox: RunningSandbox) {
    const detail: ApiCall = { endpoint: 'orders', query: {}, credential: full, pathSuffix: `/${foreign}` };
    const steps: ReproStep[] = [
      { call: posted, status: 201, showsBug: true },
      { call: detail, status: 200, showsBug: true },
    ];
    const targetFile = sandbox.targetPath ?? '';
    const script = curlScript({
      title: 'Reproduction of property http.other-methods',
      replay: 'npm run props -- --fault post-creates-order --property http.other-methods --seed 1 --path 0',
      target: { file: targetFile },
      apiKeyHeader: sandbox.target.apiKeyHeader,
      steps,
      failures: [{ check: 'other-method-refused', message: 'POST taken', expected: '405', received: '201' }],
      tenants: [],
      maxRps: sandbox.target.load.maxRps,
    });
    const file = path.join(work, `on-${path.basename(targetFile, '.json')}.sh`);
    await writeFile(file, script);
    return runCurlScript(file, { LOAD_ROUNDS: '1' });
  }

  it('should send the body and the path, and show both statuses again on the faulty sandbox', async () => {
    const { code, stdout, stderr } = await run(faulty);
    expect(stdout, stderr).toMatch(/^REPRODUCED: other-method-refused/m);
    expect(code).toBe(1);
  });

  it('should not reproduce on the clean sandbox, which refuses both', async () => {
    const { code, stdout, stderr } = await run(clean);
    expect(stdout, stderr).toMatch(/^not reproduced: 0 of 2 steps/m);
    expect(code).toBe(0);
  });
});
