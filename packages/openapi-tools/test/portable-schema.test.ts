// Spec schemas become portable JSON Schema: nullable → anyOf, no $ref/boolean/x-/examples, u-safe patterns.
import { describe, expect, it } from 'vitest';
import { toPortableSchema, unicodePattern } from '../src/generate/to-json-schema.js';

describe('toPortableSchema', () => {
  it('states the type a spec implies by properties or items, so the validator rejects what tools/list rules out', () => {
    const out = toPortableSchema(
      {
        type: 'object',
        properties: {
          body: { properties: { stateFilter: { type: 'string' } } },
          ids: { items: { type: 'string' } },
          anything: { description: 'no shape' },
        },
      },
      { maxDescription: 200 },
    );
    const props = out.properties as Record<string, Record<string, unknown>>;
    expect(props.body?.type).toBe('object');
    expect(props.ids?.type).toBe('array');
    expect(props.anything?.type).toBeUndefined();
  });

  it('turns OpenAPI nullable into an anyOf with null, never a type array', () => {
    const out = toPortableSchema(
      { type: 'object', properties: { endDate: { type: 'string', nullable: true, enum: ['a', 'b'] } } },
      { maxDescription: 200 },
    );
    expect(out.properties).toEqual({
      endDate: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
    });
  });

  it('drops examples, vendor extensions, readOnly properties, numeric formats; keeps additionalProperties:false', () => {
    const out = toPortableSchema(
      {
        type: 'object',
        example: { a: 1 },
        'x-amzn-thing': 1,
        additionalProperties: false,
        properties: {
          id: { type: 'string', readOnly: true },
          n: { type: 'integer', format: 'int64' },
          m: { type: 'object', additionalProperties: true },
          o: { type: 'array', items: true },
        },
      },
      { maxDescription: 200 },
    );
    expect(out).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: { n: { type: 'integer' }, m: { type: 'object' }, o: { type: 'array', items: {} } },
    });
  });

  it('replaces a circular $ref left by the dereferencer with an open schema', () => {
    const out = toPortableSchema(
      { type: 'object', properties: { child: { $ref: '#/definitions/Node' } } },
      { maxDescription: 200 },
    );
    expect(JSON.stringify(out)).not.toContain('$ref');
  });

  it('makes patterns compile with the u flag', () => {
    expect(unicodePattern('^[0-9a-zA-Z\\-\\_]{1,128}$')).toBe('^[0-9a-zA-Z\\-_]{1,128}$');
    expect(unicodePattern('^\\d{3}$')).toBe('^\\d{3}$');
  });
});
