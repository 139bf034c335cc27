/**
 * actionlint, which lints the CI example (.github/workflows/gate.yml). Pinned and built from the
 * Go module proxy into .tools/bin.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { HarnessError } from '../errors.ts';
import { spawnBounded } from './spawn-bounded.ts';

const ACTIONLINT_PIN = 'v1.7.12';
const ACTIONLINT_BIN = path.resolve('.tools', 'bin', 'actionlint');
const MODULE = `github.com/rhysd/actionlint/cmd/actionlint@${ACTIONLINT_PIN}`;

/** The one command that installs it; the postinstall step runs the same. */
const ACTIONLINT_INSTALL = `GOBIN=$PWD/.tools/bin GOPROXY=https://proxy.golang.org go install ${MODULE}`;

/** Builds actionlint into .tools/bin when it is not there yet. */
export async function ensureActionlint(timeoutMs: number): Promise<string> {
  if (existsSync(ACTIONLINT_BIN)) return ACTIONLINT_BIN;
  const build = await spawnBounded({
    cmd: 'go',
    args: ['install', MODULE],
    env: {
      ...process.env,
      GOBIN: path.dirname(ACTIONLINT_BIN),
      GOPROXY: process.env.GOPROXY ?? 'https://proxy.golang.org',
    },
    timeoutMs,
  }).catch((error: unknown) => {
    throw new HarnessError(
      `cannot run go to build actionlint (${(error as Error).message}); install Go, or run: ${ACTIONLINT_INSTALL}`,
    );
  });
  if (build.exitCode !== 0 || !existsSync(ACTIONLINT_BIN)) {
    const why = build.timedOut
      ? `timed out after ${timeoutMs / 1000} s`
      : build.stderr.trim().split('\n').slice(-2).join(' | ');
    throw new HarnessError(
      `go install of actionlint ${ACTIONLINT_PIN} failed (${why}); run: ${ACTIONLINT_INSTALL}`,
    );
  }
  return ACTIONLINT_BIN;
}
