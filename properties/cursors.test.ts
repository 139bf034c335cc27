import { CURSORS } from './cursors.ts';
import { describeFamily } from './vitest-suite.ts';

describeFamily('cursors', CURSORS);
