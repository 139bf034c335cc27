/**
 * postinstall: makes sure the pinned k6 is there, building it with `go install` when it is not.
 * It never fails the install: when k6 cannot be had, it says how to get it in one line and every
 * command that needs k6 later fails with the same line.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { HarnessError } from '../lib/errors.ts';
import { EXIT, describeError, parseFlags } from './lib/cli.ts';
import { K6_INSTALL_HINT, K6_PIN, k6ModulePath } from './lib/k6-pin.ts';
import { TOOLS_K6, findOnPath, probeK6Version } from './lib/k6.ts';
import { spawnBounded } from './lib/k6-spawn.ts';

const USAGE = `Usage: tsx scripts/install-k6.ts [--force] [--timeout SECONDS]
Puts k6 ${K6_PIN} in .tools/bin (via go install) unless K6_BIN is set or PATH has k6 ${K6_PIN}.
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
    const version = probeK6Version(override);
    return version
      ? `using K6_BIN=${override} (${version})`
      : `K6_BIN=${override} does not run as k6; fix or unset it`;
  }
  if (force) return undefined;
  const onPath = findOnPath('k6');
  if (onPath && probeK6Version(onPath) === K6_PIN) return `using ${K6_PIN} from PATH (${onPath})`;
  if (probeK6Version(TOOLS_K6) === K6_PIN) return `${K6_PIN} already in .tools/bin`;
  return undefined;
}

async function goInstall(timeoutSeconds: number): Promise<void> {
  const gobin = path.dirname(TOOLS_K6);
  mkdirSync(gobin, { recursive: true });
  const module = `${k6ModulePath(K6_PIN)}@${K6_PIN}`;
  say(
    `building ${K6_PIN} with \`go install ${module}\` into .tools/bin (a few minutes; limit ${timeoutSeconds} s)`,
  );
  const started = Date.now();
  const heartbeat = setInterval(
    () => say(`still building (${Math.round((Date.now() - started) / 1000)} s)`),
    HEARTBEAT_MS,
  );
  // -mod=mod: never let a vendor directory or go.work of the caller change what is built.
  const goflags = [process.env.GOFLAGS, '-mod=mod'].filter(Boolean).join(' ');
  const build = await spawnBounded({
    cmd: 'go',
    args: ['install', module],
    env: { ...process.env, GOBIN: gobin, GOFLAGS: goflags },
    timeoutMs: timeoutSeconds * 1000,
  }).finally(() => clearInterval(heartbeat));
  const seconds = Math.round(build.durationMs / 1000);
  const built = probeK6Version(TOOLS_K6);
  if (build.exitCode === 0 && built === K6_PIN) return say(`built ${built} in ${seconds} s: ${TOOLS_K6}`);
  const why = build.timedOut
    ? `timed out after ${timeoutSeconds} s (raise --timeout / K6_INSTALL_TIMEOUT)`
    : `failed (go exit ${build.exitCode}): ${build.stderr.trim().split('\n').slice(-3).join(' | ')}`;
  say(`go install ${why}`);
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
  await goInstall(timeoutSeconds);
}

// The install must succeed even when k6 cannot be had: every error is one line and exit code 0,
// except a wrong flag or variable (a HarnessError), which the caller has to fix.
main().catch((error: unknown) => {
  const usage = error instanceof HarnessError;
  if (usage) process.exitCode = EXIT.usage;
  say(`${usage ? '' : 'not installed: '}${describeError(error)}`);
});
