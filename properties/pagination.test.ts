import { PAGINATION } from './pagination.ts';
import { describeFamily } from './vitest-suite.ts';
import { PAGINATION_SHAPES } from './walk-shapes.ts';

describeFamily('pagination', [...PAGINATION, ...PAGINATION_SHAPES]);
