import { FILTERS } from './filters.ts';
import { describeFamily } from './vitest-suite.ts';

describeFamily('filters', FILTERS);
