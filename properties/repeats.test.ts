import { CONCURRENCY } from './concurrency.ts';
import { REPEATS } from './repeats.ts';
import { describeFamily } from './vitest-suite.ts';

describeFamily('pagination', [...REPEATS, ...CONCURRENCY]);
