import { TENANCY } from './tenancy.ts';
import { describeFamily } from './vitest-suite.ts';

describeFamily('tenancy', TENANCY);
