/**
 * The dry run for Artillery's distributed runners writes a directory that runs as written: the
 * script and the engine package it names, run here by the pinned Artillery, load the target and
 * pass; the command names the runner; no key value is in any file, only the variables' names.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/start.ts';
import { prepareDistributedLoad } from '../../lib/load/run/distributed.ts';
import { keysFromEnv, runLocally } from './distributed-run.ts';
import { RUN_TIMEOUT_MS } from './run-helpers.ts';
import '../setup/provide-layers.ts';

const root = mkdtempSync(path.join(tmpdir(), 'distributed-'));
let sandbox: RunningSandbox;
let targetFile: string;
let targetJson: string;
let env: Record<string, string> = {};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, orders: 300, menuItemsPerTenant: 40 });
  // The sandbox's own target file holds its keys inline: move each into an environment variable.
  ({ targetJson, env } = keysFromEnv(sandbox.target));
  targetFile = path.join(root, 'target.json');
  writeFileSync(targetFile, targetJson);
});

afterAll(async () => {
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

describe('--platform dry run', () => {
  it(
    'should write a directory Artillery runs as written, with the command and no key',
    { timeout: RUN_TIMEOUT_MS },
    async () => {
      const dir = path.join(root, 'fargate');
      const plan = await prepareDistributedLoad(
        { scenario: 'walk', profile: 'smoke', duration: '2s', target: targetFile, outDir: dir, env },
        'fargate',
        3,
        // Run here below: the sandbox's loopback URL answers this machine, as no cloud runner's would.
        { region: 'eu-west-1', runsHere: true },
      );

      expect(plan.command).toEqual([
        'npx',
        '--yes',
        'artillery@2.0.34',
        'run-fargate',
        '--count',
        '3',
        '--region',
        'eu-west-1',
        '--dotenv',
        '.env',
        '--output',
        'report.json',
        'artillery.yml',
      ]);
      expect(plan.credentials).toMatch(/AWS/);
      // 2 s at 2 walks/s: each of the 3 instances runs 1, and the schedule's fourth is left out.
      expect(plan.arrivals).toEqual({ scheduled: 4, planned: 3, perInstance: 1 });
      const envExample = readFileSync(path.join(dir, '.env.example'), 'utf8');
      for (const [name, value] of Object.entries(env)) {
        expect(envExample).toContain(`${name}=\n`);
        for (const file of filesUnder(dir)) expect(readFileSync(file, 'utf8'), file).not.toContain(value);
      }

      const run = await runLocally(dir, { targetJson, env });
      expect(run.exitCode).toBe(0);
      const points = filesUnder(path.join(dir, 'points'));
      expect(points.length).toBeGreaterThan(0);
      expect(gunzipSync(readFileSync(points[0] ?? '')).toString('utf8')).toMatch(/"m":"latency"/);
    },
  );

  it('should refuse a target whose keys are inline, before writing anything', async () => {
    const inline = path.join(root, 'inline.json');
    writeFileSync(inline, JSON.stringify(sandbox.target));
    await expect(
      prepareDistributedLoad({ target: inline, outDir: path.join(root, 'inline') }, 'lambda', 2),
    ).rejects.toThrow(/^--platform needs a target file whose keys all come from environment variables/);
  });

  it('should refuse a loopback baseUrl, which no cloud runner reaches, before writing anything', async () => {
    await expect(
      prepareDistributedLoad({ target: targetFile, outDir: path.join(root, 'loopback'), env }, 'fargate', 2),
    ).rejects.toThrow(
      `--platform fargate: the target's baseUrl ${sandbox.baseUrl} is loopback, which a cloud runner cannot reach`,
    );
    expect(existsSync(path.join(root, 'loopback'))).toBe(false);
  });

  it('should refuse the sandbox, which runs on this machine only', async () => {
    await expect(prepareDistributedLoad({}, 'aci', 2)).rejects.toThrow(/^--platform needs --target/);
  });
});
