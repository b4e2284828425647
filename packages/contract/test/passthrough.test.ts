// applyPassthrough: how forwarded unknown fields join an upstream request's query or body.
import { describe, expect, test } from 'vitest';
import { applyPassthrough } from '../src/index.js';

describe('applyPassthrough', () => {
  test('no passthrough: the request object itself', () => {
    const req = { query: { a: 1 } };
    expect(applyPassthrough(req, undefined)).toBe(req);
  });

  test('query: scalars and scalar arrays as they are, anything else as JSON text; the tool wins on a clash', () => {
    const fields = { newFilter: 'x', ids: ['A', 'B'], n: 2, nested: { k: 1 }, nothing: null, MaxResults: 9 };
    const out = applyPassthrough({ path: '/x', query: { MaxResults: 5 } }, { target: 'query', fields });
    expect(out).toEqual({
      path: '/x',
      query: { newFilter: 'x', ids: ['A', 'B'], n: 2, nested: '{"k":1}', nothing: 'null', MaxResults: 5 },
    });
  });

  test('body: merged into the JSON object body (the tool wins), or becomes the body when there is none', () => {
    const fields = { newField: { a: 1 }, name: 'ignored' };
    expect(applyPassthrough({ body: { name: 'kept' } }, { target: 'body', fields })).toEqual({
      body: { newField: { a: 1 }, name: 'kept' },
    });
    const post: { method: string; body?: unknown } = { method: 'POST' };
    expect(applyPassthrough(post, { target: 'body', fields })).toEqual({
      method: 'POST',
      body: fields,
    });
  });

  test('body target with a non-object body is a tool bug, not a silent drop', () => {
    expect(() => applyPassthrough({ body: [1] }, { target: 'body', fields: { x: 1 } })).toThrow(
      /JSON object body/,
    );
  });
});
