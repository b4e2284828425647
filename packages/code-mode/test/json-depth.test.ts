// jsonDepth: the nesting the depth limit judges; brackets inside strings (escaped quotes too) are text, not depth.
import { describe, expect, it } from 'vitest';
import { jsonDepth } from '../src/sandbox/json-depth.js';

describe('jsonDepth', () => {
  it('counts nested objects and arrays, the deepest branch', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{}')).toBe(1);
    expect(jsonDepth('[[],[[{}]]]')).toBe(4);
    expect(jsonDepth('{"a":[1],"b":{"c":[]}}')).toBe(3);
    expect(jsonDepth('[[1]],[[[2]]]')).toBe(3);
    expect(jsonDepth('[{},{},{}]')).toBe(2);
    expect(jsonDepth('{"a":{},"b":{},"c":[[]]}')).toBe(3);
  });

  it('ignores brackets inside strings, also after an escaped quote or backslash', () => {
    expect(jsonDepth('["[[[[{{{{"]')).toBe(1);
    expect(jsonDepth('["a\\"[[[[", "b"]')).toBe(1);
    expect(jsonDepth('["a\\\\", [["x"]]]')).toBe(3);
    expect(jsonDepth('{"k]}":"v{["}')).toBe(1);
  });
});
