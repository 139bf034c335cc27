import { RATE_LIMIT } from './rate-limit.ts';
import { headThrottledProperty } from './rate-limit-head.ts';
import { TENANT_RATE_LIMIT } from './rate-limit-tenant.ts';
import { describeFamily } from './vitest-suite.ts';

describeFamily('ratelimit', [...RATE_LIMIT, headThrottledProperty, ...TENANT_RATE_LIMIT]);
