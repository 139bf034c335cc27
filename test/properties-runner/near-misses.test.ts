/**
 * Near misses of what a tenant owns (issue 33): an issued key with one character changed, dropped
 * or appended, or in a list (spec §5: one key, 401), a key header with no key in it (empty, blanks, Bearer alone: a
 * missing key, 401, never 400), and an own locationId or categoryId in another case (spec §2, §5:
 * ids are opaque, so it is an id no tenant has: 404). The coverage phase alone (no random run)
 * sends every kind on every site (each endpoint via each scheme), catches each fault, and passes
 * the clean sandbox.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../lib/contract/endpoints.ts';
import { AUTH_SCHEMES } from '../../lib/http/call.ts';
import { BLANK_KEYS, BLANK_KEY_WORDS } from '../../lib/http/blank-key.ts';
import { caseFitsScheme, KEY_CASES, LIST_CASES, type KeyCase } from '../../lib/http/key-case.ts';
import { writeRunArtifacts } from '../../lib/props/report.ts';
import { isSkip, type PropertyDefinition } from '../../lib/props/types.ts';
import { AUTH } from '../../properties/auth.ts';
import { PARAMETERS } from '../../properties/params-outside.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import {
  contextOn,
  coverageOnly,
  keyValues,
  runScript,
  scriptEnv,
  startSmallSandbox,
  targetOf,
} from './live-target.ts';

const byName = (name: string): PropertyDefinition => {
  const property = [...AUTH, ...PARAMETERS].find((each) => each.name === name);
  if (property === undefined) throw new Error(`no property ${name}`);
  return property;
};
const KEYS = byName('auth.missing-or-malformed-key');
const PLACES = byName('parameters.unknown-place');
const EXPIRED = byName('auth.expired-key');

/** The coverage phase's inputs of `property` on `sandbox`. */
async function examplesOf(sandbox: RunningSandbox, property: PropertyDefinition): Promise<unknown[]> {
  const context = contextOn(sandbox.target);
  try {
    const ready = await property.prepare(context);
    if (isSkip(ready)) throw new Error(ready.skip);
    return [...(ready.coverage?.examples ?? [])];
  } finally {
    await context.close();
  }
}

describe('near misses on the clean sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSmallSandbox();
  }, 60_000);
  afterAll(() => sandbox.close());

  it('should send every changed key on each endpoint via each scheme in the coverage phase, a key in a list on cursor pages too', async () => {
    const examples = (await examplesOf(sandbox, KEYS)) as {
      key: { keyCase?: string };
      request: { endpoint: string; scheme: string; cursor: boolean };
    }[];
    const sent = new Set(
      examples.map(({ key, request }) => `${key.keyCase} ${request.endpoint} ${request.scheme}`),
    );
    const onCursorPages = new Set(
      examples
        .filter(({ request }) => request.cursor)
        .map(({ key, request }) => `${key.keyCase} ${request.endpoint} ${request.scheme}`),
    );
    // The key header's two lines go via that header only (Authorization sent twice is not judged).
    const fits = (keyCase: KeyCase, scheme: string) => caseFitsScheme(keyCase, scheme) || undefined;
    for (const keyCase of KEY_CASES)
      for (const endpoint of ENDPOINTS)
        for (const scheme of AUTH_SCHEMES)
          expect(sent.has(`${keyCase} ${endpoint} ${scheme}`) || undefined).toBe(fits(keyCase, scheme));
    for (const keyCase of LIST_CASES)
      for (const endpoint of ENDPOINTS)
        for (const scheme of AUTH_SCHEMES)
          expect(onCursorPages.has(`${keyCase} ${endpoint} ${scheme}`) || undefined).toBe(
            fits(keyCase, scheme),
          );
  });

  it('should send every key header with no key in it on each endpoint, first page and cursor page', async () => {
    const examples = (await examplesOf(sandbox, KEYS)) as {
      key: { role: string };
      headers?: Record<string, string>;
      probe: string;
      request: { endpoint: string; cursor: boolean };
    }[];
    const blank = examples.filter((example) => example.headers !== undefined);
    const sent = new Set(blank.map(({ probe, request }) => `${probe} ${request.endpoint} ${request.cursor}`));
    for (const kind of BLANK_KEYS)
      for (const endpoint of ENDPOINTS)
        for (const cursor of [false, true])
          expect(sent).toContain(`${BLANK_KEY_WORDS[kind]} ${endpoint} ${cursor}`);
    // No key in them: every value is blanks or the Bearer scheme word, the role none.
    for (const { key, headers } of blank) {
      expect(key.role).toBe('none');
      for (const value of Object.values(headers ?? {})) expect(value).toMatch(/^\s*(?:bearer)?\s*$/i);
    }
  });

  it('should send own ids in another case on each endpoint via each scheme in the coverage phase', async () => {
    const examples = (await examplesOf(sandbox, PLACES)) as {
      request: { endpoint: string; scheme: string };
      values: { name: string; kind: string }[];
    }[];
    const sent = new Set(
      examples.flatMap(({ request, values }) =>
        values.map((value) => `${request.endpoint} ${value.name} ${value.kind} via ${request.scheme}`),
      ),
    );
    // The sandbox's ids are lower case: only upper-casing and one letter flipped change them.
    for (const where of ['orders locationId', 'menuItems locationId', 'menuItems categoryId'])
      for (const kind of ['upper-cased', 'with its first letter in the other case'])
        for (const scheme of AUTH_SCHEMES) expect(sent).toContain(`${where} an own id ${kind} via ${scheme}`);
  });

  it('should pass the properties, every answer searched for keys (key-not-disclosed)', async () => {
    for (const property of [KEYS, PLACES, EXPIRED])
      expect((await coverageOnly(sandbox, property))?.status, property.name).toBe('passed');
  }, 60_000);
});

// An expired key's 401 naming the tenant's working key fails key-not-disclosed, run on every answer.
describe.each([
  ['key-prefix-only', KEYS, 'key-rejected'],
  ['empty-key-400', KEYS, 'key-rejected'],
  ['first-of-repeated-key', KEYS, 'key-rejected'],
  ['expired-key-discloses-key', EXPIRED, 'key-not-disclosed'],
  ['location-id-case-folded', PLACES, 'unknown-place-refused'],
] as const)('the near-miss fault %s', (fault, property, check) => {
  it(`should be caught by ${property.name} (${check}) before any random run, for every seed`, async () => {
    const sandbox = await startSmallSandbox({ faults: [fault] });
    try {
      for (const seed of [1, 2]) {
        const result = await coverageOnly(sandbox, property, seed);
        expect(result?.status).toBe('failed');
        expect(result?.status === 'failed' ? result.failures[0]?.check : undefined).toBe(check);
      }
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});

describe('the fault expired-key-discloses-key', () => {
  it('should be reproduced by its curl script, which names the key variable, no key written', async () => {
    const sandbox = await startSmallSandbox({ faults: ['expired-key-discloses-key'] });
    const directory = await mkdtemp(join(tmpdir(), 'key-disclosed-'));
    try {
      const result = await coverageOnly(sandbox, EXPIRED);
      if (result === undefined) throw new Error('no result');
      const artifacts = await writeRunArtifacts(
        directory,
        targetOf(sandbox.target),
        [result],
        { seed: 1 },
        {},
      );
      const [script] = artifacts.scripts;
      if (script === undefined) throw new Error('no reproduction written');
      const run = await runScript(script, scriptEnv(sandbox.target));
      expect(run.stdout).toMatch(
        /the answer holds the key in KEY_TENANT_\w+_FULL, which its request did not send/,
      );
      expect(run.code).toBe(1);
      const written = await Promise.all(
        (await readdir(directory)).map((name) => readFile(join(directory, name), 'utf8')),
      );
      for (const text of [...written, run.stdout])
        for (const key of keyValues(sandbox.target)) expect(text).not.toContain(key);
    } finally {
      await Promise.all([sandbox.close(), rm(directory, { recursive: true, force: true })]);
    }
  }, 90_000);
});
