import { CONCURRENCY } from './concurrency.ts';
import { CONCURRENT_PAGES } from './concurrent-pages.ts';
import { REPEATS } from './repeats.ts';
import { describeFamily } from './vitest-suite.ts';

describeFamily('pagination', [...REPEATS, ...CONCURRENCY, ...CONCURRENT_PAGES]);
