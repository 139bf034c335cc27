import { LIMITS_FAMILY } from './limits.ts';
import { describeFamily } from './vitest-suite.ts';

describeFamily('limits', LIMITS_FAMILY);
