/**
 * Content negotiation (RFC 9110 §12.5.1; spec §4: both endpoints return application/json): an
 * Accept header that accepts JSON, however written (parameters, weights, lists, wildcards, another
 * case), gets the page the same request gets without Accept; one that excludes JSON may be refused
 * 406 or served JSON. On first and cursor pages of both endpoints, via both headers in turn.
 */
import fc from 'fast-check';
import { acceptJsonServed, type Negotiated } from '../lib/checks/accept-json-served.ts';
import { errorBodyShape } from '../lib/checks/error-body-shape.ts';
import { notModifiedJustified } from '../lib/checks/not-modified-justified.ts';
import { ENDPOINTS } from '../lib/contract/endpoints.ts';
import type { ApiCall } from '../lib/http/call.ts';
import type { ApiResponse } from '../lib/http/response.ts';
import { runWalkSetCheck } from '../lib/paging/run-checks.ts';
import { requestRecord } from '../lib/paging/records.ts';
import { defineProperty, prepared } from '../lib/props/types.ts';
import {
  comparedTenant,
  errorShape,
  fixedCells,
  PAGE_KINDS,
  schemeOf,
  servedPage,
  unasked,
  type CellInput,
  type PageSpot,
} from './http-pages.ts';
import { answerOf } from './repeats.ts';
import { FULL_KEY } from './support.ts';
import { verdict } from './walks.ts';

/** Accept headers that accept application/json (RFC 9110 §12.5.1 and RFC 9110 §8.3.1: media types in any case). */
const ACCEPTS_JSON = [
  'application/json',
  'application/json;q=0.9',
  'application/json; charset=utf-8',
  'text/html, application/json;q=0.8',
  'application/json, text/plain;q=0.5, */*;q=0.1',
  'Application/JSON',
  'application/*',
  '*/*',
  '*/*;q=0.1',
];
/** Accept headers that exclude it: a 406 or the JSON page are both allowed. */
const EXCLUDES_JSON = ['text/html', 'application/json;q=0, text/html'];

interface AcceptInput extends CellInput {
  spot: PageSpot;
  accept: string;
  acceptsJson: boolean;
  quiescent: boolean;
}

const negotiated = (response: ApiResponse): Negotiated => ({
  ...answerOf(response),
  contentType: response.headers['content-type'] ?? '',
});

export const acceptProperty = defineProperty({
  name: 'http.accept',
  family: 'http',
  description:
    'An Accept that accepts JSON (q weights, parameters, lists, wildcards, any case) gets the page the request gets without Accept, never a 406; one that excludes JSON is 406 or JSON (RFC 9110 §12.5.1).',
  checks: [acceptJsonServed.name, errorBodyShape.name, notModifiedJustified.name],
  needs: [FULL_KEY],
  runs: 4,
  async prepare(context) {
    const survey = await context.survey();
    const tenant = comparedTenant(survey);
    if (tenant === undefined) return { skip: 'no tenant with a full key' };
    const variants = [
      ...ACCEPTS_JSON.map((accept) => ({ accept, acceptsJson: true })),
      ...EXCLUDES_JSON.map((accept) => ({ accept, acceptsJson: false })),
    ];
    const inputs = ENDPOINTS.flatMap((endpoint) =>
      PAGE_KINDS.flatMap((page) =>
        variants.map(({ accept, acceptsJson }, index): AcceptInput => ({
          cell: { where: `${endpoint} ${page} page`, label: `Accept: ${accept}` },
          spot: { tenant: tenant.name, endpoint, page, scheme: schemeOf(index) },
          accept,
          acceptsJson,
          quiescent: tenant.quiescent,
        })),
      ),
    );
    const coverage = fixedCells(inputs, []);
    return prepared(
      fc.constantFrom(...inputs),
      async ({ cell, spot, accept, acceptsJson, quiescent }) => {
        const served = await servedPage(context, survey, spot);
        const plainCall: ApiCall = { ...served.call, headers: { accept: null } };
        const plain = await context.client.send(plainCall);
        const call: ApiCall = { ...served.call, headers: { accept } };
        const answer = await context.client.send(call);
        const request = `${cell.where} of ${spot.tenant} via ${spot.scheme}`;
        const input = {
          request,
          accept,
          acceptsJson,
          plain: negotiated(plain),
          answer: negotiated(answer),
          quiescent,
        };
        const records = [requestRecord(plainCall, plain.status), requestRecord(call, answer.status)];
        verdict(context, [
          ...runWalkSetCheck(acceptJsonServed, input, records),
          ...errorShape(plainCall, plain, `${request} without Accept`),
          ...(acceptsJson ? errorShape(call, answer, `${request} with Accept: ${accept}`) : []),
          ...unasked(plainCall, plain, `${request} without Accept`),
          ...unasked(call, answer, `${request} with Accept: ${accept}`),
        ]);
      },
      coverage,
    );
  },
});
