import { HTTP_SEMANTICS } from './http-semantics.ts';
import { describeFamily } from './vitest-suite.ts';

describeFamily('http', HTTP_SEMANTICS);
