/** Every check the harness has, by kind; the names here are what reports, flags and docs use. */
import type { PageCheck } from './types.ts';
import { errorBodyShape } from './error-body-shape.ts';
import { walkPagesSucceed } from './walk-pages-succeed.ts';
import { pageMatchesSchema } from './page-matches-schema.ts';
import { paginationConsistent } from './pagination-consistent.ts';
import { pageSizeWithinLimit } from './page-size-within-limit.ts';
import { fullPageWhenMore } from './full-page-when-more.ts';
import { noDuplicateIds } from './no-duplicate-ids.ts';
import { walkTerminates } from './walk-terminates.ts';
import { filterRespected } from './filter-respected.ts';
import { emptyResultExact } from './empty-result-exact.ts';
import { tenantIsolation } from './tenant-isolation.ts';
import { limitBoundsEnforced } from './limit-bounds-enforced.ts';
import { cursorRejected } from './cursor-rejected.ts';
import { keyRejected } from './key-rejected.ts';
import { twoKeysServedAlone } from './two-keys-served-alone.ts';
import { scopeEnforced } from './scope-enforced.ts';
import { foreignLikeUnknown } from './foreign-like-unknown.ts';
import { foreignResourceNotFound } from './foreign-resource-not-found.ts';
import { limitInvariance } from './limit-invariance.ts';
import { tenantsDisjoint } from './tenants-disjoint.ts';
import { searchMatchesNameOrSku } from './search-matches-name-or-sku.ts';
import { defaultLimitApplied } from './default-limit-applied.ts';
import { authSchemesAgree } from './auth-schemes-agree.ts';
import { keySpellingServed } from './key-spelling-served.ts';
import { filteredWalkExact } from './filtered-walk-exact.ts';
import { moreMeansRecords } from './more-means-records.ts';
import { retryAfterHonest } from './retry-after-honest.ts';
import { retryAfterNotOverstated } from './retry-after-not-overstated.ts';
import { throttleIs429 } from './throttle-is-429.ts';
import { invalidParameterRejected } from './invalid-parameter-rejected.ts';
import { unknownPlaceNotFound } from './unknown-place-not-found.ts';
import { unknownPlaceRefused } from './unknown-place-refused.ts';
import { repeatGivesSamePage } from './repeat-gives-same-page.ts';
import { concurrentWalksAgree } from './concurrent-walks-agree.ts';
import { headFieldsLikeGet } from './head-fields-like-get.ts';
import { headLikeGet } from './head-like-get.ts';
import { headEndsAtHeader } from './head-ends-at-header.ts';
import { connectionReusable } from './connection-reusable.ts';
import { headThrottledLikeGet } from './head-throttled-like-get.ts';
import { acceptJsonServed } from './accept-json-served.ts';
import { contentCodingDecoded } from './content-coding-decoded.ts';
import { notModifiedJustified } from './not-modified-justified.ts';
import { spellingMeansValue } from './spelling-means-value.ts';
import { encodingMeansNothing } from './encoding-means-nothing.ts';
import { parameterOrderMeansNothing } from './parameter-order-means-nothing.ts';
import { undefinedParameterIgnored } from './undefined-parameter-ignored.ts';
import { refusalDisclosesNothing } from './refusal-discloses-nothing.ts';
import { recordSameInEveryView } from './record-same-in-every-view.ts';
import { dateHeaderSent } from './date-header-sent.ts';
import { dateCurrent } from './date-current.ts';
import { singleValuedFields } from './single-valued-fields.ts';
import { retryAfterValid } from './retry-after-valid.ts';
import { throttleNotStorable } from './throttle-not-storable.ts';
import { notSharedCacheable } from './not-shared-cacheable.ts';
import { keyNotDisclosed } from './key-not-disclosed.ts';
import { noByteOrderMark } from './no-byte-order-mark.ts';
import { otherMethodRefused } from './other-method-refused.ts';
import { otherRouteRefused } from './other-route-refused.ts';
import { everyRequestAnswered } from './every-request-answered.ts';
import { challengeOnEvery401 } from './challenge-on-every-401.ts';
import { walkCompleteUnderLoad } from './walk-complete-under-load.ts';

/** Run on every page of every walk, in the property suites and the load scenarios alike. */
export const PAGE_CHECKS: readonly PageCheck[] = [
  walkPagesSucceed,
  errorBodyShape,
  refusalDisclosesNothing,
  pageMatchesSchema,
  paginationConsistent,
  pageSizeWithinLimit,
  fullPageWhenMore,
  noDuplicateIds,
  walkTerminates,
  filterRespected,
  emptyResultExact,
  tenantIsolation,
  notSharedCacheable,
];

/** Every answer's framing, whatever was asked: lib/paging/answer-checks.ts runs them. */
export const ANSWER_CHECKS = [
  dateHeaderSent,
  dateCurrent,
  singleValuedFields,
  retryAfterValid,
  throttleNotStorable,
  noByteOrderMark,
  keyNotDisclosed,
  challengeOnEvery401,
] as const;

/** One request each, with the status the contract fixes for it. */
const PROBE_CHECKS = [
  limitBoundsEnforced,
  cursorRejected,
  keyRejected,
  twoKeysServedAlone,
  scopeEnforced,
  foreignResourceNotFound,
  retryAfterHonest,
  retryAfterNotOverstated,
  throttleIs429,
  invalidParameterRejected,
  unknownPlaceRefused,
  unknownPlaceNotFound,
  ...ANSWER_CHECKS,
];

/** Comparisons of finished walks. */
const WALK_SET_CHECKS = [
  limitInvariance,
  tenantsDisjoint,
  foreignLikeUnknown,
  searchMatchesNameOrSku,
  defaultLimitApplied,
  authSchemesAgree,
  keySpellingServed,
  filteredWalkExact,
  recordSameInEveryView,
  moreMeansRecords,
  repeatGivesSamePage,
  concurrentWalksAgree,
  headLikeGet,
  headFieldsLikeGet,
  headEndsAtHeader,
  connectionReusable,
  headThrottledLikeGet,
  acceptJsonServed,
  contentCodingDecoded,
  notModifiedJustified,
  spellingMeansValue,
  encodingMeansNothing,
  parameterOrderMeansNothing,
  undefinedParameterIgnored,
  otherMethodRefused,
  otherRouteRefused,
  walkCompleteUnderLoad,
];

/** What reports, flags and docs read of a check. */
type NamedCheck = { name: string; description: string; catches: readonly string[] };

/** Every check by name: what reports, `--check` flags and docs/checks.md list. */
export const ALL_CHECKS: readonly NamedCheck[] = [
  ...PAGE_CHECKS,
  ...PROBE_CHECKS,
  ...WALK_SET_CHECKS,
  // Judged of a request that got no answer at all (lib/paging/run-checks.ts, noAnswerFailure).
  everyRequestAnswered,
];
