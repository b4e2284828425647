// Swagger 2.0 `in: formData` operations: the fields become one form body argument (urlencoded, or multipart with file
// parts), the request carries the form's media type, and the body goes out as form fields, never as JSON.
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../src/build-request.js';
import { encodeRequestBody, encodeUrlEncodedBody, isUrlEncodedForm } from '../src/form-body.js';
import { specArguments } from '../src/generate/parameters.js';
import { specOperations } from '../src/generate/spec-operations.js';

const OPTIONS = { serverHeaders: ['x-amz-access-token'], maxDescription: 200 };

const doc = (operation: Record<string, unknown>, consumes?: string[]) => ({
  swagger: '2.0',
  info: { title: 'forms', version: '1' },
  ...(consumes ? { consumes } : {}),
  paths: {
    '/things/{id}': {
      post: { operationId: 'postThing', responses: { '200': { description: 'ok' } }, ...operation },
    },
  },
});

const ID = { name: 'id', in: 'path', required: true, type: 'string' };
const FIELDS = [
  { name: 'grant_type', in: 'formData', required: true, type: 'string', enum: ['refresh_token'] },
  { name: 'count', in: 'formData', type: 'integer', minimum: 1, description: 'How many.' },
  { name: 'tags', in: 'formData', type: 'array', items: { type: 'string' } },
];

const only = (d: Record<string, unknown>) => {
  const [op] = specOperations(d);
  if (!op) throw new Error('no operation');
  return { op, args: specArguments(op, OPTIONS) };
};

describe('Swagger 2.0 formData', () => {
  it('urlencoded fields become one required body object; the path stays a path argument', () => {
    const { op, args } = only(
      doc({ consumes: ['application/x-www-form-urlencoded'], parameters: [ID, ...FIELDS] }),
    );
    expect(op.parameters.map((p) => p.name)).toEqual(['id']);
    expect(args.contentType).toBe('application/x-www-form-urlencoded');
    expect(args.formFiles).toBeUndefined();
    expect(args.args.map((a) => a.param)).toStrictEqual([
      { arg: 'id', name: 'id', in: 'path', required: true },
      { arg: 'body', name: '', in: 'body', required: true },
    ]);
    expect(args.args[1]?.schema).toMatchObject({
      type: 'object',
      required: ['grant_type'],
      properties: {
        grant_type: { type: 'string', enum: ['refresh_token'] },
        count: { type: 'integer', minimum: 1, description: 'How many.' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    });
  });

  it('a file field makes a multipart form whose file part is a file argument; optional fields only: body optional', () => {
    const file = { name: 'document', in: 'formData', type: 'file', description: 'The file.' };
    const { args } = only(doc({ parameters: [file, { ...FIELDS[1] }] }));
    expect(args.contentType).toBe('multipart/form-data');
    expect(args.formFiles).toEqual(['document']);
    expect(args.args.find((a) => a.param.in === 'body')?.param.required).toBe(false);
    expect(args.args.find((a) => a.param.in === 'body')?.schema).toMatchObject({
      properties: { document: { type: 'object', oneOf: [{ required: ['base64'] }, { required: ['path'] }] } },
    });
  });

  it('no form type declared: urlencoded (the document-level consumes counts, a JSON one does not)', () => {
    expect(only(doc({ parameters: FIELDS })).args.contentType).toBe('application/x-www-form-urlencoded');
    expect(only(doc({ parameters: FIELDS }, ['application/json'])).args.contentType).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(only(doc({ parameters: FIELDS }, ['multipart/form-data'])).args.contentType).toBe(
      'multipart/form-data',
    );
  });

  it('the request carries the form type and the body goes out as fields', () => {
    const built = buildRequest(
      {
        method: 'POST',
        path: '/things/{id}',
        params: [
          { arg: 'id', name: 'id', in: 'path', required: true },
          { arg: 'body', name: '', in: 'body', required: true },
        ],
        contentType: 'application/x-www-form-urlencoded',
      },
      { id: 't1', body: { grant_type: 'refresh_token', count: 3, tags: ['a b', 'c'] } },
    );
    expect(built.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(isUrlEncodedForm(built.headers['content-type'])).toBe(true);
    expect(isUrlEncodedForm('application/x-www-form-urlencoded; charset=utf-8')).toBe(true);
    expect(isUrlEncodedForm('application/json')).toBe(false);
    expect(isUrlEncodedForm(undefined)).toBe(false);
    expect(encodeUrlEncodedBody(built.body).toString()).toBe('grant_type=refresh_token&count=3&tags=a+b%2Cc');
  });

  it('encodeUrlEncodedBody: null and undefined fields left out, objects as JSON text, anything but an object is empty', () => {
    expect(encodeUrlEncodedBody({ a: null, b: undefined, c: { x: 1 }, d: true }).toString()).toBe(
      'c=%7B%22x%22%3A1%7D&d=true',
    );
    expect(encodeUrlEncodedBody(['a']).toString()).toBe('');
    expect(encodeUrlEncodedBody('a=b').toString()).toBe('');
    expect(encodeUrlEncodedBody(null).toString()).toBe('');
  });
});

describe('encodeRequestBody: the body as the recipe media type wants it', () => {
  it('urlencoded fields, multipart bytes with their boundary type, JSON as it is, no body as none', async () => {
    const form = await encodeRequestBody({ contentType: 'application/x-www-form-urlencoded' }, { a: 1 });
    expect(form.body).toBeInstanceOf(URLSearchParams);
    expect(String(form.body)).toBe('a=1');
    expect(form.contentType).toBeUndefined();
    const parts = await encodeRequestBody(
      { contentType: 'multipart/form-data', formFiles: ['f'] },
      { f: { base64: 'aGk=' }, note: 'x' },
    );
    expect(parts.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(new TextDecoder().decode(parts.body as Uint8Array)).toContain('hi');
    expect(await encodeRequestBody({ contentType: 'application/json' }, { a: 1 })).toEqual({
      body: { a: 1 },
    });
    expect(await encodeRequestBody({ contentType: 'application/x-www-form-urlencoded' }, undefined)).toEqual(
      {},
    );
  });
});
