/**
 * challenge-on-every-401 across a run's answers: a target that sends WWW-Authenticate on some 401s
 * and not on others fails (the challenge-dropped-revoked-expired fault: its revoked and expired
 * keys' 401s carry none), the finding naming a 401 with it and the one without, by role and never
 * by key; the clean sandbox, whose every 401 challenges, passes with nothing said; a target that
 * sends it on no 401 passes, with one advisory (RFC 9110 §15.5.2) on the property that met the first.
 */
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyResult } from '../../lib/props/runner.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { keyValues, missingThenRevoked, startSmallSandbox } from './live-target.ts';
import '../setup/provide-layers.ts';

const advisoriesOf = (result: PropertyResult | undefined) =>
  result?.status === 'skipped' ? [] : (result?.advisories ?? []);

/** A proxy in front of `origin` that answers as it does, without any WWW-Authenticate. */
async function withoutChallenges(origin: URL): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const upstream = forward(
      {
        host: origin.hostname,
        port: origin.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers['www-authenticate'];
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(outgoing);
      },
    );
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('challenge-on-every-401', () => {
  let clean: RunningSandbox;
  let faulty: RunningSandbox;
  beforeAll(async () => {
    [clean, faulty] = await Promise.all([
      startSmallSandbox(),
      startSmallSandbox({ faults: ['challenge-dropped-revoked-expired'] }),
    ]);
  }, 60_000);
  afterAll(() => Promise.all([clean.close(), faulty.close()]));

  it('should fail the revoked key whose 401 carries no challenge, naming a 401 that did', async () => {
    const [missing, revoked] = await missingThenRevoked(faulty.target);
    expect(missing?.status).toBe('passed');
    expect(revoked?.status).toBe('failed');
    if (revoked?.status !== 'failed') return;
    const [failure] = revoked.failures;
    expect(failure).toMatchObject({ check: 'challenge-on-every-401', code: 'CHALLENGE_MISSING' });
    expect(failure?.message).toMatch(/HTTP 401 without WWW-Authenticate, though the 401 to GET \/public\//);
    expect(failure?.received).toMatch(/sent WWW-Authenticate: Bearer realm=/);
    // The 401 with the challenge, then this one without.
    const [challenged, unchallenged] = failure?.requests.slice(-2) ?? [];
    expect(challenged?.status).toBe(401);
    expect(challenged?.role).not.toBe('revoked');
    expect(unchallenged).toMatchObject({ status: 401, role: 'revoked' });
    const text = JSON.stringify([missing, revoked]);
    for (const key of keyValues(faulty.target)) expect(text).not.toContain(key);
  });

  it('should pass the clean sandbox, every 401 challenged, with nothing to advise', async () => {
    const results = await missingThenRevoked(clean.target);
    expect(results.map((result) => result.status)).toEqual(['passed', 'passed']);
    expect(results.flatMap(advisoriesOf)).toEqual([]);
  });

  it('should pass a target that sends no challenge on any 401, advising it once', async () => {
    const proxy = await withoutChallenges(new URL(clean.target.baseUrl));
    try {
      const { port } = proxy.address() as AddressInfo;
      const baseUrl = clean.target.baseUrl.replace(/:\d+/, `:${port}`);
      const results = await missingThenRevoked({ ...clean.target, baseUrl });
      expect(results.map((result) => result.status)).toEqual(['passed', 'passed']);
      expect(results.map((result) => advisoriesOf(result).map((advisory) => advisory.code))).toEqual([
        ['CHALLENGE_NEVER_SENT'],
        [],
      ]);
      const [advisory] = advisoriesOf(results[0]);
      expect(advisory).toMatchObject({ check: 'challenge-on-every-401', severity: 'advisory' });
      expect(advisory?.message).toMatch(/RFC 9110 §15\.5\.2/);
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
