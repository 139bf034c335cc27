/** The sequencer's list names files that exist: a renamed file would silently lose its place. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LONGEST_FIRST } from '../setup/longest-first.ts';

describe('the files started first', () => {
  it('should each be a test file of the suite, named once', () => {
    expect(LONGEST_FIRST.filter((file) => !existsSync(file) || !file.endsWith('.test.ts'))).toEqual([]);
    expect(new Set(LONGEST_FIRST).size).toBe(LONGEST_FIRST.length);
  });
});
