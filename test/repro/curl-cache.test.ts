/**
 * The curl reproduction's reading of not-shared-cacheable and throttle-not-storable
 * (lib/repro/curl-cache.ts, in jq) against the checks' own (lib/checks/): for drawn Cache-Control,
 * Expires, Date and Vary headers (repeated lines too) and each scheme, on a page and on a 429, the
 * script names the same reason, or none.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { PageContext, ProbeContext } from '../../lib/checks/types.ts';
import { notSharedCacheable } from '../../lib/checks/not-shared-cacheable.ts';
import { throttleNotStorable } from '../../lib/checks/throttle-not-storable.ts';
import { AUTH_SCHEMES, type AuthScheme } from '../../lib/http/call.ts';
import { CACHE_RULES } from '../../lib/repro/curl-cache.ts';

const FAR_FUTURE = 'Fri, 01 Jan 2100 00:00:00 GMT';
const FAR_PAST = 'Sat, 01 Jan 2000 00:00:00 GMT';

const directive = fc.constantFrom(
  'public',
  'Public',
  'private',
  'no-store',
  'no-cache',
  'must-revalidate',
  's-maxage=60',
  'max-age=300',
  'max-age=0',
  'max-age="120"',
  ' MAX-AGE = 30 ',
  'max-age=abc',
  'max-age',
  'immutable',
);

/** Header lines as a server writes them, each name in a case of its own. */
const headerLines = fc.record({
  control: fc.array(
    fc.array(directive, { maxLength: 3 }).map((parts) => parts.join(', ')),
    { maxLength: 2 },
  ),
  expires: fc.option(fc.constantFrom(FAR_FUTURE, FAR_PAST, 'never', '0', '9999'), { nil: undefined }),
  date: fc.option(fc.constantFrom(FAR_PAST, FAR_FUTURE, 'yesterday'), { nil: undefined }),
  vary: fc.array(fc.constantFrom('Accept-Encoding', 'Authorization', 'x-sandbox-api-key', '*', 'Origin'), {
    maxLength: 2,
  }),
});

type Drawn = typeof headerLines extends fc.Arbitrary<infer T> ? T : never;

/** Cache-Control lines, the other headers, the scheme: each way the check decides, once. */
const BRANCHES: [string[], Partial<Drawn>, AuthScheme][] = [
  [['public'], {}, 'bearer'],
  [['Public'], {}, 'serviceHeader'],
  [['s-maxage=60'], {}, 'serviceHeader'],
  [['private, public'], {}, 'bearer'],
  [['no-store, max-age=300'], {}, 'serviceHeader'],
  [['max-age=300'], {}, 'serviceHeader'],
  [['max-age=300'], { vary: ['x-sandbox-api-key'] }, 'serviceHeader'],
  [['max-age=300'], { vary: ['Accept-Encoding', '*'] }, 'serviceHeader'],
  [['max-age=300'], {}, 'bearer'],
  [['max-age=300, must-revalidate'], {}, 'bearer'],
  [['max-age=300, must-revalidate'], { vary: ['Authorization'] }, 'bearerLowerCase'],
  [['max-age=0'], {}, 'serviceHeader'],
  [['no-cache, max-age=300'], {}, 'serviceHeader'],
  [[], { expires: FAR_FUTURE, date: FAR_PAST }, 'serviceHeader'],
  [[], { expires: FAR_PAST }, 'serviceHeader'],
  [[], { expires: FAR_FUTURE, date: 'yesterday' }, 'serviceHeader'],
  // No HTTP-date, though Date.parse reads a year 9999 in it: already expired (RFC 9111 §5.3).
  [[], { expires: '9999', date: FAR_PAST }, 'serviceHeader'],
  [['max-age=abc'], { expires: FAR_FUTURE }, 'serviceHeader'],
  [['max-age="120"'], {}, 'serviceHeader'],
  [[' MAX-AGE = 30 '], {}, 'serviceHeader'],
  // Found by the drawn cases: an empty line first, so the joined value starts with ", ".
  [['', 'max-age="120", max-age="120"'], {}, 'serviceHeader'],
];

function lines(drawn: Drawn): [string, string][] {
  return [
    ...drawn.control.map((value): [string, string] => ['Cache-Control', value]),
    ...(drawn.expires === undefined ? [] : [['expires', drawn.expires] as [string, string]]),
    ...(drawn.date === undefined ? [] : [['Date', drawn.date] as [string, string]]),
    ...drawn.vary.map((value): [string, string] => ['Vary', value]),
  ];
}

/** What follows "): " in a finding: its reason, or '' for none. */
const reasonIn = (text: string): string => text.slice(text.indexOf('): ') + 3 * Number(text !== '')).trim();

/** The check's reason on the same headers, joined as the harness's client joins repeated ones. */
function checkSays(drawn: Drawn, scheme: AuthScheme): string {
  const headers: Record<string, string> = {};
  for (const [name, value] of lines(drawn)) {
    const lower = name.toLowerCase();
    headers[lower] = headers[lower] === undefined ? value : `${headers[lower]}, ${value}`;
  }
  const context = {
    call: { endpoint: 'orders', query: {}, credential: { tenant: 'a', role: 'full', scheme } },
    response: { status: 200, headers, bodyText: '', body: undefined, durationMs: 0 },
  } as unknown as PageContext;
  return reasonIn(notSharedCacheable.run(context)?.message ?? '');
}

/** The throttle-not-storable check's reason on the same headers of a 429. */
function throttleCheckSays(drawn: Drawn): string {
  const headers: Record<string, string> = {};
  for (const [name, value] of lines(drawn)) {
    const lower = name.toLowerCase();
    headers[lower] = headers[lower] === undefined ? value : `${headers[lower]}, ${value}`;
  }
  const context = {
    call: { endpoint: 'orders', query: {}, credential: { tenant: 'a', role: 'full', scheme: 'bearer' } },
    response: { status: 429, headers, bodyText: '', body: undefined, durationMs: 0 },
    probe: '',
  } as unknown as ProbeContext;
  return reasonIn(throttleNotStorable.run(context)?.message ?? '');
}

interface Case {
  drawn: Drawn;
  scheme: AuthScheme;
}

/** Each branch of the check, then drawn ones (one jq a case: few, for the time they take). */
const CASES: Case[] = [
  ...BRANCHES.map(([control, more, scheme]) => ({
    drawn: { control, expires: undefined, date: undefined, vary: [], ...more },
    scheme,
  })),
  ...fc
    .sample(fc.tuple(headerLines, fc.constantFrom(...AUTH_SCHEMES)), { numRuns: 24, seed: 20 })
    .map(([drawn, scheme]) => ({ drawn, scheme })),
];

describe("a curl reproduction's reading of not-shared-cacheable and throttle-not-storable", () => {
  const work = mkdtempSync(path.join(tmpdir(), 'curl-cache-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** The reason CACHE_RULES give for each case answered `status`, in one shell. */
  function scriptSays(cases: readonly Case[], status: number): Map<number, string> {
    // The step N's header file as curl -D writes it, its scheme in keyed.
    cases.forEach(({ drawn }, index) => {
      const text = [`HTTP/1.1 ${status}`, ...lines(drawn).map(([name, value]) => `${name}: ${value}`), ''];
      writeFileSync(path.join(work, `${index}.headers`), text.join('\r\n') + '\r\n');
      writeFileSync(path.join(work, `${index}.status`), `${status} application/json\n`);
    });
    const keyed = cases.flatMap(({ scheme }, index) => (scheme === 'serviceHeader' ? [index] : []));
    const script = [
      `work=${JSON.stringify(work)}`,
      `all='${cases.map((_, index) => index).join(' ')}'`,
      `heads=' ' others=' ' unknown=' ' keyed=' ${keyed.join(' ')} '`,
      'bug() { echo "$n|$*"; }',
      ...CACHE_RULES,
      // Every step's line, a silent one as "n|".
      'for n in $all; do echo "$n|"; done',
    ].join('\n');
    const said = new Map<number, string>();
    for (const line of execFileSync('bash', ['-c', script], { encoding: 'utf8' }).trim().split('\n')) {
      const [index, text = ''] = line.split('|');
      const why = reasonIn(text);
      if (!said.has(Number(index)) || why !== '') said.set(Number(index), why);
    }
    return said;
  }

  it('should name the reason the check names, or none, for any Cache-Control, Expires, Date and Vary', () => {
    // The cases the check fires on are among them, and the ones it does not.
    expect(CASES.filter((each) => checkSays(each.drawn, each.scheme) !== '').length).toBeGreaterThan(8);
    expect(CASES.filter((each) => checkSays(each.drawn, each.scheme) === '').length).toBeGreaterThan(8);
    const said = scriptSays(CASES, 200);
    CASES.forEach(({ drawn, scheme }, index) =>
      expect(said.get(index), JSON.stringify({ lines: lines(drawn), scheme })).toBe(checkSays(drawn, scheme)),
    );
  });

  it('should name the reason throttle-not-storable names, or none, for a 429 with the same headers', () => {
    expect(CASES.filter((each) => throttleCheckSays(each.drawn) !== '').length).toBeGreaterThan(8);
    expect(CASES.filter((each) => throttleCheckSays(each.drawn) === '').length).toBeGreaterThan(4);
    const said = scriptSays(CASES, 429);
    CASES.forEach(({ drawn }, index) =>
      expect(said.get(index), JSON.stringify({ lines: lines(drawn) })).toBe(throttleCheckSays(drawn)),
    );
  });
});
