/**
 * Content codings in a curl reproduction (lib/repro/curl-coding.ts): a step the harness sent with
 * an Accept-Encoding is sent with `curl --compressed` and held to the same request without it.
 * The judgement alone, on answers saved as curl saves them (a coding this curl cannot decode is not
 * judged, and said so); then whole scripts against a server in this process whose coded body is
 * not gzip (curl cannot decode it: a finding, exit 1), or is (nothing found, exit 0).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCall } from '../../lib/http/call.ts';
import { curlScript } from '../../lib/repro/curl.ts';
import { codingRules } from '../../lib/repro/curl-coding.ts';
import type { ReproInput } from '../../lib/repro/curl-judge.ts';
import type { ReproStep } from '../../lib/repro/step-walks.ts';
import { runCurlScript } from './run-script.ts';

const PAGE = { data: [{ id: 'o1', status: 'OPEN' }], pagination: { nextPageToken: null, hasMore: false } };
const OTHER_PAGE = {
  data: [{ id: 'o2', status: 'OPEN' }],
  pagination: { nextPageToken: null, hasMore: false },
};
const ERROR = { message: 'limit above 100', statusCode: 400, error: 'Bad Request' };

/** The call of case `index`, its own limit so that each coded step pairs with its own plain one. */
const call = (index: number, tenant: string, acceptEncoding: string | null): ApiCall => ({
  endpoint: 'orders',
  query: { limit: String(index + 1) },
  credential: { tenant, role: 'full', scheme: 'bearer' },
  headers: { 'accept-encoding': acceptEncoding },
});

interface Saved {
  status: number;
  /** Content-Encoding of the coded answer, none when empty. */
  coding: string;
  plainBody: unknown;
  /** The coded answer's body as curl --compressed saved it. */
  codedBody: string;
  /** curl could not decode it (its exit 61). */
  undecodable?: boolean;
  plainStatus?: number;
  acceptEncoding?: string;
  tenant?: string;
}

/** Each case: its answers, and the line the judgement prints (nothing when it finds nothing). */
const CASES: [string, Saved, RegExp | null][] = [
  [
    'the same page uncoded',
    { status: 200, coding: '', plainBody: PAGE, codedBody: JSON.stringify(PAGE) },
    null,
  ],
  [
    'the same page, decoded',
    { status: 200, coding: 'gzip', plainBody: PAGE, codedBody: JSON.stringify(PAGE) },
    null,
  ],
  [
    'another status',
    { status: 200, plainStatus: 400, coding: '', plainBody: ERROR, codedBody: JSON.stringify(PAGE) },
    /^BUG\|step \d+ \(Accept-Encoding: gzip\) answered HTTP 200; without Accept-Encoding \(step \d+\) HTTP 400$/,
  ],
  [
    'a coding not accepted',
    { status: 200, coding: 'br', plainBody: PAGE, codedBody: JSON.stringify(PAGE) },
    /answered Content-Encoding: br, a coding it did not accept/,
  ],
  [
    'a body curl could not decode',
    { status: 200, coding: 'gzip', plainBody: PAGE, codedBody: '', undecodable: true },
    /answered a body that is not coded as its Content-Encoding \(gzip\) says: curl: \(61\)/,
  ],
  [
    'a coding this curl cannot decode',
    { status: 200, coding: 'br', acceptEncoding: 'br', plainBody: PAGE, codedBody: '', undecodable: true },
    /^UNJUDGED\|step \d+ \(Accept-Encoding: br\): its body is br-coded and this curl cannot decode br \(curl -V lists no brotli\)$/,
  ],
  [
    'still coded once decoded',
    { status: 200, coding: 'gzip', plainBody: PAGE, codedBody: '\u001f\u008b\u0008 not json' },
    /answered a body that is not JSON once decoded by Content-Encoding: gzip$/,
  ],
  [
    'another Error',
    { status: 400, coding: 'gzip', plainBody: ERROR, codedBody: JSON.stringify({ ...ERROR, error: 'Oops' }) },
    /answered another Error once decoded: .*"Oops".*; without Accept-Encoding \(step \d+\): .*"Bad Request"/,
  ],
  [
    'another page on data that holds still',
    { status: 200, coding: 'gzip', plainBody: PAGE, codedBody: JSON.stringify(OTHER_PAGE) },
    /answered another page once decoded than without Accept-Encoding/,
  ],
  [
    'another page on data that changes',
    {
      status: 200,
      coding: 'gzip',
      tenant: 'tenant-b',
      plainBody: PAGE,
      codedBody: JSON.stringify(OTHER_PAGE),
    },
    null,
  ],
];

describe('the judgement of coded steps', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'curl-coding-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('should find what the check finds, and say a coding this curl cannot decode is not judged', () => {
    const steps: ReproStep[] = CASES.flatMap(([, saved], index) => {
      const tenant = saved.tenant ?? 'tenant-a';
      return [
        { call: call(index, tenant, null), status: saved.plainStatus ?? saved.status },
        { call: call(index, tenant, saved.acceptEncoding ?? 'gzip'), status: saved.status },
      ];
    });
    CASES.forEach(([, saved], index) => {
      const [plain, coded] = [2 * index, 2 * index + 1];
      const write = (name: string, text: string) => writeFileSync(path.join(work, name), text);
      write(`${plain}.status`, `${saved.plainStatus ?? saved.status} application/json\n`);
      write(`${plain}.json`, JSON.stringify(saved.plainBody));
      write(`${coded}.status`, `${saved.status} application/json\n`);
      write(`${coded}.json`, saved.codedBody);
      const coding = saved.coding === '' ? '' : `Content-Encoding: ${saved.coding}\r\n`;
      write(`${coded}.headers`, `HTTP/1.1 ${saved.status} X\r\n${coding}Date: x\r\n\r\n`);
      if (saved.undecodable)
        write(`${coded}.undecodable`, 'curl: (61) Error while processing content unencoding\n');
    });
    const script = [
      `work=${JSON.stringify(work)}`,
      'bug() { echo "BUG|$*"; }',
      'unjudged() { echo "UNJUDGED|$*"; }',
      // A curl built without brotli.
      'curl() { echo "Features: alt-svc AsynchDNS libz HTTP2"; }',
      ...codingRules(steps, ['tenant-a']),
    ].join('\n');
    const said = execFileSync('bash', ['-c', script], { encoding: 'utf8' }).trim().split('\n');
    CASES.forEach(([name, , expected], index) => {
      const lines = said.filter((line) => line.includes(`step ${2 * index + 1} `));
      if (expected === null) expect(lines, name).toEqual([]);
      else {
        expect(lines, name).toHaveLength(1);
        expect(lines[0], name).toMatch(expected);
      }
    });
  });

  it('should leave a script without coded steps without the judgement', () => {
    expect(codingRules([{ call: call(0, 'tenant-a', null), status: 200 }], [])).toEqual([]);
  });
});

describe('a coded step in a curl reproduction, against a server', () => {
  let server: Server;
  let baseUrl: string;
  let work: string;
  /** What the server codes a gzip-accepting request's body with. */
  let coded: (json: string) => Buffer;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'curl-coded-'));
    server = createServer((request, response) => {
      const json = JSON.stringify(PAGE);
      response.setHeader('content-type', 'application/json');
      if (/gzip/.test(request.headers['accept-encoding'] ?? '')) {
        response.setHeader('content-encoding', 'gzip');
        response.end(coded(json));
      } else response.end(json);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  async function run(name: string) {
    const input: ReproInput = {
      title: 'Reproduction of property http.accept-encoding',
      replay: 'npm run props -- --property http.accept-encoding --seed 1 --path 0',
      target: { file: path.join(work, 'no-target.json') },
      apiKeyHeader: 'X-Sandbox-Api-Key',
      steps: [
        { call: call(0, 'tenant-a', null), status: 200 },
        { call: call(0, 'tenant-a', 'gzip'), status: 200 },
      ],
      failures: [
        { check: 'content-coding-decoded', message: 'not gzip', expected: 'gzip', received: 'bytes' },
      ],
      tenants: [],
      // Its load phase at most 50 a second: a round of its copies takes a fraction of one.
      maxRps: 50,
      quiescent: ['tenant-a'],
    };
    const script = curlScript(input);
    expect(script).toMatch(/^request 0 - KEY_TENANT_A_FULL .* -H 'accept-encoding:'$/m);
    expect(script).toMatch(/^request 1 - KEY_TENANT_A_FULL .* -H 'accept-encoding: gzip' --compressed$/m);
    const file = path.join(work, `${name}.sh`);
    writeFileSync(file, script);
    return runCurlScript(file, { BASE_URL: baseUrl, KEY_TENANT_A_FULL: 'sbx_coded_key_1', LOAD_ROUNDS: '1' });
  }

  it('should show a coded body curl cannot decode as a finding, not as a step without an answer', async () => {
    coded = () => Buffer.from('this is no gzip stream at all');
    const { code, stdout, stderr } = await run('garbage');
    expect(stdout, stderr).toMatch(
      /^BUG: step 1 \(Accept-Encoding: gzip\) answered a body that is not coded as its Content-Encoding \(gzip\) says: curl: \(61\)/m,
    );
    expect(stdout).toMatch(/^REPRODUCED: /m);
    expect(code).toBe(1);
  });

  it('should find nothing when the coded body decodes to the same page, alone nor under load', async () => {
    coded = (json) => gzipSync(json);
    const { code, stdout, stderr } = await run('gzip');
    expect(stdout, stderr).not.toMatch(/BUG/);
    expect(stdout).toMatch(
      /^not reproduced: every answer kept the contract rules checked here; nor under load \(/m,
    );
    expect(code).toBe(0);
  });
});
