import { RATE_LIMIT } from './rate-limit.ts';
import { describeFamily } from './vitest-suite.ts';

describeFamily('ratelimit', RATE_LIMIT);
