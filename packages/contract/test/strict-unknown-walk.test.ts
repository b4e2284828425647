// injectStrictUnknown / closeTopLevel / isSilentObjectSchema as functions: where `additionalProperties: false` is injected, exactly.
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../src/tool/types.js';
import {
  closeTopLevel,
  injectStrictUnknown,
  isSilentObjectSchema,
} from '../src/validation/strict-unknown.js';

const silent = () => ({ type: 'object', properties: { a: { type: 'integer' } } });
const closed = () => ({ ...silent(), additionalProperties: false });
const inject = (schema: Record<string, unknown>) => injectStrictUnknown(schema as JsonSchema);

describe('isSilentObjectSchema', () => {
  it('is true only for an object with `properties` that says nothing about extras and has no allOf', () => {
    expect(isSilentObjectSchema(silent())).toBe(true);
    expect(isSilentObjectSchema({ properties: {} })).toBe(true);
    for (const node of [
      { ...silent(), additionalProperties: true },
      { ...silent(), additionalProperties: false },
      { ...silent(), unevaluatedProperties: false },
      { ...silent(), allOf: [] },
      { type: 'object' },
      { properties: [] },
      { properties: null },
      null,
      [silent()],
      'object',
    ])
      expect(isSilentObjectSchema(node), JSON.stringify(node)).toBe(false);
  });
});

describe('injectStrictUnknown', () => {
  it('closes a silent object at the top and in every nested property', () => {
    expect(inject({ ...silent(), properties: { o: silent(), n: { type: 'string' } } })).toEqual({
      type: 'object',
      properties: { o: closed(), n: { type: 'string' } },
      additionalProperties: false,
    });
  });

  it('reaches items, prefixItems, oneOf, anyOf and $defs', () => {
    expect(
      inject({
        type: 'object',
        properties: {
          list: { type: 'array', items: silent() },
          tuple: { type: 'array', prefixItems: [silent(), { type: 'string' }] },
          either: { oneOf: [silent(), { type: 'null' }] },
          any: { anyOf: [silent()] },
        },
        $defs: { thing: silent(), other: { type: 'number' } },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        list: { type: 'array', items: closed() },
        tuple: { type: 'array', prefixItems: [closed(), { type: 'string' }] },
        either: { oneOf: [closed(), { type: 'null' }] },
        any: { anyOf: [closed()] },
      },
      $defs: { thing: closed(), other: { type: 'number' } },
      additionalProperties: false,
    });
  });

  it('keeps an explicit true, false or sub-schema, and never injects into or under allOf', () => {
    const schema = {
      type: 'object',
      properties: {
        open: { ...silent(), additionalProperties: true },
        typed: { ...silent(), additionalProperties: { type: 'integer' } },
        composed: { ...silent(), allOf: [silent()] },
        evaluated: { ...silent(), unevaluatedProperties: false },
      },
      additionalProperties: false,
    };
    expect(inject(schema)).toEqual(schema);
  });

  it('an object with properties under an open parent is still closed, and a non-object schema is returned as is', () => {
    expect(inject({ properties: { o: silent() }, additionalProperties: true })).toEqual({
      properties: { o: closed() },
      additionalProperties: true,
    });
    expect(inject({ type: 'string' })).toEqual({ type: 'string' });
    expect(inject({ items: [silent()] })).toEqual({ items: [silent()] });
    expect(inject({ oneOf: 'x' })).toEqual({ oneOf: 'x' });
    expect(inject({ $defs: [silent()] })).toEqual({ $defs: [silent()] });
  });

  it('keeps boolean sub-schemas as they are (false still refuses, true still allows)', () => {
    expect(inject({ properties: { never: false, any: true }, prefixItems: [false] })).toEqual({
      properties: { never: false, any: true },
      prefixItems: [false],
      additionalProperties: false,
    });
  });

  it('leaves the input schema untouched', () => {
    const schema = { type: 'object', properties: { o: silent() }, $defs: { d: silent() } };
    const before = JSON.stringify(schema);
    inject(schema);
    expect(JSON.stringify(schema)).toBe(before);
  });
});

describe('closeTopLevel', () => {
  it('closes only the top level of a silent object; anything else is returned as is', () => {
    const schema = { ...silent(), properties: { o: silent() } };
    expect(closeTopLevel(schema as JsonSchema)).toEqual({ ...schema, additionalProperties: false });
    const open = { ...silent(), additionalProperties: true };
    expect(closeTopLevel(open as JsonSchema)).toBe(open);
  });
});
