/**
 * Writes a failing request sequence as a bash + curl script a person can run against the target.
 * Pure: it never sees a key. Keys and the base URL come from the environment or the target file
 * the script reads when it runs (script-target.ts), cursors from the responses the script itself
 * receives, so the walk is replayed with fresh tokens rather than stale ones. Then it judges the
 * answers (curl-judge.ts), and when they keep every rule, asks again under load (curl-load.ts).
 * Exit 1 reproduced, 0 not reproduced (alone nor under load), 2 cannot judge: another target than
 * the one it was made for, a key or the target missing or refused, a request without an answer, a
 * throttled step not throttled again, a coded body this curl cannot decode, or a check these rules
 * cannot see.
 */
import { ENDPOINT_INFO } from '../contract/endpoints.ts';
import { sendsTwoLines, toHttpRequest, type Credential } from '../http/call.ts';
import type { Target } from '../target/target.ts';
import { WALK_ROLES } from '../load/walk-plan.ts';
import { acceptEncodingOf } from './curl-coding.ts';
import { PRELUDE } from './curl-prelude.ts';
import { curlJudge, type ReproInput } from './curl-judge.ts';
import { keyPlaceLines, placedHeaderLine, placedQueryWords } from './key-place-shell.ts';
import { loadPhase } from './curl-load.ts';
import { shellWord, singleQuoted } from './shell-words.ts';
import { requireJq, targetHeader, targetPrelude, type KeyVariable } from './script-target.ts';
import type { ReproStep } from './step-walks.ts';

const snake = (text: string): string =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase();

/** The environment variable a reproduction reads the key of `tenant`'s `role` from. */
export const keyVariable = (tenant: string, role: string): string => `KEY_${snake(tenant)}_${snake(role)}`;

const hasKey = (credential: Credential): boolean =>
  credential.role !== 'none' && credential.role !== 'malformed';

/** The real keys a credential sends, by tenant and role: none, its role's, and a second key's. */
const keysOf = (credential: Credential): { tenant: string; role: string }[] => [
  ...(hasKey(credential) ? [credential] : []),
  ...(credential.second === undefined ? [] : [credential.second]),
];

/** A target whose keys are variable references: the lib builds the headers, the shell fills them. */
function placeholderTarget(input: ReproInput): Target {
  const tenants = new Map<string, Record<string, string>>();
  for (const tenant of input.tenants ?? [])
    tenants.set(tenant, { full: `\${${keyVariable(tenant, 'full')}}` });
  for (const { tenant, role } of input.steps.flatMap(({ call }) => keysOf(call.credential))) {
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

/** The `${KEY_…}` reference of a step's key. */
const stepKey = (step: ReproStep): string =>
  `\${${keyVariable(step.call.credential.tenant, step.call.credential.role)}}`;

/** The shell variable holding step `index`'s key in another case (a KeyCase credential). */
const caseVariable = (index: number): string => `key_case_${index}`;

/** The line setting step `index`'s key in another case from its key variable; none without a KeyCase. */
function keyCaseLine(step: ReproStep, index: number): string[] {
  const { tenant, role, keyCase } = step.call.credential;
  if (keyCase === undefined || sendsTwoLines(step.call.credential)) return [];
  return [`${caseVariable(index)}="$(key_case ${keyCase} "\${${keyVariable(tenant, role)}}")"`];
}

/**
 * The header lines step `index` is sent with, as curl takes them ("name: value", keys as `${VAR}`
 * references). A key in another case is the script's own (key_case): the placeholder would change
 * case too. "name:" leaves out a header curl sends of its own (an Accept the step left out).
 */
function stepHeaderLines(target: Target, step: ReproStep, index: number): string[] {
  const { keyCase: changed, keyPlace, ...credential } = step.call.credential;
  // The key header sent twice is two lines of the key variable: curl sends both.
  const keyCase = sendsTwoLines(step.call.credential) ? undefined : changed;
  const variable = stepKey(step);
  // A key placed elsewhere is the script's own line (placedHeaderLine): the call goes without it.
  const own = keyPlace === undefined ? credential : { ...credential, role: 'none' as const };
  const sent =
    keyCase === undefined && keyPlace === undefined ? step.call : { ...step.call, credential: own };
  const lines = Object.entries(toHttpRequest(target, sent).headers).flatMap(([name, values]) =>
    (Array.isArray(values) ? values : [values]).map((value: string) =>
      // curl sends "name;" as an empty header: "name:" would leave it out (a blank key, blank-key.ts).
      value.trim() === ''
        ? `${name};`
        : `${name}: ${keyCase === undefined ? value : value.replace(variable, `\${${caseVariable(index)}}`)}`,
    ),
  );
  const placed = placedHeaderLine(step.call.credential, variable, index);
  if (placed !== null) lines.push(placed);
  for (const [name, value] of Object.entries(step.call.headers ?? {}))
    if (value === null) lines.push(`${name}:`);
  return lines;
}

function curlArguments(target: Target, step: ReproStep, index: number): string {
  const path = ENDPOINT_INFO[step.call.endpoint].path + (step.call.pathSuffix ?? '');
  const words = [shellWord(`\${BASE_URL}${path}`)];
  for (const [name, value] of Object.entries(step.call.query)) {
    const fresh = name === 'cursor' && step.cursorFrom !== undefined;
    words.push(
      '--data-urlencode',
      fresh ? `"cursor=\${cursor_${step.cursorFrom}}"` : singleQuoted(`${name}=${value}`),
    );
  }
  words.push(...placedQueryWords(step.call.credential, stepKey(step)));
  // Already encoded: curl appends them as they are.
  for (const { name, encoded } of step.call.raw ?? [])
    words.push('--data', singleQuoted(`${name}=${encoded}`));
  for (const line of stepHeaderLines(target, step, index)) words.push('-H', shellWord(line));
  // Sent with an Accept-Encoding: curl decodes the body by its Content-Encoding (curl-coding.ts);
  // the step's own header line replaces the one --compressed would send.
  if (acceptEncodingOf(step.call) !== undefined) words.push('--compressed');
  // With -G, --head sends the query in the URL of a HEAD request.
  if (step.call.method === 'HEAD') words.push('--head');
  // With -G, -X sends the query in the URL and no body, as the property did.
  else if (step.call.method !== undefined && step.call.method !== 'GET') words.push('-X', step.call.method);
  // A body the property sent with a write: -T reads it from the line's here-string (-G would put
  // --data in the URL).
  if (step.call.body !== undefined) words.push('-T', '-', `<<<${singleQuoted(step.call.body)}`);
  return words.join(' ');
}

/**
 * The verdict of the steps whose status is the bug (a 200 where the contract fixes a 4xx): every
 * one answering that status again reproduces it. When they do not, the answers are judged
 * (curl-judge.ts).
 */
function statusVerdict(input: ReproInput): string {
  const failure = input.failures[0];
  const expected = failure ? ` (expected: ${failure.expected.replace(/\r?\n/g, ' ')})` : '';
  const check = failure ? `${failure.check}: ` : '';
  return `
if [ "$expected" -gt 0 ] && [ "$shown" -eq "$expected" ]; then
  echo ${singleQuoted(`REPRODUCED: ${check}`)}"$fact"${singleQuoted(expected)}
  exit 1
fi`;
}

function header(input: ReproInput, keys: readonly KeyVariable[]): string[] {
  const lines = [`#!/usr/bin/env bash`, `# ${input.title}`, `# Replay with the harness: ${input.replay}`];
  for (const failure of input.failures)
    lines.push(
      `# ${failure.check}: ${failure.message}`,
      `#   expected: ${failure.expected}`,
      `#   received: ${failure.received}`,
    );
  lines.push(
    ...[
      ...targetHeader(input.target, keys),
      'When the answers alone keep every rule, it asks again under load: each step several times at once,',
      "beside the same question from every tenant's full key (LOAD_ROUNDS, LOAD_COPIES, LOAD_PARALLEL,",
      'LOAD_SECONDS; at once only to loopback or a target file with load.allowed).',
      'Needs bash 4, curl and jq. Exit 1: reproduced; 0: not reproduced, alone nor under load; 2: cannot judge',
      '(why, in one line: another target than the one it was made for, a key missing or refused, ...).',
    ].map((line) => `# ${line}`),
  );
  return lines.map((line) => line.replace(/\r?\n/g, ' '));
}

/** The key variables the steps use, once each; a neighbour's that no step uses is optional. */
function keyVariables(target: Target, steps: readonly ReproStep[]): KeyVariable[] {
  const used = new Set(
    steps.flatMap(({ call }) => keysOf(call.credential).map(({ tenant, role }) => keyVariable(tenant, role))),
  );
  return target.tenants.flatMap((tenant) =>
    Object.keys(tenant.keys).map((role) => {
      const name = keyVariable(tenant.name, role);
      return { name, tenant: tenant.name, role, ...(used.has(name) ? {} : { optional: true }) };
    }),
  );
}

/**
 * The key variable of a step that must be admitted: it was served (2xx) when the bug showed, the
 * bug was not its status, and its role reads the list. Refused now, the key is not this target's.
 */
function admittedKey(step: ReproStep): string {
  const { tenant, role } = step.call.credential;
  const reads = (WALK_ROLES[step.call.endpoint] as readonly string[]).includes(role);
  return step.status >= 200 && step.status < 300 && !step.showsBug && reads ? keyVariable(tenant, role) : '-';
}

/** The whole script: the requests, the status verdict, then the judgement of the answers. */
export function curlScript(input: ReproInput): string {
  const target = placeholderTarget(input);
  const keys = keyVariables(target, input.steps);
  const lines = [
    ...header(input, keys),
    requireJq('judge the answers'),
    PRELUDE,
    ...targetPrelude(input.target, keys, true),
  ];
  const tokensNeeded = new Set(
    input.steps.map((step) => step.cursorFrom).filter((index) => index !== undefined),
  );
  input.steps.forEach((step, index) => {
    lines.push(
      '',
      ...keyCaseLine(step, index),
      ...keyPlaceLines(step.call.credential, stepKey(step), index),
      `request ${index} ${step.showsBug ? step.status : '-'} ${admittedKey(step)} ${curlArguments(target, step, index)}`,
    );
    if (tokensNeeded.has(index)) lines.push(`cursor_${index}="$(token ${index})"`);
  });
  const neighbours = (input.tenants ?? []).map((tenant) => ({
    name: keyVariable(tenant, 'full'),
    tenant,
    role: 'full',
  }));
  const load = loadPhase({
    target,
    steps: input.steps,
    headers: input.steps.map((step, index) => stepHeaderLines(target, step, index)),
    keys: input.steps.map(stepKey),
    neighbours,
    maxRps: input.maxRps ?? 1,
  });
  const sent = input.steps.map(
    ({ call }) =>
      keysOf(call.credential)
        .map(({ tenant, role }) => keyVariable(tenant, role))
        .join(' ') || '-',
  );
  const judge = curlJudge(input, { all: keys.map((key) => key.name), sent });
  return [...lines, statusVerdict(input), load, judge].join('\n');
}
