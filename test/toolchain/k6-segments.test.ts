import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { K6_EXIT, resolveK6 } from '../../scripts/lib/k6.ts';
import { mergePointFiles } from '../../scripts/lib/k6-merge.ts';
import { runSegmented, segmentOf, segmentSequence } from '../../scripts/lib/k6-segments.ts';
import { buildHello } from './hello-bundle.ts';
import { respondWith, startLocalServer, type LocalServer } from './local-server.ts';

describe('execution segments', () => {
  it('should cut a test into equal segments', () => {
    expect(segmentSequence(3)).toBe('0,1/3,2/3,1');
    expect([0, 1, 2].map((i) => segmentOf(i, 3))).toEqual(['0:1/3', '1/3:2/3', '2/3:1']);
    expect(segmentOf(0, 1)).toBe('0:1');
  });
});

describe('runSegmented under the real k6', () => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'k6-segments-'));
  let bundle = '';
  let server: LocalServer;

  beforeAll(async () => {
    bundle = await buildHello(workDir);
    server = await startLocalServer(respondWith(200));
  });

  afterAll(() => server.close());

  it('should split 20 iterations over 2 processes and merge their points into one summary', async () => {
    resolveK6(); // without k6 this fails the test with the one-line install hint; never a skip
    const outDir = path.join(workDir, 'points');

    const run = await runSegmented({
      script: bundle,
      n: 2,
      outDir,
      env: { BASE_URL: server.url },
      args: ['--vus', '2', '--iterations', '20'],
      timeoutMs: 60_000,
    });

    expect(run.exitCode).toBe(K6_EXIT.ok);
    expect(run.segments.map((s) => s.segment)).toEqual(['0:1/2', '1/2:1']);
    expect(server.requests).toBe(20);
    const { metrics } = run.summary;
    expect(metrics.iterations?.values.count).toBe(20);
    expect(metrics.http_reqs?.values.count).toBe(20);
    expect(metrics.checks?.values).toMatchObject({ passes: 20, fails: 0 });
    expect(metrics.http_req_duration?.values.count).toBe(20);
    // Each process did its share: the split is real, not one process doing everything.
    for (const segment of run.segments) {
      const own = await mergePointFiles([segment.pointsFile]);
      expect(own.metrics.iterations?.values.count).toBe(10);
    }
    // Merged per segment, or computed once over all real points: the same numbers.
    const union = path.join(workDir, 'union.json');
    writeFileSync(union, run.segments.map((s) => gunzipSync(readFileSync(s.pointsFile))).join(''));
    expect((await mergePointFiles([union])).metrics).toEqual(metrics);
  });
});
