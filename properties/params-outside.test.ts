import { PARAMETERS } from './params-outside.ts';
import { describeFamily } from './vitest-suite.ts';

describeFamily('parameters', PARAMETERS);
