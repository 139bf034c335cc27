import { describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import { jsonSyntaxError } from '../../lib/json-syntax.ts';

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('jsonSyntaxError', () => {
  it.prop([fc.json()], { numRuns: 200 })('should find nothing wrong in valid JSON', (text) => {
    expect(jsonSyntaxError(text)).toBeNull();
  });

  it.prop(
    [fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '1', '-', 'e', 'n', ' ', '\\') })],
    {
      numRuns: 300,
    },
  )('should agree with JSON.parse on what is JSON', (text) => {
    expect(jsonSyntaxError(text) === null).toBe(parses(text));
  });

  it('should point at the first character it cannot read, by line and column', () => {
    expect(jsonSyntaxError('{\n  "key": { "value": sbx_live }\n}')).toEqual({ line: 2, column: 21 });
    expect(jsonSyntaxError('{"a": 1,}')).toEqual({ line: 1, column: 9 });
    expect(jsonSyntaxError('{"a": "x')).toEqual({ line: 1, column: 9 });
    expect(jsonSyntaxError('')).toEqual({ line: 1, column: 1 });
  });
});
