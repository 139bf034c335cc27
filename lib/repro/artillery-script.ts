/**
 * Writes a failing request sequence as an Artillery reproduction, a directory a person runs on
 * its own: `repro.artillery.yml` (one arrival on the reproduction's engine, the plan of walks in
 * `config.reproduction`), the engine bundle beside it (buildReproEngine in lib/load/artillery/build-engine.ts, put in `engine/`),
 * and `repro-artillery.sh`, which runs Artillery with `engine/` on NODE_PATH and exits with the
 * verdict the engine wrote: 1 the bug shows, 0 not reproduced, 2 cannot judge. The replay is the
 * harness's own walk and page checks (replay-plan.ts). Pure: it never sees a key; the runner takes
 * the keys and the base URL from the environment or the run's target file (script-target.ts) and
 * hands them to the engine as BASE_URL and variables named by tenant and role.
 */
import { stringify } from 'yaml';
import type { Failure } from '../failure.ts';
import type { ReproStep } from './step-walks.ts';
import { targetHeader, targetPrelude, type ScriptTarget } from './script-target.ts';
import {
  PLAN_KEY,
  REPRO_ENGINE,
  RESULT_ENV,
  planVariables,
  reproPlan,
  type ReplayPlan,
} from './replay-plan.ts';
import { singleQuoted } from './shell-words.ts';

export interface ArtilleryReproInput {
  title: string;
  /** The harness command that repeats the hunt. */
  replay: string;
  /** The check the hunt saw fail. */
  check: string;
  /** Where the runner finds the target when it runs (script-target.ts). */
  target: ScriptTarget;
  /** The run's base URL: the test script's own, used when it is run without the runner. */
  baseUrl: string;
  apiKeyHeader: string;
  steps: readonly ReproStep[];
  failures: readonly Pick<Failure, 'check' | 'message' | 'expected' | 'received'>[];
  /** The pinned Artillery version, for `npx --yes artillery@VERSION`. */
  artilleryVersion: string;
  /** The harness's own Artillery (node and bin/run), tried first when it is still there. */
  localArtillery?: { node: string; cli: string };
}

/** The files of the reproduction directory, by name; the engine bundle's files go under REPRO_ENGINE_DIR. */
export const ARTILLERY_REPRO_FILES = { runner: 'repro-artillery.sh', script: 'repro.artillery.yml' } as const;
/** The directory put on NODE_PATH, holding `artillery-engine-harness-repro/`. */
export const REPRO_ENGINE_DIR = 'engine';

const oneLine = (text: string): string => text.replace(/\r?\n/g, ' ');

function describeFailures(input: ArtilleryReproInput): string[] {
  return [
    input.title,
    `Replay with the harness: ${input.replay}`,
    ...input.failures.flatMap((failure) => [
      `${failure.check}: ${failure.message}`,
      `  expected: ${failure.expected}`,
      `  received: ${failure.received}`,
    ]),
  ];
}

function usage(input: ArtilleryReproInput, plan: ReplayPlan): string[] {
  return [
    ...targetHeader(input.target, planVariables(plan)),
    `Run: bash ${ARTILLERY_REPRO_FILES.runner}`,
    'Exit code 1: the bug shows; 0: not reproduced; 2: cannot judge (a key or the target missing, a',
    'key refused, the target unreachable or throttling beyond the backoff, Artillery missing).',
  ];
}

/** repro.artillery.yml: one arrival of one scenario on the reproduction's engine. */
function testScript(input: ArtilleryReproInput, plan: ReplayPlan): string {
  const script = {
    config: {
      // The engine sends to BASE_URL when it is set, else here.
      target: input.baseUrl,
      phases: [{ name: 'reproduction', duration: 1, arrivalCount: 1 }],
      engines: { [REPRO_ENGINE]: {} },
      [PLAN_KEY]: plan,
    },
    scenarios: [{ name: 'reproduction', engine: REPRO_ENGINE }],
  };
  const comments = [
    ...describeFailures(input),
    `The harness's walk and page checks replay the walks of config.${PLAN_KEY} (its engine: ${REPRO_ENGINE_DIR}/).`,
    ...usage(input, plan),
  ].map((line) => `# ${oneLine(line)}`);
  return `${comments.join('\n')}\n${stringify(script, { lineWidth: 0 })}`;
}

const NODE_RUNS_ARTILLERY = `node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 18) ? 0 : 1)' 2>/dev/null`;

/** repro-artillery.sh: checks the key variables, runs Artillery, exits with the engine's verdict. */
function runner(input: ArtilleryReproInput, plan: ReplayPlan): string {
  const npx = `npx --yes artillery@${input.artilleryVersion}`;
  const local = input.localArtillery;
  const lines = [
    '#!/usr/bin/env bash',
    ...[
      ...describeFailures(input),
      `Runs ${ARTILLERY_REPRO_FILES.script} on Artillery with the harness's engine (${REPRO_ENGINE_DIR}/ on NODE_PATH).`,
      ...usage(input, plan),
      `Artillery: the command in $ARTILLERY when set, else ${local ? "the harness's own when it is still there, else " : ''}${npx} (Node >= 22.18).`,
    ].map((line) => `# ${oneLine(line)}`),
    'set -uo pipefail',
    'here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"',
  ];
  lines.push(
    ...targetPrelude(input.target, planVariables(plan)),
    'if [ -n "${ARTILLERY:-}" ]; then',
    '  read -r -a artillery <<<"$ARTILLERY"',
    ...(local
      ? [
          `elif [ -x ${singleQuoted(local.node)} ] && [ -f ${singleQuoted(local.cli)} ]; then`,
          `  artillery=(${singleQuoted(local.node)} ${singleQuoted(local.cli)})`,
        ]
      : []),
    `elif command -v npx >/dev/null 2>&1 && ${NODE_RUNS_ARTILLERY}; then`,
    `  artillery=(${npx})`,
    'else',
    `  echo ${singleQuoted(`cannot judge: Artillery ${input.artilleryVersion} needs Node >= 22.18 with npx (or set ARTILLERY to an artillery command)`)} >&2`,
    '  exit 2',
    'fi',
    'result="$(mktemp)"',
    `trap 'rm -f "$result"' EXIT`,
    `NODE_PATH="$here/${REPRO_ENGINE_DIR}" ${RESULT_ENV}="$result" ARTILLERY_DISABLE_TELEMETRY=true \\`,
    `  "\${artillery[@]}" run --quiet "$here/${ARTILLERY_REPRO_FILES.script}"`,
    'status=$?',
    'code=""',
    'if [ -s "$result" ]; then read -r code _ <"$result"; fi',
    'case "$code" in',
    '  0 | 1 | 2) exit "$code" ;;',
    'esac',
    'echo "cannot judge: Artillery ended (exit $status) before the engine gave its verdict" >&2',
    'exit 2',
    '',
  );
  return lines.join('\n');
}

/** The reproduction's text files, by file name (ARTILLERY_REPRO_FILES). */
export function artilleryRepro(input: ArtilleryReproInput): Record<string, string> {
  const plan = reproPlan(input.steps, { check: input.check, apiKeyHeader: input.apiKeyHeader });
  return {
    [ARTILLERY_REPRO_FILES.script]: testScript(input, plan),
    [ARTILLERY_REPRO_FILES.runner]: runner(input, plan),
  };
}
