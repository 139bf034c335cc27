import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGES_SHARED_STATE, ISOLATED } from '../setup/isolated.ts';

/** Every test file under test/, as a path from the checkout's root. */
function testFiles(dir = 'test'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file.split(path.sep).join('/')] : [];
  });
}

/** A file's text and the text of the test/ helpers it imports (a mock can sit in a helper). */
function textWithHelpers(file: string): string {
  const text = readFileSync(file, 'utf8');
  const helpers = [...text.matchAll(/from '(\.{1,2}\/[^']+\.ts)'/g)]
    .map((match) => path.join(path.dirname(file), match[1] ?? ''))
    .filter((helper) => helper.startsWith('test/') && !helper.endsWith('.test.ts') && existsSync(helper));
  return [text, ...helpers.map((helper) => readFileSync(helper, 'utf8'))].join('\n');
}

describe('the files that run isolated (vitest.config.ts)', () => {
  it('should be exactly the unit test files that mock, fake timers or write process.env', () => {
    // This file names the patterns in its examples, and changes nothing.
    const changing = testFiles()
      .filter((file) => file !== 'test/toolchain/isolation.test.ts')
      .filter((file) => CHANGES_SHARED_STATE.test(textWithHelpers(file)));
    expect(changing).toEqual([...ISOLATED].sort());
  });

  it('should know each way a file changes what the next file sees', () => {
    for (const text of [
      "vi.mock('../x.ts')",
      'vi.useFakeTimers()',
      "vi.stubEnv('A', 'b')",
      "process.env.NODE_OPTIONS = 'x'",
      "process.env['A'] = 'b'",
      'delete process.env.A',
    ])
      expect(CHANGES_SHARED_STATE.test(text), text).toBe(true);
    expect(CHANGES_SHARED_STATE.test("process.env.A === '1'")).toBe(false);
  });
});
