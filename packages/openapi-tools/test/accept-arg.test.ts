// Media-type header arguments: the Accept argument of a resource-dependent read, Accept and Content-Type offering only
// the types the operation declares, and a bodiless Content-Type defaulting to its documented example.
import { describe, expect, it } from 'vitest';
import {
  acceptArg,
  acceptSchema,
  contentTypeSchema,
  resourceMediaTypes,
} from '../src/generate/accept-arg.js';
import type { SpecOperation } from '../src/generate/spec-operations.js';

const op = (o: Partial<SpecOperation>): SpecOperation => ({
  method: 'GET',
  path: '/x',
  operationId: 'x',
  summary: '',
  description: '',
  deprecated: false,
  parameters: [],
  consumes: [],
  produces: [],
  responses: {},
  raw: {},
  ...o,
});

describe('resourceMediaTypes', () => {
  it('the vendor types of two or more resources (versions of one do not count), from produces and 2xx content', () => {
    const exports = op({
      produces: ['application/vnd.campaignsexport.v1+json', 'application/json'],
      responses: {
        '200': { content: { ' Application/VND.AdGroupsExport.V1.2+JSON ': {} } },
        '400': { content: { 'application/vnd.error.v1+json': {} } },
        '201': 'text',
      },
    });
    expect(resourceMediaTypes(exports)).toEqual([
      'application/vnd.campaignsexport.v1+json',
      ' Application/VND.AdGroupsExport.V1.2+JSON ',
    ]);
    expect(
      resourceMediaTypes(
        op({
          produces: [
            'application/vnd.campaign.v3+json',
            'application/vnd.campaign.v4+json',
            'application/vnd.campaign+json',
          ],
        }),
      ),
    ).toBeUndefined();
    expect(resourceMediaTypes(op({ produces: ['application/json', 'text/csv'] }))).toBeUndefined();
    expect(
      resourceMediaTypes(
        op({ produces: ['text/vnd.a+json', 'application/vnd.b+json', 'x-application/vnd.c+json'] }),
      ),
    ).toBeUndefined();
  });
});

describe('acceptArg and acceptSchema', () => {
  it('the Accept argument is a required header with the declared types as its enum', () => {
    const spec = acceptArg(['a/b', 'c/d'], (name, location) => `${name}-${location}`);
    expect(spec.param).toEqual({ arg: 'Accept-header', name: 'Accept', in: 'header', required: true });
    expect(spec.schema.enum).toEqual(['a/b', 'c/d']);
    expect(spec.schema.type).toBe('string');
    expect(spec.schema.description).toMatch(/^Media type of the resource being read \(sent as Accept\)/);
  });

  it('a free-string Accept takes the declared success types; an enum keeps only declared values (any case, parameters)', () => {
    const reads = op({
      produces: ['application/vnd.x.v1+json'],
      responses: { '200': { content: { 'text/csv': {} } } },
    });
    expect(acceptSchema(reads, { type: 'string' })).toEqual({
      type: 'string',
      enum: ['application/vnd.x.v1+json', 'text/csv'],
    });
    expect(
      acceptSchema(reads, {
        type: 'string',
        enum: ['Text/CSV; charset=utf-8', 'application/json'],
        default: 'application/json',
      }),
    ).toEqual({ type: 'string', enum: ['Text/CSV; charset=utf-8'] });
    expect(acceptSchema(reads, { enum: ['application/json'], default: 'text/csv' })).toEqual({
      enum: ['application/vnd.x.v1+json', 'text/csv'],
      default: 'text/csv',
    });
    expect(acceptSchema(op({}), { type: 'string' })).toEqual({ type: 'string' });
  });
});

describe('contentTypeSchema', () => {
  it('with a body: the declared request types (OpenAPI 3 content, else consumes with a body parameter)', () => {
    const oas3 = op({
      requestBody: { content: { 'application/vnd.a.v1+json': {} } },
      consumes: ['application/json'],
    });
    expect(contentTypeSchema(oas3, {}, { type: 'string' })).toEqual({
      type: 'string',
      enum: ['application/vnd.a.v1+json'],
    });
    const swagger = op({ consumes: ['application/vnd.b+json'], parameters: [{ name: 'body', in: 'body' }] });
    expect(contentTypeSchema(swagger, {}, { type: 'string' }).enum).toEqual(['application/vnd.b+json']);
  });

  it('a multipart operation’s argument is the file part’s type, left as the spec has it', () => {
    const multipart = op({ requestBody: { content: { 'Multipart/Form-Data': {} } } });
    expect(contentTypeSchema(multipart, {}, { type: 'string' })).toEqual({ type: 'string' });
    const mixed = op({ requestBody: { content: { 'application/json': {}, 'multipart/form-data': {} } } });
    expect(contentTypeSchema(mixed, {}, { type: 'string' })).toEqual({ type: 'string' });
  });

  it('without a body: the documented example as the default, unless an enum or a default is there', () => {
    const bodiless = op({ consumes: ['application/json'], parameters: [{ name: 'id', in: 'path' }] });
    expect(contentTypeSchema(bodiless, { example: 'image/png' }, { type: 'string' })).toEqual({
      type: 'string',
      default: 'image/png',
    });
    expect(contentTypeSchema(bodiless, { example: 3 }, { type: 'string' })).toEqual({ type: 'string' });
    expect(contentTypeSchema(bodiless, { example: 'image/png' }, { type: 'string', default: 'a/b' })).toEqual(
      {
        type: 'string',
        default: 'a/b',
      },
    );
    expect(contentTypeSchema(bodiless, { example: 'image/png' }, { enum: ['a/b'] })).toEqual({
      enum: ['a/b'],
    });
    expect(contentTypeSchema(op({ requestBody: { content: 'no' } }), {}, { type: 'string' })).toEqual({
      type: 'string',
    });
  });
});
