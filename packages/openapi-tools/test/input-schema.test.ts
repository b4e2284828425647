// Spec schemas become the catalog's full JSON Schema; the published (portable) view is the contract's derivation.
import { derivePortableSchema, describeAjvErrors, publishTool, sharedAjv } from '@obmcp/contract/schema';
import { describe, expect, it } from 'vitest';
import { validates } from '../src/generate/examples.js';
import { toInputSchema, unicodePattern } from '../src/generate/to-json-schema.js';

const options = { maxDescription: 200 };
type Props = Record<string, Record<string, unknown>>;

describe('toInputSchema', () => {
  it('states the type a spec implies by properties or items, so the validator rejects what tools/list rules out', () => {
    const out = toInputSchema(
      {
        type: 'object',
        properties: {
          body: { properties: { stateFilter: { type: 'string' } } },
          ids: { items: { type: 'string' } },
          anything: { description: 'no shape' },
        },
      },
      options,
    );
    const props = out.properties as Props;
    expect(props.body?.type).toBe('object');
    expect(props.ids?.type).toBe('array');
    expect(props.anything?.type).toBeUndefined();
    expect(validates(out, { body: 12345 })).toBe(false);
  });

  it("implies a typeless enum's type with the contract's rule: the full schema and the published view agree", () => {
    const spec = {
      type: 'object',
      properties: { state: { enum: ['ENABLED', 'PAUSED'] }, level: { enum: [1, 2, 3] } },
    };
    const full = toInputSchema(spec, options);
    const props = full.properties as Props;
    const view = derivePortableSchema(full).schema.properties as Props;
    expect(props.state?.type).toBe('string');
    expect(props.level?.type).toBe('integer');
    expect(view.state?.type).toBe(props.state?.type);
    expect(view.level?.type).toBe(props.level?.type);
  });

  it('keeps OpenAPI nullable as a JSON Schema type array; the anyOf-with-null form is made only by the contract', () => {
    const full = toInputSchema(
      { type: 'object', properties: { endDate: { type: 'string', nullable: true, enum: ['a', 'b'] } } },
      options,
    );
    expect(full.properties).toEqual({ endDate: { type: ['string', 'null'], enum: ['a', 'b', null] } });
    expect(validates(full, { endDate: null })).toBe(true);
    expect(validates(full, { endDate: 'c' })).toBe(false);
    const view = publishTool({ name: 'nullable', description: 'd' }, full).inputSchema;
    // An optional nullable is published as its type plus "Or null." (converters keep it; the server still takes null).
    expect(view.properties).toEqual({
      endDate: { type: 'string', enum: ['a', 'b'], description: 'Or null.' },
    });
  });

  it('a wrong value for a nullable enum gets the enum code with a did-you-mean (the server validates the full schema)', () => {
    const full = toInputSchema(
      {
        type: 'object',
        properties: { creativeType: { type: 'string', nullable: true, enum: ['IMAGE', 'VIDEO'] } },
      },
      options,
    );
    const validate = sharedAjv().compile(full);
    const args = { creativeType: 'IMAGEX' };
    expect(validate(args)).toBe(false);
    const report = describeAjvErrors(validate.errors ?? [], args, full);
    expect(report.code).toBe('SCHEMA_ENUM_MISMATCH');
    expect(report.details[0]).toMatchObject({ path: 'creativeType', did_you_mean: ['IMAGE'] });
    expect(validate({ creativeType: null })).toBe(true);
  });

  it('leaves boolean subschemas to the contract: `items: true` stays in the full schema, the view publishes any value', () => {
    const full = toInputSchema(
      {
        type: 'object',
        properties: { o: { type: 'array', items: true }, m: { additionalProperties: true } },
      },
      options,
    );
    expect(full.properties).toEqual({ o: { type: 'array', items: true }, m: {} });
    const view = publishTool({ name: 'booleans', description: 'd' }, full).inputSchema;
    const props = view.properties as Props;
    expect(props.o?.items).toEqual(expect.objectContaining({ anyOf: expect.any(Array) }));
    expect(props.m).toEqual(expect.objectContaining({ anyOf: expect.any(Array) }));
  });

  it('drops examples, vendor extensions, readOnly properties, numeric formats; keeps additionalProperties:false', () => {
    const out = toInputSchema(
      {
        type: 'object',
        example: { a: 1 },
        'x-amzn-thing': 1,
        additionalProperties: false,
        properties: {
          id: { type: 'string', readOnly: true },
          n: { type: 'integer', format: 'int64' },
          m: { type: 'object', additionalProperties: true },
        },
      },
      options,
    );
    expect(out).toEqual({
      type: 'object',
      additionalProperties: false,
      properties: { n: { type: 'integer' }, m: { type: 'object' } },
    });
  });

  it('replaces a circular $ref left by the dereferencer with an open schema', () => {
    const out = toInputSchema(
      { type: 'object', properties: { child: { $ref: '#/definitions/Node' } } },
      options,
    );
    expect(JSON.stringify(out)).not.toContain('$ref');
  });

  it('makes patterns compile with the u flag', () => {
    expect(unicodePattern('^[0-9a-zA-Z\\-\\_]{1,128}$')).toBe('^[0-9a-zA-Z\\-_]{1,128}$');
    expect(unicodePattern('^\\d{3}$')).toBe('^\\d{3}$');
  });
});
