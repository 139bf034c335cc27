/**
 * Writes a failing request sequence as a bash + curl script a person can run against the target.
 * Pure: it never sees a key. Keys come from environment variables named by tenant and role
 * (`KEY_TENANT_A_FULL`), the base URL from `BASE_URL`, and cursors from the responses the script
 * itself receives, so the walk is replayed with fresh tokens rather than stale ones. A key
 * variable unset or a request without an answer ends it with exit 2 (cannot judge), never 1.
 */
import { ENDPOINT_INFO } from '../contract/endpoints.ts';
import { toHttpRequest, type ApiCall, type Credential } from '../http/call.ts';
import type { Target } from '../target/target.ts';

export interface ReproStep {
  call: ApiCall;
  /** Status the step answered when the property failed. */
  status: number;
  /** Index of the earlier step whose nextPageToken this call sends as its cursor. */
  cursorFrom?: number;
  /** The bug shows when this step answers `status` again (a failure of the status the contract fixes). */
  showsBug?: boolean;
}

interface ReproFailure {
  check: string;
  message: string;
  expected: string;
  received: string;
}

export interface ReproInput {
  title: string;
  /** The harness command that replays the same run (seed and path). */
  replay: string;
  baseUrl: string;
  apiKeyHeader: string;
  steps: readonly ReproStep[];
  failures: readonly ReproFailure[];
}

const snake = (text: string): string =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase();

/** The environment variable a reproduction reads the key of `tenant`'s `role` from. */
export const keyVariable = (tenant: string, role: string): string => `KEY_${snake(tenant)}_${snake(role)}`;

const singleQuoted = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** One bash word: literal text single-quoted, `${VAR}` references double-quoted so they expand. */
const VARIABLE_REFERENCE = /^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/;

export function shellWord(text: string): string {
  return (
    text
      .split(/(\$\{[A-Za-z_][A-Za-z0-9_]*\})/)
      .filter((part) => part.length > 0)
      // Only a whole reference expands; literal text that merely starts with "${" stays literal.
      .map((part) => (VARIABLE_REFERENCE.test(part) ? `"${part}"` : singleQuoted(part)))
      .join('')
  );
}

const hasKey = (credential: Credential): boolean =>
  credential.role !== 'none' && credential.role !== 'malformed';

/** A target whose keys are variable references: the lib builds the headers, the shell fills them. */
function placeholderTarget(input: ReproInput): Target {
  const tenants = new Map<string, Record<string, string>>();
  for (const { call } of input.steps) {
    const { tenant, role } = call.credential;
    if (!hasKey(call.credential)) continue;
    const keys = tenants.get(tenant) ?? {};
    keys[role] = `\${${keyVariable(tenant, role)}}`;
    tenants.set(tenant, keys);
  }
  return {
    name: 'reproduction',
    baseUrl: '${BASE_URL}',
    apiKeyHeader: input.apiKeyHeader,
    load: { allowed: false, maxRps: 1 },
    salesChannels: [],
    tenants: [...tenants].map(([name, keys]) => ({
      name,
      quiescent: false,
      locations: [],
      categories: [],
      keys,
    })),
  };
}

function curlArguments(target: Target, step: ReproStep): string {
  const words = [shellWord(`\${BASE_URL}${ENDPOINT_INFO[step.call.endpoint].path}`)];
  for (const [name, value] of Object.entries(step.call.query)) {
    const fresh = name === 'cursor' && step.cursorFrom !== undefined;
    words.push(
      '--data-urlencode',
      fresh ? `"cursor=\${cursor_${step.cursorFrom}}"` : singleQuoted(`${name}=${value}`),
    );
  }
  for (const [name, value] of Object.entries(toHttpRequest(target, step.call).headers))
    words.push('-H', shellWord(`${name}: ${value}`));
  return words.join(' ');
}

const PRELUDE = `set -euo pipefail
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
shown=0
expected=0
fact=""

# request N STATUS_THAT_SHOWS_THE_BUG|- CURL_ARGS...: saves the answer, counts the bug's statuses.
# A request that gets no answer (the target unreachable) leaves nothing to judge: exit 2.
# VERBOSE=1 prints every answer; otherwise only the verdict and the fact that proves it.
request() {
  local n="$1" bug="$2" status
  shift 2
  if ! status="$(curl -sS -G -o "$work/$n.json" -w '%{http_code}' "$@")"; then
    echo "cannot judge: step $n got no answer (is BASE_URL right and the target up?)"
    exit 2
  fi
  if [ -n "\${VERBOSE:-}" ]; then echo "step $n: HTTP $status $(cat "$work/$n.json")"; fi
  if [ "$bug" != "-" ]; then
    expected=$((expected + 1))
    if [ "$status" = "$bug" ]; then
      shown=$((shown + 1))
      fact="step $n answered HTTP $status again"
    fi
  fi
}

# token N: the nextPageToken of step N's answer (empty when there is none).
token() {
  sed -n 's/.*"nextPageToken"[[:space:]]*:[[:space:]]*"\\([^"]*\\)".*/\\1/p' "$work/$1.json" | head -n 1
}
`;

/**
 * The verdict of the steps whose status is the bug (a 200 where the contract fixes a 4xx): every
 * one answering that status again reproduces it. What follows when they do not: `judge` (a jq
 * judgement of the answers, curl-judge.ts) or, without one, the status verdict alone.
 */
function verdict(input: ReproInput, judge: string | undefined): string {
  const failure = input.failures[0];
  const expected = failure ? ` (expected: ${failure.expected.replace(/\r?\n/g, ' ')})` : '';
  const check = failure ? `${failure.check}: ` : '';
  const reproduced = `if [ "$expected" -gt 0 ] && [ "$shown" -eq "$expected" ]; then
  echo ${singleQuoted(`REPRODUCED: ${check}`)}"$fact"${singleQuoted(expected)}
  exit 1
fi`;
  if (judge !== undefined) return `\n${reproduced}\n${judge}`;
  const cannot = `cannot judge: ${failure?.check ?? 'this failure'} does not show in a status code; replay it with the harness (${input.replay}), or run with VERBOSE=1 to read the answers`;
  return `
${reproduced}
if [ "$expected" -gt 0 ]; then
  echo "not reproduced: $shown of $expected steps answered the status they answered when it failed"
  exit 0
fi
echo ${singleQuoted(cannot)}
exit 2
`;
}

function header(input: ReproInput, target: Target): string[] {
  const lines = [`#!/usr/bin/env bash`, `# ${input.title}`, `# Replay with the harness: ${input.replay}`];
  for (const failure of input.failures)
    lines.push(
      `# ${failure.check}: ${failure.message}`,
      `#   expected: ${failure.expected}`,
      `#   received: ${failure.received}`,
    );
  lines.push('# Keys are read from the environment, never written here:');
  for (const tenant of target.tenants)
    for (const role of Object.keys(tenant.keys))
      lines.push(`#   ${keyVariable(tenant.name, role)}: the ${role} key of ${tenant.name}`);
  return lines.map((line) => line.replace(/\r?\n/g, ' '));
}

/**
 * The whole script; `judge`, when given, judges the answers after the status verdict (it ends with
 * the script's exit code).
 */
export function curlScript(input: ReproInput, judge?: string): string {
  const target = placeholderTarget(input);
  const lines = [
    ...header(input, target),
    PRELUDE,
    `if [ -z "\${BASE_URL:-}" ]; then BASE_URL=${singleQuoted(input.baseUrl)}; fi`,
  ];
  for (const tenant of target.tenants)
    for (const role of Object.keys(tenant.keys)) {
      const variable = keyVariable(tenant.name, role);
      // Exit 2, cannot judge (`${VAR:?}` would exit 1, which says "the bug shows").
      lines.push(
        `if [ -z "\${${variable}:-}" ]; then echo ${singleQuoted(`cannot judge: set ${variable} to the ${role} key of ${tenant.name}`)} >&2; exit 2; fi`,
      );
    }
  const tokensNeeded = new Set(
    input.steps.map((step) => step.cursorFrom).filter((index) => index !== undefined),
  );
  input.steps.forEach((step, index) => {
    lines.push('', `request ${index} ${step.showsBug ? step.status : '-'} ${curlArguments(target, step)}`);
    if (tokensNeeded.has(index)) lines.push(`cursor_${index}="$(token ${index})"`);
  });
  return [...lines, verdict(input, judge)].join('\n');
}
