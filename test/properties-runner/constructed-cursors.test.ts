/**
 * cursors.constructed (spec §4.3 rules 3 and 5): a cursor a client built (10, page=2, base64 of
 * {"offset":10}, null) is a 4xx. The fault digit-cursor-offset (a digit cursor read as a record
 * offset) is caught in the coverage phase, before any random run; the clean sandbox passes it; and
 * a correct server whose own cursors are plain digits (the sandbox behind a proxy that numbers its
 * cursors) passes too, the integer cells not reached, with the reason.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { test } from '@fast-check/vitest';
import {
  CONSTRUCTED_KINDS,
  CONSTRUCTED_VALUES,
  constructedKind,
  digitsOrHex,
  unjudgedWhy,
} from '../../properties/arbitraries/constructed-cursors.ts';
import { randomCursor } from '../../properties/arbitraries/cursors.ts';
import { constructedCursors } from '../../properties/cursors-constructed.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { coverageOnly, startSmallSandbox } from './live-target.ts';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A cursor shaped like the sandbox's: base64url JSON, a dot, a signature. */
const SIGNED = `${base64url({ t: 'tenant-a', e: 'orders', p: 2, k: ['x', 1] })}.c2lnbmF0dXJlLWJ5dGVz`;

describe('which constructed cursors are judged', () => {
  it('should give each fixed value its kind', () => {
    for (const kind of CONSTRUCTED_KINDS)
      for (const text of CONSTRUCTED_VALUES[kind]) expect(constructedKind(text), text).toBe(kind);
  });

  it('should judge every value against cursors of another form', () => {
    for (const text of Object.values(CONSTRUCTED_VALUES).flat())
      expect(unjudgedWhy(text, [SIGNED, base64url({ after: 'o1', status: null })]), text).toBeNull();
  });

  it('should judge no value when no cursor was seen', () => {
    for (const text of Object.values(CONSTRUCTED_VALUES).flat())
      expect(unjudgedWhy(text, []), text).toMatch(/cursor form is unknown/);
  });

  it('should leave integers alone where the cursors are digits or hex, and only them', () => {
    for (const issued of [['17', '42'], ['a3f9c0']])
      for (const text of Object.values(CONSTRUCTED_VALUES).flat())
        expect(unjudgedWhy(text, issued) === null, `${text} against ${issued[0]}`).toBe(
          constructedKind(text) !== 'integer',
        );
  });

  it('should leave name=number and offset JSON alone where the cursors have that form', () => {
    expect(unjudgedWhy('page=2', ['page=3'])).toMatch(/name=number/);
    expect(unjudgedWhy('page=2', [SIGNED])).toBeNull();
    const offsets = [base64url({ offset: 50 })];
    expect(unjudgedWhy(base64url({ offset: 10 }), offsets)).toMatch(/base64 of JSON/);
    expect(unjudgedWhy(base64url({ page: 2 }), offsets)).toBeNull();
    expect(unjudgedWhy(Buffer.from('{"offset":10}').toString('base64'), [`${offsets[0]}.sig`])).toMatch(
      /base64 of JSON/,
    );
  });

  test.prop([randomCursor])('should keep random cursors off the forms a server may issue', (text) => {
    expect(digitsOrHex(text)).toBe(false);
    expect(constructedKind(text)).not.toBe('word');
  });
});

describe('the fault digit-cursor-offset', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSmallSandbox({ faults: ['digit-cursor-offset'] });
  }, 60_000);
  afterAll(() => sandbox.close());

  it('should be caught by cursor-rejected in the coverage phase, before any random run', async () => {
    const result = await coverageOnly(sandbox, constructedCursors);
    expect(result?.status).toBe('failed');
    const failures = result?.status === 'failed' ? result.failures : [];
    expect(new Set(failures.map((failure) => failure.check))).toEqual(new Set(['cursor-rejected']));
    expect(failures[0]?.message).toMatch(/a constructed cursor \(a plain integer\), \w+\?limit=5&cursor=\d/);
  }, 60_000);
});

describe('the clean sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSmallSandbox();
  }, 60_000);
  afterAll(() => sandbox.close());

  it.each([1, 2])(
    'should pass the coverage phase with every cell reached (seed %i)',
    async (seed) => {
      const result = await coverageOnly(sandbox, constructedCursors, seed);
      expect(result?.status).toBe('passed');
      expect(result?.status === 'passed' ? result.coverage?.cellsNotReached : undefined).toEqual([]);
    },
    60_000,
  );
});

/**
 * A correct server whose cursors are plain digits: the sandbox behind a proxy that hands out each
 * cursor as its serial number and takes the number back (an unknown one goes through as it is,
 * and the sandbox refuses it, as a keyset server may serve it).
 */
async function digitCursorProxy(upstream: string): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const tokens: string[] = [];
  const server: Server = createServer((request, reply) => {
    const url = new URL(request.url ?? '/', upstream);
    const cursor = url.searchParams.get('cursor');
    if (cursor !== null && /^[0-9]+$/.test(cursor) && tokens[Number(cursor)] !== undefined)
      url.searchParams.set('cursor', tokens[Number(cursor)] ?? '');
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'accept-encoding'),
    ) as Record<string, string>;
    void fetch(url, { headers }).then(async (answer) => {
      const body = (await answer.json()) as { pagination?: { nextPageToken?: unknown } };
      const next = body.pagination?.nextPageToken;
      if (typeof next === 'string' && body.pagination !== undefined)
        body.pagination.nextPageToken = String(tokens.push(next) - 1);
      const kept = ['date', 'retry-after', 'www-authenticate', 'cache-control', 'vary'];
      for (const name of kept)
        if (answer.headers.has(name)) reply.setHeader(name, answer.headers.get(name) ?? '');
      reply.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
      reply.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = new URL(upstream);
  return {
    baseUrl: `http://127.0.0.1:${port}${base.pathname}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('a correct server whose cursors are plain digits', () => {
  let sandbox: RunningSandbox;
  let proxy: Awaited<ReturnType<typeof digitCursorProxy>>;
  beforeAll(async () => {
    sandbox = await startSmallSandbox();
    proxy = await digitCursorProxy(sandbox.target.baseUrl);
  }, 60_000);
  afterAll(async () => {
    await proxy.close();
    await sandbox.close();
  });

  const behindProxy = () => ({ ...sandbox, target: { ...sandbox.target, baseUrl: proxy.baseUrl } });

  it('should pass, the integer cells not reached with the reason', async () => {
    const result = await coverageOnly(behindProxy(), constructedCursors);
    expect(result?.status).toBe('passed');
    const missed = result?.status === 'passed' ? (result.coverage?.cellsNotReached ?? []) : [];
    expect(missed.map((cell) => cell.cell).sort()).toEqual([
      'menuItems first page: a plain integer',
      'orders first page: a plain integer',
    ]);
    for (const cell of missed) expect(cell.why).toMatch(/cursors are plain digits or hex/);
  }, 60_000);
});
