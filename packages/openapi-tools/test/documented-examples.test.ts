// withDocumented: an app's documented examples go first, duplicates are dropped, an invalid one is reported.
import { describe, expect, it } from 'vitest';
import { withDocumented } from '../src/generate/examples.js';

describe('withDocumented', () => {
  const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
  it('puts valid documented examples first, drops their duplicates and reports an invalid one', () => {
    expect(withDocumented([{ a: 'doc' }], [{ a: 'x' }, { a: 'doc' }], schema)).toEqual({
      list: [{ a: 'doc' }, { a: 'x' }],
      documentedInvalid: false,
    });
    expect(withDocumented([{ a: 1 }], [{ a: 'x' }], schema)).toEqual({
      list: [{ a: 'x' }],
      documentedInvalid: true,
    });
  });
});
