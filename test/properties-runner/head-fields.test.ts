/**
 * HEAD's fields against GET's content (RFC 9110 §8.6, RFC 9110 §9.3.2): http.head's coverage phase alone
 * (no random run) sends a HEAD and a GET of every cell (pages, a cursor page, the empty result and
 * refusals, both endpoints, both schemes) and holds HEAD's Content-Length to GET's octets. A HEAD
 * whose Content-Length counts an empty body (head-content-length-zero) fails head-fields-like-get
 * for every seed, and so does a HEAD whose ETag is the tag of an empty body (head-etag-of-empty-body);
 * the clean sandbox passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterOracle } from '../../lib/checks/filter-rules.ts';
import type { Query } from '../../lib/http/call.ts';
import { isSkip } from '../../lib/props/types.ts';
import { aimedOnce, anyLimit, measuredList } from '../../properties/arbitraries/measured.ts';
import { headProperty } from '../../properties/http-head.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { contextOn, coverageOnly, startSmallSandbox } from './live-target.ts';

describe('http.head against HEAD fields computed for an empty body', () => {
  let faulty: RunningSandbox;
  let tagged: RunningSandbox;
  let clean: RunningSandbox;
  beforeAll(async () => {
    [faulty, tagged, clean] = await Promise.all([
      startSmallSandbox({ faults: ['head-content-length-zero'] }),
      startSmallSandbox({ faults: ['head-etag-of-empty-body'] }),
      startSmallSandbox(),
    ]);
  }, 60_000);
  afterAll(() => Promise.all([faulty.close(), tagged.close(), clean.close()]));

  it.each([
    [
      'the Content-Length',
      () => faulty,
      'HEAD_CONTENT_LENGTH',
      /^Content-Length: 0 on HEAD; GET's body [1-9]\d+ octets$/,
    ],
    ['both ETags', () => tagged, 'HEAD_FIELD_DIFFERS', /^etag: "[\w-]+" on HEAD; etag: "[\w-]+" on GET$/],
  ])(
    'should fail head-fields-like-get before any random run, naming %s',
    async (_, sandbox, code, received) => {
      for (const seed of [1, 2]) {
        const result = await coverageOnly(sandbox(), headProperty, seed);
        expect(result?.status).toBe('failed');
        const failure = result?.status === 'failed' ? result.failures[0] : undefined;
        expect([failure?.check, failure?.code]).toEqual(['head-fields-like-get', code]);
        expect(failure?.received).toMatch(received);
      }
    },
    60_000,
  );

  it("should pass the clean sandbox, the menu's empty result among its cells", async () => {
    const result = await coverageOnly(clean, headProperty);
    expect(result?.status).toBe('passed');
    expect(result?.status === 'passed' ? result.advisories : undefined).toEqual([]);
    const coverage = result?.status === 'passed' ? result.coverage : undefined;
    const reached = coverage?.reached.find((entry) => entry.label === 'full key, empty result');
    expect(reached?.runs).toBeGreaterThanOrEqual(2);
    // The small sandbox's orders have every status at every location: no empty orders list to ask.
    const unreached = coverage?.cellsNotReached.map(({ cell }) => cell) ?? [];
    expect(unreached).toHaveLength(2);
    for (const cell of unreached) expect(cell).toMatch(/^orders first page via \w+.*empty result/);
  }, 60_000);

  it("should ask the menu's empty result with a q the survey finds in no name or SKU under any reading", async () => {
    const context = contextOn(clean.target);
    try {
      const ready = await headProperty.prepare(context);
      if (isSkip(ready)) throw new Error(ready.skip);
      const survey = await context.survey();
      const empties = (
        (ready.coverage?.examples ?? []) as {
          cell: { label: string };
          spot: { tenant: string; endpoint: string };
          set?: Query;
        }[]
      ).filter(({ cell, spot }) => cell.label === 'full key, empty result' && spot.endpoint === 'menuItems');
      expect(empties).toHaveLength(2);
      for (const { spot, set } of empties) {
        const tenant = survey.tenants.find((entry) => entry.name === spot.tenant);
        expect(tenant?.quiescent && tenant.lists.menuItems.end).toBe('complete');
        // The outcome aim's empty class of q (measured on the survey), not a text made up here.
        const list = tenant && measuredList(tenant, 'menuItems');
        expect(set).toEqual(list && aimedOnce(list, ['q'], anyLimit).byClass.empty?.[0]?.query);
        expect(set?.q).toBeDefined();
        const records = (tenant?.lists.menuItems.records ?? []) as unknown as Record<string, unknown>[];
        expect(filterOracle(set ?? {}, records).may.size, set?.q).toBe(0);
      }
    } finally {
      await context.close();
    }
  }, 60_000);
});
