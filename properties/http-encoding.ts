/**
 * Content codings as real clients ask for them (RFC 9110 §8.4, RFC 9110 §12.5.3; spec §4:
 * both endpoints return application/json): with Accept-Encoding gzip, br, deflate, all three or
 * identity, a body decoded by its Content-Encoding is the JSON answer the request gets without
 * Accept-Encoding, sent once and again (GET is idempotent, RFC 9110 §9.2.2). On first and cursor pages and a 400 of
 * both endpoints, via both headers in turn. A server that codes nothing passes.
 */
import fc from 'fast-check';
import { contentCodingDecoded, type CodedAnswer } from '../lib/checks/content-coding-decoded.ts';
import { ENDPOINTS, type Endpoint } from '../lib/contract/endpoints.ts';
import type { ApiCall } from '../lib/http/call.ts';
import type { ApiResponse } from '../lib/http/response.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { requestRecord } from '../lib/paging/records.ts';
import type { Survey } from '../lib/props/survey.ts';
import { defineProperty, prepared, type PropertyContext } from '../lib/props/types.ts';
import {
  comparedTenant,
  fixedCells,
  PAGE_KINDS,
  schemeOf,
  servedPage,
  type CellInput,
  type PageSpot,
} from './http-pages.ts';
import { answerOf } from './repeats.ts';
import { FULL_KEY } from './support.ts';
import { credential, verdict } from './walks.ts';

/** What browsers, curl --compressed and HTTP libraries send, and identity (no coding wanted). */
const ACCEPT_ENCODINGS = ['gzip', 'br', 'deflate', 'gzip, deflate, br', 'identity'];

/** A limit above the maximum: a 400 (spec §4.3 rule 6) whose Error body is coded too. */
const OVER_LIMIT = '101';

type Spot = Omit<PageSpot, 'page'> & { page: PageSpot['page'] | 'error' };

interface EncodingInput extends CellInput {
  spot: Spot;
  acceptEncoding: string;
  quiescent: boolean;
}

/** The call of a cell: the served page's (folded into a walk, so every page check judges it) or the 400's. */
async function cellCall(context: PropertyContext, survey: Survey, spot: Spot): Promise<ApiCall> {
  if (spot.page !== 'error') return (await servedPage(context, survey, { ...spot, page: spot.page })).call;
  const key = credential(spot.tenant, 'full', spot.scheme);
  return { endpoint: spot.endpoint, query: { limit: OVER_LIMIT }, credential: key };
}

const coded = (response: ApiResponse): CodedAnswer['answer'] => ({
  status: response.status,
  contentEncoding: response.headers['content-encoding'] ?? '',
  bytes: response.bodyBytes ?? Buffer.from(response.bodyText, 'utf8'),
});

const inputsOf = (tenant: string, quiescent: boolean): EncodingInput[] =>
  ENDPOINTS.flatMap((endpoint: Endpoint) =>
    [...PAGE_KINDS, 'error' as const].flatMap((page) =>
      ACCEPT_ENCODINGS.map((acceptEncoding, index): EncodingInput => ({
        cell: { where: `${endpoint} ${page} page`, label: `Accept-Encoding: ${acceptEncoding}` },
        spot: { tenant, endpoint, page, scheme: schemeOf(index) },
        acceptEncoding,
        quiescent,
      })),
    ),
  );

export const encodingProperty = defineProperty({
  name: 'http.accept-encoding',
  family: 'http',
  description:
    'With Accept-Encoding gzip, br, deflate, all three or identity, a body decoded by its Content-Encoding is the JSON answer sent without Accept-Encoding, sent once and again (RFC 9110 §8.4); no coding is fine.',
  checks: [contentCodingDecoded.name],
  needs: [FULL_KEY],
  runs: 4,
  async prepare(context) {
    const survey = await context.survey();
    const tenant = comparedTenant(survey);
    if (tenant === undefined) return { skip: 'no tenant with a full key' };
    const inputs = inputsOf(tenant.name, tenant.quiescent);
    return prepared(
      fc.constantFrom(...inputs),
      async ({ cell, spot, acceptEncoding, quiescent }) => {
        const call = await cellCall(context, survey, spot);
        const plainCall: ApiCall = { ...call, headers: { 'accept-encoding': null } };
        const plain = await context.client.send(plainCall);
        const codedCall: ApiCall = { ...call, headers: { 'accept-encoding': acceptEncoding } };
        const request = `${cell.where} of ${spot.tenant} via ${spot.scheme}`;
        const failures = [];
        // Sent twice: a server that codes a repeat again (a cached coded body coded once more) shows on the second.
        for (const sending of ['sent once', 'sent again']) {
          const answer = await context.client.send(codedCall);
          const input: CodedAnswer = {
            request: `${request}, ${sending},`,
            acceptEncoding,
            plain: { ...answerOf(plain), body: plain.body },
            answer: coded(answer),
            quiescent,
          };
          const records = [requestRecord(plainCall, plain.status), requestRecord(codedCall, answer.status)];
          failures.push(...runWalkSetCheck(contentCodingDecoded, input, records));
          if (failures.length > 0) break;
        }
        verdict(context, failures);
      },
      fixedCells(inputs, []),
    );
  },
});
