// Unit (src): JSON:API answers as the agent reads them: attributes flat, exact numeric ids, relationship ids,
// pagination, and a body of another shape refused rather than read as empty.
import { UpstreamTransportError } from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { compact, flatten, page, single } from '../../src/tools/shape.js';

function invalid(run: () => unknown) {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(UpstreamTransportError);
    const { code, summary, details } = e as UpstreamTransportError;
    return { code, summary, details };
  }
  throw new Error('expected a refusal');
}

describe('flatten', () => {
  it('id, type, attributes and relationship ids in one object; safe digit ids become numbers', () => {
    expect(
      flatten({
        type: 'Job',
        id: '42',
        attributes: { name: 'daily', status: 'active' },
        relationships: { product: { data: { type: 'Product', id: '85' } }, owner: { data: null }, odd: 'x' },
      }),
    ).toEqual({ id: 42, type: 'Job', name: 'daily', status: 'active', product_id: 85 });
  });

  it('an id past 2^53 - 1, or not all digits, stays a string digit for digit', () => {
    expect(flatten({ id: '9007199254740993', type: 'T', attributes: {} }).id).toBe('9007199254740993');
    expect(flatten({ id: '9007199254740991', type: 'T', attributes: {} }).id).toBe(9007199254740991);
    expect(flatten({ id: '12a', type: 'T', attributes: {} }).id).toBe('12a');
    expect(flatten({ id: 'a12', type: 'T', attributes: {} }).id).toBe('a12');
    expect(flatten({ id: 7, type: 'T', attributes: {} }).id).toBe(7);
    expect(flatten({ id: null, type: 'T', attributes: {} }).id).toBeNull();
    for (const id of ['1e3', '0x10', ' 12', '-5', '12 '])
      expect(flatten({ id, type: 'T', attributes: {} }).id).toBe(id);
  });

  it('an attribute already named <relationship>_id wins over the relationship', () => {
    expect(
      flatten({
        id: '1',
        type: 'T',
        attributes: { product_id: 99 },
        relationships: { product: { data: { id: '85' } } },
      }),
    ).toEqual({ id: 1, type: 'T', product_id: 99 });
  });

  it('a resource without attributes keeps its other members; with attributes, only those', () => {
    expect(flatten({ id: '3', type: 'T', name: 'bare', extra: 1 })).toEqual({
      id: 3,
      type: 'T',
      name: 'bare',
      extra: 1,
    });
    expect(flatten({ id: '3', type: 'T', attributes: null, extra: 1 })).toEqual({ id: 3, type: 'T' });
    expect(flatten({ id: '3', type: 'T', attributes: [1], extra: 1 })).toEqual({ id: 3, type: 'T' });
  });

  it('a value that is not an object is kept under value', () => {
    expect(flatten('x')).toEqual({ value: 'x' });
    expect(flatten(null)).toEqual({ value: null });
    expect(flatten([1])).toEqual({ value: [1] });
  });
});

describe('single', () => {
  it('wrapped {data} or bare with an id', () => {
    expect(single({ data: { id: '1', type: 'T', attributes: { a: 1 } } })).toEqual({
      id: 1,
      type: 'T',
      a: 1,
    });
    expect(single({ id: '2', type: 'T', attributes: { b: 2 } })).toEqual({ id: 2, type: 'T', b: 2 });
  });

  it('anything else is an unexpected body shape', () => {
    const expected = {
      code: 'UPSTREAM_INVALID_RESPONSE',
      summary: 'Openbridge API answered with an unexpected body shape (expected a JSON:API resource).',
      details: [{ path: '', issue: 'expected a JSON:API resource', received_type: 'upstream_response' }],
    };
    expect(invalid(() => single({ data: [] }))).toEqual(expected);
    expect(invalid(() => single([{ id: '1' }]))).toEqual(expected);
    expect(invalid(() => single(null))).toEqual(expected);
  });
});

describe('page', () => {
  it('items flattened, pagination numbers, has_next from links.next', () => {
    expect(
      page({
        data: [{ id: '1', type: 'T', attributes: { a: 1 } }],
        links: { next: 'https://api/x?page=2' },
        meta: { pagination: { page: 1, pages: 3, count: 5 } },
      }),
    ).toEqual({
      items: [{ id: 1, type: 'T', a: 1 }],
      pagination: { page: 1, pages: 3, count: 5, has_next: true },
    });
  });

  it('no next link, an empty one or a null one is the last page; non-numbers are left out', () => {
    for (const links of [undefined, { next: '' }, { next: null }, 'x'])
      expect(page({ data: [], links, meta: { pagination: { page: '1', pages: null } } }).pagination).toEqual({
        page: undefined,
        pages: undefined,
        count: undefined,
        has_next: false,
      });
    expect(page({ data: [], meta: { pagination: 'x' } }).pagination.has_next).toBe(false);
  });

  it('a bare array is one whole page', () => {
    expect(page([{ id: '1', type: 'T' }, 'x'])).toEqual({
      items: [{ id: 1, type: 'T' }, { value: 'x' }],
      pagination: { count: 2, has_next: false },
    });
  });

  it('a body without a data list is an unexpected body shape', () => {
    const expected = {
      code: 'UPSTREAM_INVALID_RESPONSE',
      summary: 'Openbridge API answered with an unexpected body shape (expected a JSON:API list).',
      details: [{ path: '', issue: 'expected a JSON:API list', received_type: 'upstream_response' }],
    };
    expect(invalid(() => page({ data: { id: '1' } }))).toEqual(expected);
    expect(invalid(() => page('x'))).toEqual(expected);
  });
});

describe('compact', () => {
  it('drops undefined, keeps null, 0, false and empty strings', () => {
    expect(compact({ a: undefined, b: null, c: 0, d: false, e: '' })).toEqual({
      b: null,
      c: 0,
      d: false,
      e: '',
    });
  });
});
