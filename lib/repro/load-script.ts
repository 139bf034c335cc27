/**
 * The reproduction of a load's finding: a bash script that runs the same load again with the
 * harness (`npm run load` in its checkout) against the target the load met. A load's findings are
 * judged over thousands of requests from an arrival schedule (a tenant's cache leak among walks, a
 * quiet tenant throttled by a noisy one, latency that grows with depth or with time): a curl
 * script cannot drive that, so this one says so and runs the load that does. Like every
 * reproduction it first checks the target it meets (script-target.ts). Exit 1 when the load fails
 * again, 0 when it passes, 2 when it cannot judge (an inconclusive load included).
 */
import { shellArgument } from '../replay-command.ts';
import { requireJq, targetHeader, targetPrelude, type ScriptTarget } from './script-target.ts';
import { singleQuoted } from './shell-words.ts';

export interface LoadReproInput {
  /** What failed, e.g. "the gate's load isolation (isolation/smoke)". */
  title: string;
  /** The load's verdict line and its findings, one line each. */
  findings: readonly string[];
  target: ScriptTarget;
  /** The harness checkout the load runs in (HARNESS_DIR overrides it). */
  harnessDir: string;
  /** The flags of `npm run load` that shape the load, after `--target`. */
  flags: readonly string[];
}

const oneLine = (text: string): string => text.replace(/\r?\n/g, ' ');

/** A jq filter: how many of a summary's checks an inconclusive load skipped. */
const INCONCLUSIVE =
  '[.checks[] | select(.verdict == "skipped" and ((.reason // "") | startswith("inconclusive")))] | length';

/** The whole script. */
export function loadReproScript(input: LoadReproInput): string {
  const command = `npm run load -- --target "$TARGET_FILE" ${input.flags.map(shellArgument).join(' ')}`;
  const header = [
    `Reproduction of ${input.title}`,
    ...input.findings.map((finding) => `  ${finding}`),
    'It needs the load the harness drives (an arrival schedule on Artillery, judged over all its requests):',
    'a curl script cannot send it, so this script runs that load again, in the harness checkout',
    `(HARNESS_DIR, else ${input.harnessDir}), against its target:`,
    `  ${command}`,
    ...targetHeader(input.target, []),
    'The load reads the target file (its baseUrl and keys); BASE_URL must name the same target.',
    'Needs bash, jq, and the harness checkout with its Artillery. Exit 1: reproduced (the load failed again);',
    '0: not reproduced (it passed); 2: cannot judge (why, in one line: another target than the one it was made for, an inconclusive load, ...).',
  ];
  return [
    '#!/usr/bin/env bash',
    ...header.map((line) => `# ${oneLine(line)}`),
    'set -uo pipefail',
    requireJq("read its target file and the load's verdict"),
    ...targetPrelude(input.target, [], true),
    `harness="\${HARNESS_DIR:-}"`,
    `if [ -z "$harness" ]; then harness=${singleQuoted(input.harnessDir)}; fi`,
    'if [ ! -f "$harness/package.json" ]; then echo "cannot judge: this script runs the harness\'s load in its checkout, and $harness is none: set HARNESS_DIR to a checkout of the harness" >&2; exit 2; fi',
    'if [ ! -r "$TARGET_FILE" ]; then echo "cannot judge: the load reads its target from a target file, and there is none at $TARGET_FILE: $restart" >&2; exit 2; fi',
    `if [ "$(jq -r '.baseUrl' "$TARGET_FILE" | sed 's:/*$::')" != "\${BASE_URL%/}" ]; then echo "cannot judge: the load reads $TARGET_FILE, whose target is not BASE_URL ($BASE_URL): unset BASE_URL, or set TARGET_FILE to the file of $BASE_URL" >&2; exit 2; fi`,
    'reports="$(mktemp -d)"',
    `echo "running, in $harness: ${command.replace(/"/g, '\\"')} --reports-dir $reports"`,
    `(cd "$harness" && npm run --silent load -- --target "$TARGET_FILE" ${input.flags.map(shellArgument).join(' ')} --reports-dir "$reports")`,
    'code=$?',
    'summary="$reports/latest/summary.json"',
    'case "$code" in',
    '  1) echo "REPRODUCED: the load failed again (its report: $reports/latest/report.html)"; exit 1 ;;',
    '  0)',
    `    if [ -r "$summary" ] && [ "$(jq ${singleQuoted(INCONCLUSIVE)} "$summary")" != 0 ]; then echo "cannot judge: the load was inconclusive, its premise never held (its report: $reports/latest/report.html)"; exit 2; fi`,
    '    echo "not reproduced: the load passed (its report: $reports/latest/report.html)"',
    '    exit 0',
    '    ;;',
    '  *) echo "cannot judge: the load ended with exit $code (the lines above say why)"; exit 2 ;;',
    'esac',
    '',
  ].join('\n');
}
