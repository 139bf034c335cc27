import { ERRORS } from './errors.ts';
import { describeFamily } from './vitest-suite.ts';

describeFamily('errors', ERRORS);
