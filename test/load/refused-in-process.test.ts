/**
 * A load's refused requests (lib/load/refused-plan.ts), sent and judged by the Vu the engine gives
 * every arrival (lib/load/vu.ts), in this process against small sandboxes: no Artillery start-up,
 * the same send, checks and failure points a load writes. A real key sent only where spec §5 does
 * not look for one (the places auth.key-elsewhere sends it) fails `key-rejected` on each fault that
 * reads one of those places, names the place in words, and holds no form of any key; the clean
 * sandbox refuses every one. So does the key whole after a Bearer of its own in the key header
 * (key-header-bearer-accepted), as auth.missing-or-malformed-key sends it. A refusal that carries
 * the records it refused (refusal-carries-data) fails refusal-discloses-nothing there too; one that
 * names another key of the tenant (expired-key-discloses-key) fails key-not-disclosed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_CASE_WORDS, KEY_CASES, keyInCase } from '../../lib/http/key-case.ts';
import { basicCredentials, keyPlaceKind } from '../../lib/http/key-place.ts';
import { METRIC } from '../../lib/load/metrics.ts';
import { planRefused } from '../../lib/load/refused-plan.ts';
import { createVu } from '../../lib/load/vu.ts';
import type { Target } from '../../lib/target/target.ts';
import type { RunningSandbox } from '../../sandbox/start.ts';
import { keyValues, startSmallSandbox, targetOf } from '../properties-runner/live-target.ts';
import '../setup/provide-layers.ts';

/**
 * Each of the sandbox's three tenants meets each of the 15 kinds of refusal five times: every
 * variant of the largest kind (5 query parameters).
 */
const ARRIVALS = 15 * 3 * 5;

interface Point {
  metric: string;
  tags: Record<string, string>;
}

/** Refused requests 0..ARRIVALS-1 of `target`, through a load's Vu; the points it wrote. */
async function refuseAll(target: Target): Promise<{ points: Point[]; placed: number }> {
  const points: Point[] = [];
  const vu = createVu({
    target,
    settings: { profile: 'smoke', rate: 1, durationS: 1, floodRate: 0, requestTimeoutMs: 10_000 },
    setup: { floorMs: 0, startedAt: Date.now() },
    points: { add: (metric, _kind, _value, tags) => points.push({ metric, tags }) },
    recordDrift: false,
    connections: 4,
  });
  let placed = 0;
  try {
    for (let index = 0; index < ARRIVALS; index += 1) {
      const refused = planRefused(target, index);
      if (refused.call.credential.keyPlace !== undefined) placed += 1;
      await vu.refuse(refused);
    }
  } finally {
    await vu.close();
  }
  return { points, placed };
}

const failuresOf = (points: readonly Point[]) =>
  points.filter((point) => point.metric === METRIC.checkFailures).map((point) => point.tags);

/** Every form of every key a refused request may send: as issued, changed, as Basic credentials. */
const keyForms = (keys: readonly string[]): string[] =>
  keys.flatMap((key) => [key, ...KEY_CASES.map((each) => keyInCase(key, each)), basicCredentials(key)]);

/** No point holds any form of any key of `sandbox`. */
function expectNoKeyForm(points: readonly Point[], sandbox: RunningSandbox): void {
  const written = JSON.stringify(points).toLowerCase();
  for (const form of keyForms(keyValues(sandbox.target)))
    expect(written.includes(form.toLowerCase()), 'a point holds a key').toBe(false);
}

describe('refused requests of a load, a real key elsewhere (in process)', () => {
  let clean: RunningSandbox;
  beforeAll(async () => {
    clean = await startSmallSandbox();
  }, 60_000);
  afterAll(() => clean.close());

  it('should refuse every one on the clean sandbox: no failure', async () => {
    const { points, placed } = await refuseAll(targetOf(clean.target));
    expect(placed).toBeGreaterThan(20);
    expect(failuresOf(points)).toEqual([]);
    const judged = points.filter((point) => point.metric === METRIC.refused);
    expect(judged.length).toBeGreaterThan(ARRIVALS / 2);
  });

  /**
   * The messages of the failures the refused requests met on a sandbox with `fault`: key-rejected
   * served (ACCEPTED) and nothing else, no form of any key written.
   */
  async function keyAccepted(fault: string): Promise<string[]> {
    const sandbox = await startSmallSandbox({ faults: [fault] });
    try {
      const { points } = await refuseAll(targetOf(sandbox.target));
      const failures = failuresOf(points);
      expect(failures.length).toBeGreaterThan(0);
      expect(new Set(failures.map((failure) => `${failure.check} ${failure.code}`))).toEqual(
        new Set(['key-rejected ACCEPTED']),
      );
      expectNoKeyForm(points, sandbox);
      return failures.map((failure) => failure.message ?? '');
    } finally {
      await sandbox.close();
    }
  }

  it.each([
    ['key-in-query', 'in the query parameter access_token'],
    ['key-in-other-header', 'in the header x-api-key'],
    ['key-in-cookie', 'in the cookie api_key'],
    ['authorization-other-scheme', 'as Authorization: Token <key>'],
  ])(
    'should fail key-rejected on %s, the place named in words, no form of any key written',
    async (fault, words) => {
      expect(await keyAccepted(fault)).toContainEqual(
        expect.stringContaining(`${words}, in neither key header answered 200`),
      );
    },
  );

  it("should fail key-rejected when the key header's value after a Bearer of its own is served (key-header-bearer-accepted), no form of any key written", async () => {
    const words = [KEY_CASE_WORDS['bearer-prefixed'], KEY_CASE_WORDS['bearer-lower-prefixed']];
    for (const message of await keyAccepted('key-header-bearer-accepted'))
      expect(
        words.some((said) => message.includes(`, ${said} answered 200`)),
        message,
      ).toBe(true);
  });

  it('should fail refusal-discloses-nothing when a refusal carries the records it refused', async () => {
    const sandbox = await startSmallSandbox({ faults: ['refusal-carries-data'] });
    try {
      const failures = failuresOf((await refuseAll(targetOf(sandbox.target))).points);
      expect(failures.length).toBeGreaterThan(0);
      expect(new Set(failures.map((failure) => `${failure.check} ${failure.code}`))).toEqual(
        new Set(['refusal-discloses-nothing REFUSAL_CARRIES_RECORDS']),
      );
    } finally {
      await sandbox.close();
    }
  });

  it("should fail key-not-disclosed when an expired key's 401 names the tenant's working key, no form of any key written", async () => {
    const sandbox = await startSmallSandbox({ faults: ['expired-key-discloses-key'] });
    try {
      const { points } = await refuseAll(targetOf(sandbox.target));
      const failures = failuresOf(points);
      expect(failures.length).toBeGreaterThan(0);
      expect(new Set(failures.map((failure) => `${failure.check} ${failure.code}`))).toEqual(
        new Set(['key-not-disclosed KEY_DISCLOSED']),
      );
      for (const { message } of failures) expect(message).toMatch(/answer holds the full key of tenant-\w+/);
      expectNoKeyForm(points, sandbox);
    } finally {
      await sandbox.close();
    }
  });

  it('should send each kind of place on the sandbox within a short load', () => {
    const target = targetOf(clean.target);
    const kinds = new Set(
      Array.from({ length: 24 }, (_, index) => planRefused(target, index).call.credential.keyPlace).flatMap(
        (place) => (place === undefined ? [] : [keyPlaceKind(place)]),
      ),
    );
    expect(kinds.size).toBe(4);
  });
});
