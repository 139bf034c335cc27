/**
 * Writes a failing request sequence as a standalone k6 script (plain JavaScript, no bundling):
 * it replays the walk with fresh cursors, checks each answer with the contract rules a short
 * script can judge (expectations.ts), and fails through a threshold (k6 exit code 99) when the
 * bug shows. Keys come from environment variables named by tenant and role, the base URL from
 * BASE_URL: the script never holds a key. Pure: it never sees one either.
 */
import { ENDPOINT_INFO } from '../contract/endpoints.ts';
import type { Failure } from '../failure.ts';
import { keyVariable, type ReproStep } from './curl.ts';
import type { Expectations } from './expectations.ts';
import { stepOwners, type StepOwner } from './step-walks.ts';

export interface K6ReproInput {
  title: string;
  /** The harness command that repeats the hunt. */
  replay: string;
  baseUrl: string;
  apiKeyHeader: string;
  steps: readonly ReproStep[];
  expect: Expectations;
  failures: readonly Pick<Failure, 'check' | 'message' | 'expected' | 'received'>[];
}

interface ScriptStep {
  path: string;
  query: Record<string, string>;
  cursorFrom: number | null;
  keyVariable: string | null;
  scheme: string;
  tenant: string;
  walk: number;
}

function scriptStep(step: ReproStep, owner: StepOwner): ScriptStep {
  const { cursor: recorded, ...query } = step.call.query;
  const { tenant, role, scheme } = step.call.credential;
  const fresh = step.cursorFrom !== undefined;
  return {
    path: ENDPOINT_INFO[step.call.endpoint].path,
    query: fresh || recorded === undefined ? query : { ...query, cursor: recorded },
    cursorFrom: step.cursorFrom ?? null,
    keyVariable: role === 'none' || role === 'malformed' ? null : keyVariable(tenant, role),
    scheme,
    tenant,
    walk: owner.walk,
  };
}

const comment = (text: string) => `// ${text.replace(/\r?\n/g, ' ')}`;

function header(input: K6ReproInput, variables: string[]): string[] {
  return [
    comment(input.title),
    comment(`Replay with the harness: ${input.replay}`),
    ...input.failures.flatMap((failure) => [
      comment(`${failure.check}: ${failure.message}`),
      comment(`  expected: ${failure.expected}`),
      comment(`  received: ${failure.received}`),
    ]),
    comment(`Run: BASE_URL=... ${variables.map((name) => `${name}=...`).join(' ')} k6 run THIS_FILE`),
    comment(
      'Exit code 0: not reproduced; 99: the bug shows (threshold bug_shown crossed); 107: setup problem.',
    ),
  ];
}

/** The replay and the checks, as k6 runs them: no harness code, no bundling. */
const BODY = String.raw`
const bugShown = new Counter('bug_shown');

export const options = {
  vus: 1,
  iterations: 1,
  thresholds: { bug_shown: ['count==0'] },
};

// In the init context, so that a missing key stops the run before any request (exit code 107).
for (const step of STEPS)
  if (step.keyVariable !== null && !__ENV[step.keyVariable])
    throw new Error('set ' + step.keyVariable + ' to the API key it names');

const keyFrom = (variable) => __ENV[variable];

function url(step, cursor) {
  const query = Object.assign({}, step.query, cursor === null ? {} : { cursor: cursor });
  const text = Object.keys(query).map((name) => encodeURIComponent(name) + '=' + encodeURIComponent(query[name])).join('&');
  return BASE_URL + step.path + (text ? '?' + text : '');
}

/** Sends one step; on 429 waits (Retry-After, at most 5 s) and retries a few times. */
function send(step, cursor) {
  const headers = { accept: 'application/json' };
  if (step.keyVariable !== null) {
    const key = keyFrom(step.keyVariable);
    if (step.scheme === 'bearer') headers.authorization = 'Bearer ' + key;
    else headers[API_KEY_HEADER] = key;
  }
  for (let attempt = 0; ; attempt += 1) {
    const response = http.get(url(step, cursor), { headers: headers, responseType: 'text' });
    if (response.status !== 429 || attempt >= 5) return response;
    sleep(Math.min(5, Number(response.headers['Retry-After']) || 0.2 * 2 ** attempt));
  }
}

function judgePage(n, step, body, seen, problems) {
  const page = body.data;
  if (page.length > EXPECT.limit) problems.push('step ' + n + ': ' + page.length + ' records for limit=' + EXPECT.limit);
  const more = body.pagination.hasMore;
  const token = body.pagination.nextPageToken;
  if ((more === true && typeof token !== 'string') || (more === false && token !== null))
    problems.push('step ' + n + ': hasMore=' + more + ' with nextPageToken=' + JSON.stringify(token));
  if (page.length === 0 && (more !== false || token !== null))
    problems.push('step ' + n + ': an empty page without {nextPageToken: null, hasMore: false}');
  for (const record of page) {
    const id = String(record.id);
    // Within one walk an id comes once; across tenants never (spec §5: the tenant boundary).
    const inWalk = seen.inWalk.get(step.walk + ' ' + id);
    if (inWalk !== undefined) problems.push('step ' + n + ': id ' + id + ' was already returned at step ' + inWalk);
    else seen.inWalk.set(step.walk + ' ' + id, n);
    const owner = seen.owner.get(id);
    if (owner && owner.tenant !== step.tenant) problems.push('step ' + n + ': record ' + id + ' went to ' + step.tenant + "'s key and, at step " + owner.step + ', to ' + owner.tenant + "'s");
    else if (!owner) seen.owner.set(id, { tenant: step.tenant, step: n });
    for (const field of Object.keys(EXPECT.equal))
      if (field in record && record[field] !== EXPECT.equal[field])
        problems.push('step ' + n + ': record ' + id + ' has ' + field + '=' + record[field] + ', the walk asked for ' + EXPECT.equal[field]);
    if (EXPECT.activeStatuses && EXPECT.activeStatuses.indexOf(record.status) < 0)
      problems.push('step ' + n + ': record ' + id + ' has status ' + record.status + ' under activeOnly=true');
    if (EXPECT.search !== undefined) {
      const needle = EXPECT.search.toLowerCase();
      const hit = [record.name, record.sku].some((value) => typeof value === 'string' && value.toLowerCase().indexOf(needle) >= 0);
      if (!hit) problems.push('step ' + n + ': record ' + id + ' does not match q=' + EXPECT.search);
    }
  }
}

export default function () {
  bugShown.add(0);
  const problems = [];
  const tokens = [];
  const seen = { inWalk: new Map(), owner: new Map() };
  const seenTokens = new Set();
  for (let n = 0; n < STEPS.length; n += 1) {
    const step = STEPS[n];
    const cursor = step.cursorFrom === null ? null : tokens[step.cursorFrom];
    if (cursor === undefined || (step.cursorFrom !== null && cursor === null)) {
      console.log('step ' + n + ': the walk ended before it (no nextPageToken to follow)');
      break;
    }
    const response = send(step, cursor);
    console.log('step ' + n + ': HTTP ' + response.status + ' ' + String(response.body).slice(0, 200));
    if (n === 0 && (response.status === 401 || response.status === 403))
      exec.test.abort('the key in ' + step.keyVariable + ' was refused (' + response.status + '): check it');
    let body = null;
    try {
      body = JSON.parse(response.body);
    } catch (error) {
      body = null;
    }
    const isPage = response.status === 200 && body !== null && Array.isArray(body.data) && typeof body.pagination === 'object' && body.pagination !== null;
    if (!isPage) {
      problems.push('step ' + n + ': answered ' + response.status + ', not a page');
      tokens.push(null);
      continue;
    }
    judgePage(n, step, body, seen, problems);
    const token = typeof body.pagination.nextPageToken === 'string' ? body.pagination.nextPageToken : null;
    if (token !== null && seenTokens.has(step.walk + ' ' + token)) problems.push('step ' + n + ': nextPageToken came back again: the walk cycles');
    if (token !== null) seenTokens.add(step.walk + ' ' + token);
    tokens.push(token);
  }
  for (const problem of problems) console.log('BUG: ' + problem);
  if (problems.length > 0) bugShown.add(problems.length);
  else console.log('not reproduced: every answer kept the contract rules checked here');
}
`;

export function k6Script(input: K6ReproInput): string {
  const owners = stepOwners(input.steps);
  const steps = input.steps.map((step, index) =>
    scriptStep(step, owners[index] ?? { walk: index, tenant: '' }),
  );
  const variables = [...new Set(steps.map((step) => step.keyVariable).filter((name) => name !== null))];
  return [
    ...header(input, variables),
    `import http from 'k6/http';`,
    `import { sleep } from 'k6';`,
    `import { Counter } from 'k6/metrics';`,
    `import exec from 'k6/execution';`,
    '',
    `const BASE_URL = __ENV.BASE_URL || ${JSON.stringify(input.baseUrl)};`,
    `const API_KEY_HEADER = ${JSON.stringify(input.apiKeyHeader)};`,
    `const STEPS = ${JSON.stringify(steps, null, 2)};`,
    `const EXPECT = ${JSON.stringify(input.expect, null, 2)};`,
    BODY,
  ].join('\n');
}
