/**
 * Pagination (spec §4.3): walks end, never repeat a record, keep their shape and page size, and
 * return the same records whatever the limit on quiescent data. Every page of every walk runs the
 * whole PAGE_CHECKS registry, so each property fails on any page invariant its walks break.
 */
import { noDuplicatesWhileChanging } from './pagination-changing.ts';
import { defaultLimit } from './pagination-default-limit.ts';
import { emptyResult } from './pagination-empty-result.ts';
import { limitChange, limitInvarianceProperty } from './pagination-limit-invariance.ts';
import { noDuplicates, pageSize, shape, terminates } from './pagination-walks.ts';

export const PAGINATION = [
  terminates,
  noDuplicates,
  noDuplicatesWhileChanging,
  shape,
  pageSize,
  limitInvarianceProperty,
  limitChange,
  emptyResult,
  defaultLimit,
];
