import { PAGINATION } from './pagination.ts';
import { describeFamily } from './vitest-suite.ts';

describeFamily('pagination', PAGINATION);
