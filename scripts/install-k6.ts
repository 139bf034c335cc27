/**
 * postinstall: makes sure the harness's k6 is there (the pinned k6 with the page screen module of
 * k6ext/ compiled in), building it with `go build` when it is not or its sources changed.
 * It never fails the install: when k6 cannot be had, it says how to get it in one line and every
 * command that needs k6 later fails with the same line.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HarnessError } from '../lib/errors.ts';
import { EXIT, describeError, parseFlags } from './lib/cli.ts';
import { K6_INSTALL_HINT, K6_PIN } from './lib/k6-pin.ts';
import {
  K6EXT_DIR,
  TOOLS_K6,
  TOOLS_K6_STAMP,
  findOnPath,
  k6extStamp,
  noPageScreen,
  probeK6,
  toolsK6IsCurrent,
} from './lib/k6.ts';
import { spawnBounded } from './lib/k6-spawn.ts';

const USAGE = `Usage: tsx scripts/install-k6.ts [--force] [--timeout SECONDS]
Builds k6 ${K6_PIN} with the page screen (k6ext/) into .tools/bin, unless K6_BIN is set, PATH has
such a k6, or .tools/bin has one built from the current k6ext sources.
  --force            rebuild even if a suitable k6 is found   (env K6_INSTALL_FORCE=1)
  --timeout SECONDS  limit for the go build, default 900      (env K6_INSTALL_TIMEOUT)
  --help             show this help`;

const FLAGS = {
  force: { type: 'boolean', default: process.env.K6_INSTALL_FORCE === '1' },
  timeout: { type: 'string', default: process.env.K6_INSTALL_TIMEOUT ?? '900' },
} as const;

const HEARTBEAT_MS = 30_000;
const say = (line: string) => console.log(`k6: ${line}`);

/** Why no build is needed, or undefined when one is. */
function existingK6(force: boolean): string | undefined {
  const override = process.env.K6_BIN;
  if (override) {
    const probe = probeK6(override);
    if (!probe) return `K6_BIN=${override} does not run as k6; fix or unset it`;
    return probe.pageScreen
      ? `using K6_BIN=${override} (${probe.version})`
      : noPageScreen(`K6_BIN=${override}`);
  }
  if (force) return undefined;
  const onPath = findOnPath('k6');
  const pathProbe = onPath ? probeK6(onPath) : undefined;
  if (pathProbe?.pageScreen && pathProbe.version === K6_PIN)
    return `using ${K6_PIN} with the page screen from PATH (${onPath})`;
  if (toolsK6IsCurrent()) return `${K6_PIN} with the page screen already in .tools/bin`;
  return undefined;
}

async function goBuild(timeoutSeconds: number): Promise<void> {
  mkdirSync(path.dirname(TOOLS_K6), { recursive: true });
  say(
    `building k6 ${K6_PIN} with the page screen (\`go build\` in k6ext/) into .tools/bin (a few minutes; limit ${timeoutSeconds} s)`,
  );
  const started = Date.now();
  const heartbeat = setInterval(
    () => say(`still building (${Math.round((Date.now() - started) / 1000)} s)`),
    HEARTBEAT_MS,
  );
  // -mod=mod: never let a vendor directory or go.work of the caller change what is built; the
  // versions are those of k6ext/go.mod and go.sum.
  const goflags = [process.env.GOFLAGS, '-mod=mod'].filter(Boolean).join(' ');
  const build = await spawnBounded({
    cmd: 'go',
    args: ['build', '-o', TOOLS_K6, '.'],
    cwd: K6EXT_DIR,
    env: { ...process.env, GOFLAGS: goflags, GOWORK: 'off' },
    timeoutMs: timeoutSeconds * 1000,
  }).finally(() => clearInterval(heartbeat));
  const seconds = Math.round(build.durationMs / 1000);
  const built = probeK6(TOOLS_K6);
  if (build.exitCode === 0 && built?.version === K6_PIN && built.pageScreen) {
    writeFileSync(TOOLS_K6_STAMP, k6extStamp());
    return say(`built ${built.version} with the page screen in ${seconds} s: ${TOOLS_K6}`);
  }
  const why = build.timedOut
    ? `timed out after ${timeoutSeconds} s (raise --timeout / K6_INSTALL_TIMEOUT)`
    : `failed (go exit ${build.exitCode}): ${build.stderr.trim().split('\n').slice(-3).join(' | ')}`;
  say(`go build ${why}`);
  say(K6_INSTALL_HINT);
}

async function main(): Promise<void> {
  const values = parseFlags(FLAGS, USAGE);
  const timeoutSeconds = Number(values.timeout);
  if (!(timeoutSeconds > 0))
    throw new HarnessError(`--timeout / K6_INSTALL_TIMEOUT must be seconds > 0, got "${values.timeout}"`);
  const reason = existingK6(values.force);
  if (reason) return say(reason);
  if (!findOnPath('go')) return say(`Go is not installed, so k6 was not built. ${K6_INSTALL_HINT}`);
  await goBuild(timeoutSeconds);
}

// The install must succeed even when k6 cannot be had: every error is one line and exit code 0,
// except a wrong flag or variable (a HarnessError), which the caller has to fix.
main().catch((error: unknown) => {
  const usage = error instanceof HarnessError;
  if (usage) process.exitCode = EXIT.usage;
  say(`${usage ? '' : 'not installed: '}${describeError(error)}`);
});
