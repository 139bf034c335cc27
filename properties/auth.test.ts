import { AUTH } from './auth.ts';
import { describeFamily } from './vitest-suite.ts';

describeFamily('auth', AUTH);
