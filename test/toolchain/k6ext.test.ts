/** The Go side of the harness's k6 (k6ext/): its own unit tests, go vet and gofmt, from npm test. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const K6EXT = path.resolve(import.meta.dirname, '../../k6ext');
const run = (cmd: string, ...args: string[]) =>
  spawnSync(cmd, args, {
    cwd: K6EXT,
    encoding: 'utf8',
    env: { ...process.env, GOFLAGS: '-mod=mod', GOWORK: 'off' },
    timeout: 280_000,
  });

describe('k6ext (the page screen, in Go)', () => {
  it('should pass go vet, gofmt and its unit tests', { timeout: 300_000 }, () => {
    const vet = run('go', 'vet', './...');
    expect(vet.status, vet.stderr).toBe(0);
    const format = run('gofmt', '-l', '.');
    expect(format.stdout.trim(), 'files gofmt would change').toBe('');
    const tests = run('go', 'test', './...');
    expect(tests.status, tests.stdout + tests.stderr).toBe(0);
  });
});
