import { chmodSync, cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { K6NotFoundError, resolveK6 } from '../../scripts/lib/k6.ts';
import { K6_INSTALL_HINT, K6_PIN } from '../../scripts/lib/k6-pin.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const nowhere = path.join(tmpdir(), 'no-such-dir-for-k6');

/** A directory with an executable `k6` that reports `version`, with the page screen or without. */
function fakeK6Dir(version: string, { pageScreen = true } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-k6-'));
  const bin = path.join(dir, 'k6');
  const extensions = pageScreen
    ? 'echo "Extensions:"\necho "  paging-harness/k6ext/pagefold (devel), k6/x/pagefold [js]"\n'
    : '';
  writeFileSync(bin, `#!/bin/sh\necho "k6 ${version} (go1.26.8, linux/amd64)"\n${extensions}`);
  chmodSync(bin, 0o755);
  return dir;
}

describe('resolveK6', () => {
  it('should prefer K6_BIN over .tools and PATH', () => {
    const dir = fakeK6Dir('v9.9.9');

    const found = resolveK6({ k6Bin: path.join(dir, 'k6'), toolsK6: nowhere, path: fakeK6Dir('v1.0.0') });

    expect(found).toEqual({ bin: path.join(dir, 'k6'), version: 'v9.9.9', source: 'K6_BIN' });
  });

  it('should fall back to k6 on PATH', () => {
    const dir = fakeK6Dir('v1.2.3');

    const found = resolveK6({ k6Bin: undefined, toolsK6: nowhere, path: dir });

    expect(found).toMatchObject({ version: 'v1.2.3', source: 'PATH' });
  });

  it('should fail with one line telling how to install k6 when there is none', () => {
    const resolve = () => resolveK6({ k6Bin: undefined, toolsK6: nowhere, path: nowhere });

    expect(resolve).toThrow(K6NotFoundError);
    expect(resolve).toThrow(K6_INSTALL_HINT);
    expect(K6_INSTALL_HINT).not.toContain('\n');
  });

  it('should fail with one line naming a k6 without the page screen and how to get one', () => {
    const stock = path.join(fakeK6Dir(K6_PIN, { pageScreen: false }), 'k6');

    const fromEnv = () => resolveK6({ k6Bin: stock, toolsK6: nowhere, path: nowhere });
    const fromPath = () => resolveK6({ k6Bin: undefined, toolsK6: nowhere, path: path.dirname(stock) });

    expect(fromEnv).toThrow(
      /^K6_BIN=\S+ is a k6 without the harness's page screen \(k6\/x\/pagefold\): [^\n]*npm install[^\n]*$/,
    );
    expect(fromPath).toThrow(/^\S+ \(on PATH\) is a k6 without the harness's page screen [^\n]*$/);
  });

  it('should fail with one line naming K6_BIN when it is not a k6', () => {
    const resolve = () => resolveK6({ k6Bin: nowhere, toolsK6: nowhere, path: nowhere });

    expect(resolve).toThrow(/^K6_BIN=\S+ does not run as k6 [^\n]*$/);
  });
});

describe('the k6 pin', () => {
  it('should be the k6 version k6ext/go.mod builds', () => {
    const goMod = readFileSync(path.join(ROOT, 'k6ext/go.mod'), 'utf8');

    expect(goMod).toMatch(new RegExp(`^\\s*go\\.k6\\.io/k6 ${K6_PIN.replaceAll('.', '\\.')}$`, 'm'));
  });
});

describe('install-k6 without k6 and without Go', () => {
  it('should print one line saying how to install k6 and exit 0', () => {
    // A copy of the install script in an empty project: no .tools/bin/k6 there, and a PATH that
    // holds node but neither k6 nor go.
    const project = mkdtempSync(path.join(tmpdir(), 'install-k6-'));
    for (const dir of ['scripts', 'lib'])
      cpSync(path.join(ROOT, dir), path.join(project, dir), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'));
    const nodeOnly = mkdtempSync(path.join(tmpdir(), 'node-only-'));
    symlinkSync(process.execPath, path.join(nodeOnly, 'node'));

    const run = spawnSync(
      path.join(nodeOnly, 'node'),
      [
        '--import',
        pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href,
        'scripts/install-k6.ts',
      ],
      { cwd: project, encoding: 'utf8', env: { PATH: nodeOnly }, timeout: 30_000 },
    );

    expect(run.status).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(K6_INSTALL_HINT);
  });
});
