/**
 * Where a reproduction script finds its target when it runs, often long after the run that wrote
 * it, whose sandbox stopped with it: BASE_URL and the key variables (KEY_<TENANT>_<ROLE>) when
 * they are set, else a target file read at run time with jq. For a sandbox run that file is the one
 * the sandbox writes each time it starts (a new port and new keys every time), so the header gives
 * the command that starts the same sandbox again; for a target file, the file itself (its keys
 * from the variables it names). The script text never holds a key.
 */
import path from 'node:path';
import { sourceFlags, type RunSource } from '../replay-command.ts';
import { SANDBOX_TARGET_FILE } from '../target/sandbox-options.ts';

export interface ScriptTarget {
  /** Absolute path of the target file the script reads (TARGET_FILE overrides it). */
  file: string;
  /** The command that starts the run's sandbox again; absent when the run was given a target file. */
  sandboxCommand?: string;
}

/** A key variable a script reads, and whose key it is. */
export interface KeyVariable {
  name: string;
  tenant: string;
  role: string;
}

/** `cwd`: where relative paths of the run were read from (the harness checkout). */
export function scriptTarget(source: RunSource, cwd = process.cwd()): ScriptTarget {
  if (source.targetFile !== undefined) return { file: path.resolve(cwd, source.targetFile) };
  return {
    file: path.resolve(cwd, SANDBOX_TARGET_FILE),
    sandboxCommand: ['npm run sandbox --', ...sourceFlags(source)].join(' '),
  };
}

const singleQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

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
  return [
    ...where,
    'BASE_URL and these variables, when set, win over the target file:',
    ...keys.map(({ name, tenant, role }) => `  ${name}: the ${role} key of ${tenant}`),
  ];
}

/** One line that ends the script with exit 2 when jq is missing; `why`: what jq is needed for. */
export const requireJq = (why: string): string =>
  `if ! command -v jq >/dev/null 2>&1; then echo ${singleQuoted(`cannot judge: this script needs jq to ${why}; install jq (https://jqlang.github.io/jq/)`)} >&2; exit 2; fi`;

/** A jq filter printing the key of `tenant`'s `role` from a target file: its value, or its variable's. */
const keyFilter = (tenant: string, role: string): string =>
  `.tenants[]? | select(.name == ${JSON.stringify(tenant)}) | .keys[${JSON.stringify(role)}] // empty | if has("value") then .value else env[.env] // empty end`;

/**
 * Bash lines that set (and export, for a child such as Artillery) BASE_URL and every key variable:
 * from the environment, else from the target file; whatever stays unset is one line and exit 2.
 * `$restart` is left set for later messages (how to bring the target back). `jqRequired`: the
 * script has already made sure of jq (it judges with it), else it is looked for only when needed.
 */
export function targetPrelude(
  target: ScriptTarget,
  keys: readonly KeyVariable[],
  jqRequired = false,
): string[] {
  const restart = target.sandboxCommand
    ? `start its sandbox again (${target.sandboxCommand}, in the harness checkout) or set TARGET_FILE to the target file of the sandbox you started`
    : 'set TARGET_FILE to its target file, or BASE_URL';
  const unset = ['BASE_URL', ...keys.map(({ name }) => name)]
    .map((name) => `[ -z "\${${name}:-}" ]`)
    .join(' || ');
  const lines = [
    `if [ -z "\${TARGET_FILE:-}" ]; then TARGET_FILE=${singleQuoted(target.file)}; fi`,
    `restart=${singleQuoted(restart)}`,
    ...(jqRequired ? [] : [`if ${unset}; then ${requireJq('read its target file')}; fi`]),
    '# from_target FILTER: what the target file says (nothing when it is missing or does not say).',
    'from_target() { if [ -r "$TARGET_FILE" ]; then jq -r "$1" "$TARGET_FILE" 2>/dev/null || true; fi; }',
    `if [ -z "\${BASE_URL:-}" ]; then BASE_URL="$(from_target '.baseUrl // empty')"; fi`,
    `if [ -z "\${BASE_URL:-}" ]; then echo "cannot judge: no target file at $TARGET_FILE and no BASE_URL: $restart" >&2; exit 2; fi`,
  ];
  for (const { name, tenant, role } of keys)
    lines.push(
      `if [ -z "\${${name}:-}" ]; then ${name}="$(from_target ${singleQuoted(keyFilter(tenant, role))})"; fi`,
      // Exit 2, cannot judge (`${VAR:?}` would exit 1, which says "the bug shows").
      `if [ -z "\${${name}:-}" ]; then echo ${singleQuoted(`cannot judge: set ${name} to the ${role} key of ${tenant}; `)}"the target file $TARGET_FILE does not give it" >&2; exit 2; fi`,
    );
  lines.push(`export BASE_URL${keys.map(({ name }) => ` ${name}`).join('')}`);
  return lines;
}
