/**
 * Requests of different tenants in flight together (spec §1: every request is bound to the tenant
 * that owns its key; §5). A server that keeps the request's tenant in shared state across an await
 * answers correctly one request at a time and for one tenant at a time, and mixes tenants up only
 * when their requests overlap: so the first page and a cursor page of every surveyed tenant, on
 * both endpoints, go out at once through the context's pipelining pool, several rounds a run.
 */
import fc from 'fast-check';
import { repeatGivesSamePage } from '../lib/checks/repeat-gives-same-page.ts';
import { tenantIsolation } from '../lib/checks/tenant-isolation.ts';
import { ENDPOINTS } from '../lib/contract/endpoints.ts';
import type { Failure } from '../lib/failure.ts';
import type { Survey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import { scheme } from './arbitraries/lists.ts';
import { allSettled, firstPage, type Copy } from './concurrency.ts';
import { compared } from './repeats.ts';
import { TWO_FULL_KEYS } from './support.ts';
import { verdict, type WalkInput } from './walks.ts';

/** Times a run sends all its pages at once. */
const ROUNDS = 3;

/** A page of one tenant's list, the answer it gave sent alone, and whether its data holds still. */
interface AlonePage {
  input: WalkInput;
  alone: Copy;
  quiescent: boolean;
}

/** A tenant's first pages and the page each one's token leads to, each sent alone. */
async function pagesAlone(
  context: PropertyContext,
  survey: Survey,
  tenant: Survey['tenants'][number],
  limit: number,
  how: WalkInput['scheme'],
): Promise<AlonePage[]> {
  const pages: AlonePage[] = [];
  for (const endpoint of ENDPOINTS) {
    const input = { tenant: tenant.name, endpoint, scheme: how, query: { limit: String(limit) } };
    const first = await firstPage(context, survey, input);
    pages.push({ input, alone: first, quiescent: tenant.quiescent });
    const cursor = first.state.cursor;
    if (cursor === null) continue;
    const next = { ...input, query: { ...input.query, cursor } };
    pages.push({ input: next, alone: await firstPage(context, survey, next), quiescent: tenant.quiescent });
  }
  return pages;
}

/** Tenant by tenant in turn, so that neighbours in the pool's queue are of different tenants. */
function interleaved(byTenant: readonly AlonePage[][]): AlonePage[] {
  const longest = Math.max(...byTenant.map((pages) => pages.length));
  return Array.from({ length: longest }, (_, index) =>
    byTenant.flatMap((pages) => (pages[index] === undefined ? [] : [pages[index]])),
  ).flat();
}

/** Every overlapped answer judged by the page checks, and on quiescent data against its alone. */
function judged(pages: readonly AlonePage[], copies: readonly Copy[], round: number): Failure[] {
  return copies.flatMap((copy, index) => {
    const page = pages[index] as AlonePage;
    const reference = page.alone.answer;
    const words = `${page.input.tenant}'s ${page.input.endpoint} page, sent alone and then at once with every tenant's pages (round ${round + 1} of ${ROUNDS})`;
    const same =
      page.quiescent && reference !== null && copy.answer !== null
        ? compared(reference.call, reference, copy.answer, words)
        : [];
    return [...copy.state.failures, ...same];
  });
}

const overlappingTenants = defineProperty({
  name: 'tenancy.overlapping-tenants',
  family: 'tenancy',
  description: `Every tenant's first page and a cursor page, on both endpoints, sent all at once (pipelined, in flight together) ${ROUNDS} times: each answer carries only its key's tenant's data, passes every page check, and on quiescent data is the page it gave alone.`,
  checks: [tenantIsolation.name, repeatGivesSamePage.name],
  needs: [TWO_FULL_KEYS],
  runs: 5,
  async prepare(context) {
    const survey = await context.survey();
    const arbitrary = fc.record({ limit: fc.integer({ min: 1, max: 10 }), scheme });
    return prepared(arbitrary, async ({ limit, scheme: how }) => {
      const byTenant: AlonePage[][] = [];
      for (const tenant of survey.tenants)
        byTenant.push(await pagesAlone(context, survey, tenant, limit, how));
      const pages = interleaved(byTenant);
      verdict(
        context,
        pages.flatMap((page) => page.alone.state.failures),
      );
      const overlapping = { ...context, client: context.overlapping };
      for (let round = 0; round < ROUNDS; round += 1) {
        const copies = await allSettled(pages.map((page) => firstPage(overlapping, survey, page.input)));
        verdict(context, judged(pages, copies, round));
      }
    });
  },
});

export const TENANT_OVERLAP = [overlappingTenants];
