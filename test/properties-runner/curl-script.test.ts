import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import type { ReproInput } from '../../lib/repro/curl-judge.ts';
import { KEY_CASES, keyInCase } from '../../lib/http/key-case.ts';
import { basicCredentials, type KeyPlace } from '../../lib/http/key-place.ts';
import { curlScript, keyVariable } from '../../lib/repro/curl.ts';
import { shellWord } from '../../lib/repro/shell-words.ts';

const bash = (script: string, env: Record<string, string> = {}): string =>
  execFileSync('bash', ['-c', script], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });

const input: ReproInput = {
  title: 'Reproduction of property tenancy.cross-tenant-cursor',
  replay: 'npm run props -- --property tenancy.cross-tenant-cursor --seed 1 --path 0',
  target: { file: '/nowhere/sandbox-target.json', sandboxCommand: 'npm run sandbox -- --fault cursor-500' },
  apiKeyHeader: 'X-Sandbox-Api-Key',
  steps: [
    {
      call: {
        endpoint: 'orders',
        query: { limit: '1' },
        credential: { tenant: 'tenant-a', role: 'full', scheme: 'bearer' },
      },
      status: 200,
    },
    {
      call: {
        endpoint: 'orders',
        query: { limit: '1', cursor: 'stale' },
        credential: { tenant: 'tenant-b', role: 'full', scheme: 'serviceHeader' },
      },
      status: 200,
      cursorFrom: 0,
      showsBug: true,
    },
    {
      call: {
        endpoint: 'menuItems',
        query: {},
        credential: { tenant: 'tenant-a', role: 'malformed', scheme: 'bearer' },
      },
      status: 401,
    },
  ],
  failures: [{ check: 'cursor-rejected', message: "it's\nserved", expected: 'a 4xx', received: '200' }],
};

describe('curl reproduction script', () => {
  it('should name key variables by tenant and role', () => {
    expect(keyVariable('tenant-a', 'full')).toBe('KEY_TENANT_A_FULL');
    expect(keyVariable('tenant-b', 'noMenuRead')).toBe('KEY_TENANT_B_NO_MENU_READ');
  });

  /** Text rich in what shells treat specially, plus some non-ASCII; `${NAME}` is a reference by design. */
  const awkward = fc
    .string({ unit: fc.constantFrom("'", '"', '$', '`', '\\', '!', ' ', '\n', '*', '{', '}', 'a', 'é', '€') })
    .filter((text) => !/\$\{[A-Za-z_]/.test(text));

  it.prop([awkward], { numRuns: 25 })(
    'should quote any literal text so bash reads it back unchanged',
    (text) => {
      expect(bash(`printf '%s' ${shellWord(text)}`)).toBe(text);
    },
  );

  // Found by the property above (seed -658604083): a literal "${" was double-quoted.
  it('should keep a literal "${" that is not a variable reference', () => {
    expect(bash(`printf '%s' ${shellWord('${')}`)).toBe('${');
    expect(bash(`printf '%s' ${shellWord('a${b')}`)).toBe('a${b');
  });

  it('should expand key variables inside a quoted header', () => {
    expect(bash(`printf '%s' ${shellWord('Authorization: Bearer ${KEY_X}')}`, { KEY_X: 'k 1' })).toBe(
      'Authorization: Bearer k 1',
    );
  });

  it('should be valid bash that reads keys and the base URL from the environment or the target file', () => {
    const script = curlScript(input);
    expect(() => execFileSync('bash', ['-n'], { input: script })).not.toThrow();
    expect(script).toContain('if [ -z "${KEY_TENANT_A_FULL:-}" ]');
    expect(script).toContain('if [ -z "${KEY_TENANT_B_FULL:-}" ]');
    // Without its key a reproduction cannot judge: exit 2, never 1 ("the bug shows").
    const unset = spawnSync('bash', ['-s'], {
      input: script,
      env: { PATH: process.env.PATH ?? '', BASE_URL: 'http://127.0.0.1:1/api/v1' },
      encoding: 'utf8',
    });
    expect(unset.status).toBe(2);
    expect(unset.stderr).toMatch(/^cannot judge: set KEY_TENANT_A_FULL/);
    expect(script).toContain('"cursor=${cursor_0}"');
    expect(script).toContain("-H 'authorization: Bearer not a key'");
    expect(script).not.toContain('stale');
    expect(script).toMatch(
      /^if \[ -z "\$\{TARGET_FILE:-\}" \]; then TARGET_FILE='\/nowhere\/sandbox-target\.json'; fi$/m,
    );
  });

  it('should send a key in another case as the harness did, built from its key variable in the shell', () => {
    const [first, ...rest] = input.steps;
    if (first === undefined) throw new Error('no step');
    const cased = {
      ...first,
      call: { ...first.call, credential: { ...first.call.credential, keyCase: 'lower' } },
    };
    const script = curlScript({ ...input, steps: [cased as typeof first, ...rest] });
    expect(script).toContain('key_case_0="$(key_case lower "${KEY_TENANT_A_FULL}")"');
    expect(script).toContain(`-H 'authorization: Bearer '"\${key_case_0}"`);
    // Its copies under load too (curl-load.ts), not the placeholder's reference changed in case.
    expect(script).toContain(
      `own_0() { entry "$load_dir/$round.0.own.$j.json" "$url_0" GET 'accept: application/json' 'authorization: Bearer '"\${key_case_0}"; }`,
    );
    // The key header sent twice is two lines of the key variable, as the harness sent them.
    const twice = {
      ...first,
      call: {
        ...first.call,
        credential: {
          ...first.call.credential,
          scheme: 'serviceHeader' as const,
          keyCase: 'header-twice' as const,
        },
      },
    };
    const twoLines = curlScript({ ...input, steps: [twice] }).split(
      `-H 'x-sandbox-api-key: '"\${KEY_TENANT_A_FULL}"`,
    );
    expect(twoLines).toHaveLength(3);
    // The shell's key_case changes a key exactly as keyInCase did when the harness sent it.
    const start = script.indexOf('replaced_char() {');
    const helper = script.slice(start, script.indexOf('\n}\n', script.indexOf('key_case() {')) + 2);
    // Keys ending (and centred) on each class: a letter at the end of its range, a digit, - and _,
    // a character of no class, and one too short to alter.
    const keys = ['sbx_Ab3-xY_9z', 'sbx_Ab3-xY_9Z', 'sbx_Ab9-xY_99', 'sbx_A_b-x-', 'sbx+Ab3/_', 'ab_Cd'];
    const cases = keys.flatMap((key) => KEY_CASES.map((keyCase) => ({ key, keyCase })));
    // One shell for all: a line per key and change.
    const lines = cases.map(({ key, keyCase }) => `key_case ${keyCase} '${key}'; echo`).join('\n');
    const sent = bash(`${helper}\n${lines}`).split('\n');
    cases.forEach(({ key, keyCase }, index) =>
      expect(sent[index], `${keyCase} of ${key}`).toBe(keyInCase(key, keyCase)),
    );
  });

  it('should send a key placed elsewhere than the two headers as the harness did, from its key variable', () => {
    const [first] = input.steps;
    if (first === undefined) throw new Error('no step');
    const placed = (keyPlace: KeyPlace) => ({
      ...first,
      call: { ...first.call, credential: { ...first.call.credential, keyPlace } },
    });
    const places: KeyPlace[] = [
      'query-api_key',
      'cookie-token',
      'authorization-token',
      'authorization-basic',
    ];
    const script = curlScript({ ...input, steps: places.map(placed) });
    expect(script).toContain(
      `--data-urlencode 'api_key='"\${KEY_TENANT_A_FULL}" -H 'accept: application/json'\n`,
    );
    expect(script).toContain(`-H 'cookie: token='"\${KEY_TENANT_A_FULL}"`);
    expect(script).toContain(`-H 'authorization: Token '"\${KEY_TENANT_A_FULL}"`);
    expect(script).toContain(`-H 'authorization: Basic '"\${key_basic_3}"`);
    // Neither spec header: no Bearer, no X-Sandbox-Api-Key line.
    expect(script).not.toMatch(/-H 'authorization: Bearer|-H 'x-sandbox-api-key/);
    // Under load, the query place's key goes in the step's URL.
    expect(script).toContain(
      `url_0="\${BASE_URL}"'/public/orders?limit=1''&api_key='"$(form "\${KEY_TENANT_A_FULL}")"`,
    );
    // The shell's Basic credentials are the harness's, for keys of every class.
    const line = script.split('\n').find((each) => each.startsWith('key_basic_3='));
    for (const key of ['sbx_Ab3-xY_9z', 'k+/=é', 'a'])
      expect(bash(`${line}\nprintf %s "$key_basic_3"`, { KEY_TENANT_A_FULL: key })).toBe(
        basicCredentials(key),
      );
  });

  it('should say in its header how to start its sandbox again and where the keys come from', () => {
    const script = curlScript(input);
    expect(script).toContain('#   npm run sandbox -- --fault cursor-500\n');
    expect(script).toContain('# It writes its base URL and fresh keys to /nowhere/sandbox-target.json');
    expect(script).toContain('#   KEY_TENANT_A_FULL: the full key of tenant-a\n');
    const withoutTarget = spawnSync('bash', ['-s'], {
      input: script,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(withoutTarget.status).toBe(2);
    expect(withoutTarget.stderr).toBe(
      'cannot judge: no target file at /nowhere/sandbox-target.json and no BASE_URL: start its sandbox again (npm run sandbox -- --fault cursor-500, in the harness checkout) or set TARGET_FILE to the target file of the sandbox you started\n',
    );
  });

  it('should name the target file instead when the run was given one', () => {
    const script = curlScript({ ...input, target: { file: '/srv/staging.json' } });
    expect(script).not.toContain('npm run sandbox');
    expect(script).toContain(
      '# Its target: the target file /srv/staging.json (set TARGET_FILE to read another)',
    );
  });

  it('should print only its verdict, and say "cannot judge" when neither status nor rules show the failure', () => {
    const script = curlScript(input);
    expect(script).not.toContain('compare the answers');
    expect(script).not.toContain('head -c');
    expect(script).toContain(`echo 'REPRODUCED: cursor-rejected: '"$fact"' (expected: a 4xx)'`);
    const unjudged = curlScript({ ...input, steps: input.steps.map(({ showsBug: _, ...step }) => step) });
    expect(unjudged).toMatch(
      /^echo 'cannot judge: cursor-rejected does not show in the status codes or the rules this script checks, which every answer kept; replay it with the harness: npm run props -- --property tenancy\.cross-tenant-cursor --seed 1 --path 0'$/m,
    );
    expect(unjudged).toMatch(/exit 2\n$/);
  });

  it('should exit 2 in one line when jq is missing, before sending anything', () => {
    const bashPath = execFileSync('bash', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim();
    const run = spawnSync(bashPath, ['-s'], {
      input: curlScript(input),
      env: { PATH: '/nonexistent' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^cannot judge: this script needs jq to judge the answers; install jq [^\n]*\n$/,
    );
  });

  it('should stop with a clear message when a key variable is not set', () => {
    expect(() => bash(curlScript(input), { BASE_URL: 'http://127.0.0.1:1/api/v1' })).toThrow(
      /set KEY_TENANT_A_FULL to the full key of tenant-a/,
    );
  });
});
