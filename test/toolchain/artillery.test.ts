/**
 * Artillery as the harness runs it (lib/process/artillery.ts): the pinned install, a real run
 * against a local server, the environment it gets, the time limit, and the one-line errors.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinnedVersion } from '../../lib/process/artillery-layout.ts';
import { artilleryErrorLine, resolveArtillery, runArtillery } from '../../lib/process/artillery.ts';
import { respondWith, startLocalServer, type LocalServer } from './local-server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(tmpdir(), 'artillery-test-'));
const engines = path.join(dir, 'engines');
const spyFile = path.join(dir, 'spy.json');

// An engine found only through NODE_PATH (enginePath): its constructor, which runs in
// Artillery's worker, records the environment Artillery's code sees.
mkdirSync(path.join(engines, 'artillery-engine-envspy'), { recursive: true });
writeFileSync(
  path.join(engines, 'artillery-engine-envspy', 'index.js'),
  `const { writeFileSync } = require('node:fs');
module.exports = function EnvSpy() {
  const { ARTILLERY_DISABLE_TELEMETRY, NODE_OPTIONS, SPY_FILE } = process.env;
  writeFileSync(SPY_FILE, JSON.stringify({ ARTILLERY_DISABLE_TELEMETRY, NODE_OPTIONS, node: process.version }));
};
`,
);

const script = (name: string, target: string, body: string): string => {
  const file = path.join(dir, name);
  writeFileSync(file, `config:\n  target: "${target}"\n${body}`);
  return file;
};

/** The URLs the local server was asked for. */
const seen: (string | undefined)[] = [];
let server: LocalServer;

beforeAll(async () => {
  const ok = respondWith(200);
  server = await startLocalServer((request, response) => {
    seen.push(request.url);
    ok(request, response);
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('resolveArtillery', () => {
  it('should find the pinned Artillery and a Node 22 that runs it', () => {
    const { node, cli, version } = resolveArtillery();
    expect(version).toBe('2.0.34');
    expect(version).toBe(pinnedVersion(path.join(ROOT, 'tools/artillery'), 'artillery'));
    expect(spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout).toMatch(/^v22\./);
    expect(cli).toBe(path.join(ROOT, 'tools/artillery/node_modules/artillery/bin/run'));
  });
});

describe.concurrent('runArtillery', () => {
  it('should run a script with the HTTP engine, telemetry off and engines from enginePath', async () => {
    const file = script(
      'one-get.yml',
      server.url.replace(/\/$/, ''),
      `  engines:\n    envspy: {}\n  phases:\n    - duration: 1\n      arrivalCount: 1\nscenarios:\n  - flow:\n      - get:\n          url: "/v1/menu-items?limit=5"\n`,
    );
    const parentOptions = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = '--max-http-header-size=32768';
    try {
      const run = await runArtillery({
        script: file,
        env: { SPY_FILE: spyFile },
        enginePath: engines,
        timeoutMs: 30_000,
      });
      expect(run, artilleryErrorLine(run)).toMatchObject({ exitCode: 0, timedOut: false });
    } finally {
      if (parentOptions === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = parentOptions;
    }
    expect(seen).toEqual(['/v1/menu-items?limit=5']);
    const { node, ...seenByArtillery } = JSON.parse(readFileSync(spyFile, 'utf8')) as Record<string, string>;
    expect(node).toMatch(/^v22\./);
    expect(seenByArtillery).toEqual({ ARTILLERY_DISABLE_TELEMETRY: 'true' }); // and no NODE_OPTIONS
  });

  it('should stop a run at its time limit and say it timed out', async () => {
    const file = script(
      'long.yml',
      'http://127.0.0.1:9',
      `  phases:\n    - duration: 120\n      arrivalRate: 1\nscenarios:\n  - flow:\n      - think: 60\n`,
    );
    const run = await runArtillery({ script: file, timeoutMs: 2_000 });
    expect(run.timedOut).toBe(true);
    expect(run.exitCode).not.toBe(0);
    expect(run.wallMs).toBeLessThan(2_000 + 5_000 + 2_000);
  });
});

describe('artilleryErrorLine', () => {
  // Verbatim from Artillery 2.0.34 (stack frames shortened).
  it('should name a YAML syntax error with its line', () => {
    const stderr =
      'Error: missed comma between flow collection entries at line 7, column 1:\n    scenarios:\n    ^\n';
    expect(artilleryErrorLine({ stdout: 'Test run id: t6jhx\n', stderr })).toBe(
      'Artillery could not run the script: missed comma between flow collection entries at line 7, column 1',
    );
  });

  it('should name an engine that could not be loaded, not what failed after it', () => {
    const stdout = `Test run id: t4xag_mwjnr
WARNING: engine nosuch specified but module artillery-engine-nosuch could not be loaded
Error: Cannot find module 'artillery-engine-nosuch'
Require stack:
- /work/tools/artillery/node_modules/artillery/dist/lib/builtin-packages.js
worker error, id: 1 TypeError: Cannot read properties of undefined (reading '__name')
`;
    expect(artilleryErrorLine({ stdout, stderr: '' })).toBe(
      `Artillery could not load engine "nosuch" (artillery-engine-nosuch): Cannot find module 'artillery-engine-nosuch'`,
    );
  });

  it('should name an error in a worker', () => {
    const stdout = `Test run id: tyd4d
worker error, id: 1 Error: Invalid duration for phase: abc
    at file:///work/tools/artillery/node_modules/artillery/dist/lib/core/phases.js:42:27
`;
    expect(artilleryErrorLine({ stdout, stderr: '' })).toBe(
      'Artillery could not run the script: Invalid duration for phase: abc',
    );
  });

  it('should name a processor that cannot be imported', () => {
    const stdout = `worker error, id: 1 Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/tmp/nofile.js' imported from /x/runner.js\n`;
    expect(artilleryErrorLine({ stdout, stderr: '' })).toBe(
      "Artillery could not run the script: Cannot find module '/tmp/nofile.js' imported from /x/runner.js",
    );
  });

  it('should name a flag that `artillery run` does not take', () => {
    const stderr = ' ›   Error: Nonexistent flag: --bogus\n ›   See more help with --help\n';
    expect(artilleryErrorLine({ stdout: '', stderr })).toBe(
      'Artillery could not run the script: Nonexistent flag: --bogus',
    );
  });

  it('should be undefined when Artillery printed no error', () => {
    expect(artilleryErrorLine({ stdout: 'Test run id: t1\n', stderr: '' })).toBeUndefined();
  });
});
