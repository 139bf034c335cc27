/**
 * Where a reproduction script finds its target when it runs, often long after the run that wrote
 * it, whose sandbox stopped with it: BASE_URL and the key variables (KEY_<TENANT>_<ROLE>) when
 * they are set, else a target file read at run time with jq. For a sandbox run that file is the one
 * the sandbox writes each time it starts (a new port and new keys every time), so the header gives
 * the command that starts the same sandbox again; for a target file, the file itself (its keys
 * from the variables it names). The script text never holds a key.
 */
import path from 'node:path';
import { shellArgument, sourceFlags, type RunSource } from '../replay-command.ts';
import {
  SANDBOX_IDENTITY_PATH,
  sandboxCommand,
  sandboxSettings,
  type SandboxSettings,
} from '../target/sandbox-identity.ts';
import { SANDBOX_TARGET_FILE } from '../target/sandbox-options.ts';
import type { Target } from '../target/target.ts';
import { singleQuoted } from './shell-words.ts';

export interface ScriptTarget {
  /** Absolute path of the target file the script reads (TARGET_FILE overrides it). */
  file: string;
  /** The command that starts the run's sandbox again; absent when the run's target is no sandbox. */
  sandboxCommand?: string;
  /**
   * What the script was made for, and checks it meets before anything else: a sandbox with these
   * settings (it answers them at SANDBOX_IDENTITY_PATH), or the target at this base URL.
   */
  madeFor?: { sandbox: SandboxSettings } | { baseUrl: string };
}

/** A key variable a script reads, and whose key it is. */
export interface KeyVariable {
  name: string;
  tenant: string;
  role: string;
  /** A neighbour's key, used under load when it is there: its absence is no reason to stop. */
  optional?: boolean;
}

/**
 * `target`: the run's target as it was opened (a sandbox's says which sandbox it is); `cwd`: where
 * relative paths of the run were read from (the harness checkout).
 */
export function scriptTarget(
  source: RunSource,
  target?: Pick<Target, 'baseUrl' | 'sandbox'>,
  cwd = process.cwd(),
): ScriptTarget {
  const file = path.resolve(cwd, source.targetFile ?? SANDBOX_TARGET_FILE);
  if (target?.sandbox !== undefined) {
    const settings = sandboxSettings(target.sandbox);
    // A sandbox given as a target file: started again, it must write that file.
    const elsewhere =
      file === path.resolve(cwd, SANDBOX_TARGET_FILE) ? '' : ` --target-out ${shellArgument(file)}`;
    return {
      file,
      sandboxCommand: `${sandboxCommand(settings)}${elsewhere}`,
      madeFor: { sandbox: settings },
    };
  }
  if (source.targetFile !== undefined)
    return { file, ...(target ? { madeFor: { baseUrl: target.baseUrl } } : {}) };
  return { file, sandboxCommand: ['npm run sandbox --', ...sourceFlags(source)].join(' ') };
}

/** The header lines (without "# ") that say how to bring the target back and where the keys are. */
export function targetHeader(target: ScriptTarget, keys: readonly KeyVariable[]): string[] {
  const where = target.sandboxCommand
    ? [
        'Its target, a sandbox, stopped with the run. Start the same sandbox again, in the harness checkout:',
        `  ${target.sandboxCommand}`,
        `It writes its base URL and fresh keys to ${target.file}, which this script reads when it runs`,
        '(a sandbox started with --target-out elsewhere: set TARGET_FILE to that file).',
      ]
    : [
        `Its target: the target file ${target.file} (set TARGET_FILE to read another), read when the`,
        'script runs: its baseUrl, and each key from the environment variable the file names for it',
        '({ "env": "VAR" }) or its value.',
      ];
  const made = target.madeFor;
  const check =
    made === undefined
      ? []
      : 'sandbox' in made
        ? [
            `It checks first that the server it meets is such a sandbox (${SANDBOX_IDENTITY_PATH} answers its settings) and`,
            'that the target file is that very start of it, else exit 2; ANY_TARGET=1 runs it on any target.',
          ]
        : [
            `It checks first that its base URL is ${made.baseUrl}, else exit 2; ANY_TARGET=1 runs it on any target.`,
          ];
  return [
    ...where,
    ...check,
    keys.length > 0
      ? 'BASE_URL and these variables, when set, win over the target file:'
      : 'BASE_URL, when set, wins over the target file.',
    ...keys.map(
      ({ name, tenant, role, optional }) =>
        `  ${name}: the ${role} key of ${tenant}${optional ? ' (a neighbour under load; left out when unset)' : ''}`,
    ),
  ];
}

/** One line that ends the script with exit 2 when jq is missing; `why`: what jq is needed for. */
export const requireJq = (why: string): string =>
  `if ! command -v jq >/dev/null 2>&1; then echo ${singleQuoted(`cannot judge: this script needs jq to ${why}; install jq (https://jqlang.github.io/jq/)`)} >&2; exit 2; fi`;

/** A jq filter printing the key of `tenant`'s `role` from a target file: its value, or its variable's. */
const keyFilter = (tenant: string, role: string): string =>
  `.tenants[]? | select(.name == ${JSON.stringify(tenant)}) | .keys[${JSON.stringify(role)}] // empty | if has("value") then .value else env[.env] // empty end`;

/**
 * A jq filter over a sandbox's identity answer: the settings that differ from `$want`, as
 * `name: has (made for: wants)`, comma-separated; empty when none do; fails when it is no identity.
 */
const SETTINGS_DIFFER = `. as $have | if type == "object" and has("instance") then [$want | keys_unsorted[] as $k | ($have[$k] | if $k == "faults" then (. // [] | sort) else . end) as $value | select($value != $want[$k]) | "\\($k): \\($value | tojson) (made for \\($want[$k] | tojson))"] | join(", ") else error("no identity") end`;

/** Bash lines that end the script with exit 2 when the target is not the one it was made for. */
function madeForCheck(target: ScriptTarget, jqRequired: boolean): string[] {
  const made = target.madeFor;
  if (made === undefined) return [];
  const anyway = 'or set ANY_TARGET=1 to run it there anyway';
  if ('baseUrl' in made)
    return [
      `made_for=${singleQuoted(made.baseUrl)}`,
      `if [ -z "\${ANY_TARGET:-}" ] && [ "\${BASE_URL%/}" != "$made_for" ]; then echo "cannot judge: this script was made for the target at $made_for; the target at $BASE_URL is another: unset BASE_URL or set TARGET_FILE to the file of $made_for, ${anyway}" >&2; exit 2; fi`,
    ];
  const command = target.sandboxCommand ?? 'npm run sandbox --';
  return [
    '# The server must be a sandbox started as this one was, and the target file that very start.',
    'if [ -z "${ANY_TARGET:-}" ]; then',
    ...(jqRequired ? [] : [`  ${requireJq('check the sandbox it meets')}`]),
    `  made_for=${singleQuoted(command)}`,
    `  want=${singleQuoted(JSON.stringify(made.sandbox))}`,
    `  if ! identity="$(curl -sS --max-time 10 "$BASE_URL${SANDBOX_IDENTITY_PATH}" 2>&1)"; then echo "cannot judge: no answer from $BASE_URL ($(head -n 1 <<<"$identity")): $restart" >&2; exit 2; fi`,
    `  if ! differs="$(jq -r --argjson want "$want" ${singleQuoted(SETTINGS_DIFFER)} <<<"$identity" 2>/dev/null)"; then echo "cannot judge: this script was made for the sandbox started with $made_for; the target at $BASE_URL is no sandbox (it does not answer $BASE_URL${SANDBOX_IDENTITY_PATH}): start that sandbox, in the harness checkout, ${anyway}" >&2; exit 2; fi`,
    `  if [ -n "$differs" ]; then echo "cannot judge: this script was made for the sandbox started with $made_for; the target at $BASE_URL is another ($differs): start it with $made_for, in the harness checkout, ${anyway}" >&2; exit 2; fi`,
    `  if [ -n "$from_file" ] && [ "$(from_target '.sandbox.instance // empty')" != "$(jq -r '.instance' <<<"$identity")" ]; then echo "cannot judge: $TARGET_FILE was written by another start of the sandbox than the one at $BASE_URL, so its keys are not that sandbox's: point TARGET_FILE at the file the sandbox at $BASE_URL wrote, or unset BASE_URL" >&2; exit 2; fi`,
    'fi',
  ];
}

/**
 * Bash lines that set (and export, for a child such as Artillery) BASE_URL and every key variable:
 * from the environment, else from the target file; whatever stays unset is one line and exit 2
 * (an optional key stays unset). Then the target must be the one the script was made for
 * (madeForCheck). `$restart` is left set for later messages (how to bring the target back).
 * `jqRequired`: the script has already made sure of jq (it judges with it), else it is looked for
 * only when needed.
 */
export function targetPrelude(
  target: ScriptTarget,
  keys: readonly KeyVariable[],
  jqRequired = false,
): string[] {
  const restart = target.sandboxCommand
    ? `start its sandbox again (${target.sandboxCommand}, in the harness checkout) or set TARGET_FILE to the target file of the sandbox you started`
    : 'set TARGET_FILE to its target file, or BASE_URL';
  const unset = ['BASE_URL', ...keys.filter((key) => !key.optional).map(({ name }) => name)]
    .map((name) => `[ -z "\${${name}:-}" ]`)
    .join(' || ');
  const lines = [
    `if [ -z "\${TARGET_FILE:-}" ]; then TARGET_FILE=${singleQuoted(target.file)}; fi`,
    `restart=${singleQuoted(restart)}`,
    ...(jqRequired ? [] : [`if ${unset}; then ${requireJq('read its target file')}; fi`]),
    '# from_target FILTER: what the target file says (nothing when it is missing or does not say).',
    'from_target() { if [ -r "$TARGET_FILE" ] && command -v jq >/dev/null 2>&1; then jq -r "$1" "$TARGET_FILE" 2>/dev/null || true; fi; }',
    '# from_file: set once anything was read from the target file.',
    'from_file=""',
    `if [ -z "\${BASE_URL:-}" ]; then BASE_URL="$(from_target '.baseUrl // empty')"; if [ -n "$BASE_URL" ]; then from_file=1; fi; fi`,
    `if [ -z "\${BASE_URL:-}" ]; then echo "cannot judge: no target file at $TARGET_FILE and no BASE_URL: $restart" >&2; exit 2; fi`,
  ];
  for (const { name, tenant, role, optional } of keys) {
    lines.push(
      `if [ -z "\${${name}:-}" ]; then ${name}="$(from_target ${singleQuoted(keyFilter(tenant, role))})"; if [ -n "$${name}" ]; then from_file=1; fi; fi`,
    );
    if (!optional)
      lines.push(
        // Exit 2, cannot judge (`${VAR:?}` would exit 1, which says "the bug shows").
        `if [ -z "\${${name}:-}" ]; then echo ${singleQuoted(`cannot judge: set ${name} to the ${role} key of ${tenant}; `)}"the target file $TARGET_FILE does not give it" >&2; exit 2; fi`,
      );
  }
  lines.push(...madeForCheck(target, jqRequired));
  lines.push(`export BASE_URL${keys.map(({ name }) => ` ${name}`).join('')}`);
  return lines;
}
