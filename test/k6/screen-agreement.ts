/**
 * k6 script for test/scenarios/screen-agreement.test.ts: folds each generated walk twice, once
 * with the Go page screen as the k6 walk does (lib/adapters/k6-walk.ts) and once without it, as
 * Node does, and writes every page on which the two folds found different failures.
 * Env: CASES_FILE (JSON: Case[]), RESULT_FILE (where handleSummary writes the outcome).
 */
import { FOLD_COVERS_PAGE_CHECKS, foldScreened, openScreen } from '../../lib/adapters/k6-screen.ts';
import type { Endpoint } from '../../lib/contract/endpoints.ts';
import type { Query } from '../../lib/http/call.ts';
import type { ApiResponse } from '../../lib/http/response.ts';
import { foldPage, startWalk, type WalkSpec, type WalkState } from '../../lib/paging/walk.ts';

interface Case {
  endpoint: Endpoint;
  query: Query;
  foreignIds: string[];
  maxPages: number;
  bodies: string[];
}

/** What setup() finds, written by handleSummary for the test to read. */
export interface Outcome {
  cases: number;
  pages: number;
  screenedPages: number;
  /** Pages folded wholly in Go (the screen and the other page checks vouched for them). */
  foldedPages: number;
  failingPages: number;
  /** Whether the Go fold vouches for every page check of lib/checks/registry.ts. */
  foldCoversPageChecks: boolean;
  disagreements: Disagreement[];
}

interface Disagreement {
  case: number;
  page: number;
  screened: readonly string[];
  reference: readonly string[];
}

/** What a fold leaves of the walk besides its failures: it must be the same both ways. */
const stateOf = (walk: WalkState): string[] => [
  `pageCount ${walk.pageCount}, cursor ${walk.cursor}, end ${walk.end}, requests ${walk.requests.length}`,
];

const CASES = JSON.parse(open(__ENV.CASES_FILE ?? '')) as Case[];

function response(bodyText: string): ApiResponse {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  return { status: 200, headers: { 'content-type': 'application/json' }, bodyText, body, durationMs: 1 };
}

const describe = (walk: WalkState, from: number): string[] =>
  walk.failures.slice(from).map((failure) => `${failure.check} ${failure.code}: ${failure.message}`);

/** In setup(): its value reaches handleSummary, which runs in a runtime of its own. */
export function setup(): Outcome {
  const outcome: Outcome = {
    cases: CASES.length,
    pages: 0,
    screenedPages: 0,
    foldedPages: 0,
    failingPages: 0,
    foldCoversPageChecks: FOLD_COVERS_PAGE_CHECKS,
    disagreements: [],
  };
  CASES.forEach((walkCase, caseIndex) => {
    const foreign = new Set(walkCase.foreignIds);
    const spec: WalkSpec = {
      endpoint: walkCase.endpoint,
      query: walkCase.query,
      credential: { tenant: 't', role: 'full', scheme: 'bearer' },
      maxPages: walkCase.maxPages,
      foreignOwner: (id) => (foreign.has(id) ? 'other' : undefined),
    };
    const screen = openScreen(spec, walkCase.foreignIds);
    if (screen === null) throw new Error('this k6 has no page screen');
    const screenedWalk = startWalk(spec, screen.memory);
    const referenceWalk = startWalk(spec);
    for (const [page, bodyText] of walkCase.bodies.entries()) {
      const call = { endpoint: spec.endpoint, query: spec.query, credential: spec.credential };
      const before = [screenedWalk.failures.length, referenceWalk.failures.length] as const;
      const counted = [screen.screened, screen.folded] as const;
      foldScreened(screenedWalk, screen, call, response(bodyText), bodyText);
      foldPage(referenceWalk, call, response(bodyText));
      const found = [
        [...describe(screenedWalk, before[0]), ...stateOf(screenedWalk)],
        [...describe(referenceWalk, before[1]), ...stateOf(referenceWalk)],
      ] as const;
      outcome.pages += 1;
      outcome.screenedPages += screen.screened - counted[0];
      outcome.foldedPages += screen.folded - counted[1];
      const failed = referenceWalk.failures.length > before[1];
      if (failed) outcome.failingPages += 1;
      if (found[0].join('\n') !== found[1].join('\n'))
        outcome.disagreements.push({ case: caseIndex, page, screened: found[0], reference: found[1] });
      if (failed || referenceWalk.end !== null) return;
    }
  });
  return outcome;
}

export default function noIterations(): void {}

export function handleSummary(summary: { setup_data?: unknown }): Record<string, string> {
  return { [__ENV.RESULT_FILE ?? 'screen-agreement.json']: JSON.stringify(summary.setup_data ?? null) };
}
