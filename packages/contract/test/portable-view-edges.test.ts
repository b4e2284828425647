// derivePortableSchema at its edges, as tools/list shows them: a type list's enum values shared out by type (an
// array or object value becomes its branch's "Must be" sentence), non-string types and texts dropped, a nullable
// property folded into "Or null.", and a root of another type left without properties.
import { describe, expect, it } from 'vitest';
import { derivePortableSchema } from '../src/schema/portable-schema.js';

const view = (schema: unknown) => derivePortableSchema(schema as never);
const prop = (v: unknown) => ({ type: 'object', properties: { v } });

describe('derivePortableSchema: type lists', () => {
  it('an array value of the enum goes to the array branch, a string to the string branch', () => {
    expect(view(prop({ type: ['array', 'string'], items: { type: 'integer' }, enum: [[1], 'x'] }))).toEqual({
      schema: prop({
        anyOf: [
          { type: 'array', items: { type: 'integer' }, description: 'Must be [1].' },
          { type: 'string', enum: ['x'] },
        ],
      }),
      notes: [],
    });
  });

  it('an object value of the enum goes to the object branch', () => {
    expect(view(prop({ type: ['object', 'string'], enum: [{ a: 1 }, 'x'] }))).toEqual({
      schema: prop({
        anyOf: [
          { type: 'object', additionalProperties: true, description: 'Must be {"a":1}.' },
          { type: 'string', enum: ['x'] },
        ],
      }),
      notes: [],
    });
  });

  it('a nullable string keeps its title and says "Or null."; a non-string type, title or description is dropped', () => {
    expect(view(prop({ type: ['string', 'null'], description: 'd', title: 't' }))).toEqual({
      schema: prop({ type: 'string', description: 'd Or null.', title: 't' }),
      notes: [],
    });
    expect(view(prop({ type: ['string', 5, 'null'], description: 5, title: 7 }))).toEqual({
      schema: prop({ type: 'string', description: 'Or null.' }),
      notes: [],
    });
  });
});

describe('derivePortableSchema: the root', () => {
  it('a root of another type gets no properties', () => {
    expect(view({ type: 'string' })).toEqual({ schema: { type: 'string' }, notes: [] });
  });
});
