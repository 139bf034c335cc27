/**
 * The Artillery reproduction's replay, runtime-free: the shrunk request sequence as a plan of
 * walks (data, no keys: it goes into repro.artillery.yml), and the replay of that plan through the
 * one walk (lib/paging/walk-list.ts) with the harness's page checks, ending in a verdict: 1 the
 * bug shows, 0 not reproduced, 2 cannot judge. The engine (artillery-engine.ts) runs it
 * inside Artillery; the Sender and the environment are passed in.
 */
import { MAX_PAGES } from '../paging/walk.ts';
import type { Endpoint } from '../contract/endpoints.ts';
import { isError, type Failure } from '../failure.ts';
import type { Credential, Query } from '../http/call.ts';
import type { ApiResponse } from '../http/response.ts';
import type { PageBody } from '../checks/types.ts';
import { PAGE_CHECKS } from '../checks/registry.ts';
import type { Target, TenantTarget } from '../target/target.ts';
import type { KeyRole } from '../target/schema.ts';
import { walkList, type Sender, type Walk } from '../paging/walk-list.ts';
import { NoAnswer } from '../http/no-answer.ts';
import { noAnswerFailure } from '../paging/run-checks.ts';
import { keyVariable } from './curl.ts';
import { stepOwners, type ReproStep } from './step-walks.ts';

/** The engine's name in repro.artillery.yml (`engines: { harness-repro: {} }`). */
export const REPRO_ENGINE = 'harness-repro';
/** Where in the test script's `config` the plan is. */
export const PLAN_KEY = 'reproduction';
/** The environment variable naming the file the engine writes its verdict's exit code to. */
export const RESULT_ENV = 'HARNESS_REPRO_RESULT';

/** One walk of the sequence: its first page's call, then `pages - 1` pages on fresh cursors. */
interface PlanWalk {
  endpoint: Endpoint;
  /** The first page's query (a recorded cursor stays in it; fresh ones come from the answers). */
  query: Query;
  credential: Credential;
  pages: number;
  /** Where the key comes from; null for a call sent without a usable key (none, malformed). */
  keyVariable: string | null;
  /** What the first page answered when the property failed: a 401/403 now is a refused key. */
  firstStatus: number;
}

export interface ReplayPlan {
  /** The check the hunt saw fail. */
  check: string;
  apiKeyHeader: string;
  walks: PlanWalk[];
  /** For the whole replay, backoff on 429 included; beyond it the verdict is "cannot judge". */
  timeoutS: number;
}

/** Time for a replay: a shrunk sequence is a few requests, and the backoff waits 5 s at most. */
const REPLAY_TIMEOUT_S = 60;

const usesKey = (credential: Credential): boolean =>
  credential.role !== 'none' && credential.role !== 'malformed';

/**
 * The steps as walks, in order. Each step starts a walk or continues one on the cursor of the
 * step before it (stepOwners); a walk's steps come one after another, as the replays and
 * withNeighbourFirst make them: anything else is a bug of the caller, thrown. So is a HEAD step:
 * the plan walks lists with GET and judges their pages, which a HEAD has none of; HEAD steps come
 * from the properties only, whose reproduction (the curl script) sends them as HEAD.
 */
export function reproPlan(
  steps: readonly ReproStep[],
  context: { check: string; apiKeyHeader: string },
): ReplayPlan {
  const owners = stepOwners(steps);
  const walks: PlanWalk[] = [];
  steps.forEach((step, index) => {
    if (step.call.method !== undefined && step.call.method !== 'GET')
      throw new Error(
        `reproduction step ${index} is a ${step.call.method}: the Artillery replay walks lists with GET`,
      );
    const owner = owners[index]?.walk ?? index;
    const current = walks[owner];
    if (current !== undefined) {
      if (owner !== walks.length - 1 || step.cursorFrom !== index - 1)
        throw new Error(`reproduction step ${index} continues a walk that is not the one just before it`);
      current.pages += 1;
      return;
    }
    const { credential } = step.call;
    walks.push({
      endpoint: step.call.endpoint,
      query: { ...step.call.query },
      credential: { ...credential },
      pages: 1,
      keyVariable: usesKey(credential) ? keyVariable(credential.tenant, credential.role) : null,
      firstStatus: step.status,
    });
  });
  return { ...context, walks, timeoutS: REPLAY_TIMEOUT_S };
}

/** The key variables the plan reads, each with what it holds, in first-use order. */
export function planVariables(plan: ReplayPlan): { name: string; tenant: string; role: string }[] {
  const seen = new Map<string, { name: string; tenant: string; role: string }>();
  for (const walk of plan.walks)
    if (walk.keyVariable !== null && !seen.has(walk.keyVariable))
      seen.set(walk.keyVariable, {
        name: walk.keyVariable,
        tenant: walk.credential.tenant,
        role: walk.credential.role,
      });
  return [...seen.values()];
}

type Env = Record<string, string | undefined>;

/**
 * The plan's target: the keys from the environment, the base URL from BASE_URL, else `baseUrl`
 * (the test script's config.target). Missing key variables, by name.
 */
export function planTarget(
  plan: ReplayPlan,
  baseUrl: string,
  env: Env,
): { ok: true; target: Target } | { ok: false; missing: string[] } {
  const tenants = new Map<string, TenantTarget>();
  const missing: string[] = [];
  for (const { name, tenant, role } of planVariables(plan)) {
    const value = env[name];
    if (!value) {
      missing.push(name);
      continue;
    }
    const entry = tenants.get(tenant) ?? {
      name: tenant,
      quiescent: false,
      locations: [],
      categories: [],
      keys: {},
    };
    entry.keys[role as KeyRole] = value;
    tenants.set(tenant, entry);
  }
  if (missing.length > 0) return { ok: false, missing };
  // Calls without a usable key (none, malformed) need no tenant entry: toHttpRequest asks only for keys.
  return {
    ok: true,
    target: {
      name: 'reproduction',
      baseUrl: (env.BASE_URL || baseUrl).replace(/\/+$/, ''),
      apiKeyHeader: plan.apiKeyHeader,
      load: { allowed: false, maxRps: 1 },
      salesChannels: [],
      tenants: [...tenants.values()],
    },
  };
}

export interface Verdict {
  /** 1 the bug shows, 0 not reproduced, 2 cannot judge. */
  code: 0 | 1 | 2;
  /** The last line: REPRODUCED, not reproduced, or cannot judge, and why. */
  line: string;
  failures: Failure[];
}

export interface ReplayOptions {
  /** Each line as it happens: the pages, the failures, the verdict. */
  log?: (line: string) => void;
}

function describePage(step: number, response: ApiResponse): string {
  const body = response.body as Partial<PageBody> | undefined;
  if (response.status !== 200 || !Array.isArray(body?.data))
    return `step ${step}: HTTP ${response.status} ${response.bodyText.slice(0, 200)}`;
  const ids = body.data.map((record) => String(record.id));
  const shown = ids.length > 5 ? `${ids.slice(0, 5).join(' ')} ...` : ids.join(' ');
  const token = body.pagination?.nextPageToken;
  return `step ${step}: HTTP 200, ${ids.length} record(s)${ids.length > 0 ? ` (${shown})` : ''}, hasMore=${String(body.pagination?.hasMore)}${typeof token === 'string' ? ', a nextPageToken' : ''}`;
}

const refused = (status: number): boolean => status === 401 || status === 403;

/** Why a walk proved nothing (walk.ts: WalkEnd), or undefined when it did: a failure, or its pages asked. */
function inconclusive(walk: Walk): string | undefined {
  if (walk.failures.some(isError)) return undefined;
  if (walk.end === 'throttled') return 'a 429 outlasted the backoff (the target throttles)';
  if (walk.end === 'cursor-refused') return 'its cursor was refused after the walk waited on 429s';
  if (walk.end === 'timed-out' || walk.end === 'stopped') return 'the replay ran out of time';
  if (walk.end === 'budget-reached')
    return `it still had more after ${walk.pageCount} pages (${walk.ids.size} records), its page budget`;
  return undefined;
}

/**
 * Replays the plan, walk after walk, through walkList with the harness's page checks. Records a
 * walk received are foreign to every later walk of another tenant (tenant-isolation), as the
 * records of the neighbour's walk are to the customer's.
 */
export async function runReproPlan(
  sender: Sender,
  plan: ReplayPlan,
  options: ReplayOptions = {},
): Promise<Verdict> {
  const log = options.log ?? (() => {});
  const deadlineMs = Date.now() + plan.timeoutS * 1000;
  const ownerOf = new Map<string, string>();
  const failures: Failure[] = [];
  const cannot = (why: string): Verdict => {
    const line = `cannot judge: ${why}`;
    log(line);
    return { code: 2, line, failures };
  };
  const logged = new WeakSet<Failure>();
  const logFailure = (failure: Failure): void => {
    logged.add(failure);
    log(`${isError(failure) ? 'BUG' : 'note'}: ${failure.check}: ${failure.message}`);
  };
  let step = 0;
  for (const walk of plan.walks) {
    const tenant = walk.credential.tenant;
    let refusedWith: number | undefined;
    let done: Walk;
    try {
      done = await walkList(
        sender,
        {
          endpoint: walk.endpoint,
          query: walk.query,
          credential: walk.credential,
          // As the hunt's replays: far beyond any sane list, so walk-terminates judges alike.
          maxPages: Math.max(walk.pages, MAX_PAGES),
          foreignOwner: (id) => {
            const owner = ownerOf.get(id);
            return owner !== undefined && owner !== tenant ? owner : undefined;
          },
        },
        {
          deadlineMs,
          pages: walk.pages,
          checks: PAGE_CHECKS,
          onPage(state, _call, response, shown) {
            log(describePage(step, response));
            step += 1;
            // A refused key says nothing of the bug: its page's failures are not the bug's.
            if (state.pageCount === 1 && refused(response.status) && !refused(walk.firstStatus))
              refusedWith = response.status;
            else shown.forEach(logFailure);
          },
          // No more requests with a refused key.
          running: () => refusedWith === undefined,
        },
      );
    } catch (error) {
      // Left without an answer by a target it reached: the walk's finding, its last step.
      if (!(error instanceof NoAnswer)) return cannot(error instanceof Error ? error.message : String(error));
      step += 1;
      const failure = noAnswerFailure(error);
      logFailure(failure);
      failures.push(failure);
      continue;
    }
    if (refusedWith !== undefined)
      return cannot(`the key in ${walk.keyVariable ?? 'no variable'} was refused (${refusedWith}): check it`);
    // Failures no page carried (the last 429s of a throttled walk).
    for (const failure of done.failures) if (!logged.has(failure)) logFailure(failure);
    const why = inconclusive(done);
    if (why !== undefined && failures.length === 0) return cannot(why);
    failures.push(...done.failures.filter(isError));
    for (const id of done.ids.keys()) if (!ownerOf.has(id)) ownerOf.set(id, tenant);
  }
  if (failures.length === 0) {
    const line = "not reproduced: every answer passed the harness's page checks";
    log(line);
    return { code: 0, line, failures };
  }
  const checks = [...new Set(failures.map((failure) => failure.check))];
  const again = checks.includes(plan.check)
    ? `${plan.check} failed again`
    : `${checks.join(', ')} failed (the hunt saw ${plan.check})`;
  const line = `REPRODUCED: ${again}`;
  log(line);
  return { code: 1, line, failures };
}
