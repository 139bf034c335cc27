import { CURSORS } from './cursors.ts';
import { describeFamily } from './vitest-suite.ts';
import { CURSOR_SHAPES } from './walk-shapes.ts';

describeFamily('cursors', [...CURSORS, ...CURSOR_SHAPES]);
