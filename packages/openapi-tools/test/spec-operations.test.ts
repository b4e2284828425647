// Reading a spec's operations: methods, path- and operation-level parameters (the operation's win), defaults for
// missing fields, consumes/produces inheritance, and Swagger 2.0 formData fields as one form request body.
import { describe, expect, it } from 'vitest';
import { specOperations } from '../src/generate/spec-operations.js';

describe('specOperations', () => {
  it('reads every method of every path, in method order, with the operation’s own fields', () => {
    const ops = specOperations({
      consumes: ['application/json'],
      produces: ['application/json'],
      paths: {
        '/things/{id}': {
          parameters: [
            { name: 'id', in: 'path', required: true, type: 'string', description: 'shared' },
            { name: 'x', in: 'header', type: 'string' },
            'not an object',
          ],
          patch: { operationId: 'patchThing', parameters: [{ name: 'id', in: 'path', type: 'integer' }] },
          get: {
            operationId: 'getThing',
            summary: 'Gets a thing',
            description: 'Long text.',
            deprecated: true,
            produces: ['application/vnd.thing+json'],
            responses: { '200': { description: 'ok' } },
            parameters: [{ name: 'id', in: 'query', type: 'string' }, 7],
          },
          options: { operationId: 'ignored' },
          head: { operationId: 'ignored too' },
        },
        '/bare': { post: {}, put: 'no', delete: { consumes: 'text/plain', produces: ['a', 3] } },
        '/not-an-item': 'text',
      },
    });
    expect(ops.map((o) => `${o.method} ${o.path} ${o.operationId}`)).toEqual([
      'GET /things/{id} getThing',
      'PATCH /things/{id} patchThing',
      'POST /bare post/bare',
      'DELETE /bare delete/bare',
    ]);
    const [get, patch, post, del] = ops;
    expect(get).toMatchObject({
      summary: 'Gets a thing',
      description: 'Long text.',
      deprecated: true,
      consumes: ['application/json'],
      produces: ['application/vnd.thing+json'],
      responses: { '200': { description: 'ok' } },
    });
    // A path- and a query-parameter named `id` are two parameters: both kept, path-level first.
    expect(get?.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id', 'header:x', 'query:id']);
    expect(get?.raw).toMatchObject({ operationId: 'getThing' });
    // The operation's `id` in path replaces the path-level one.
    expect(patch?.parameters).toEqual([
      { name: 'x', in: 'header', type: 'string' },
      { name: 'id', in: 'path', type: 'integer' },
    ]);
    expect(patch).toMatchObject({ summary: '', description: '', deprecated: false, responses: {} });
    expect(del).toMatchObject({ consumes: [], produces: ['a'] });
    expect(post?.requestBody).toBeUndefined();
    expect(specOperations({})).toEqual([]);
    expect(specOperations({ paths: [] })).toEqual([]);
  });

  it('keeps an OpenAPI 3 requestBody as it is', () => {
    const body = { required: true, content: { 'application/json': { schema: { type: 'object' } } } };
    const [op] = specOperations({
      paths: {
        '/x': { post: { requestBody: body, parameters: [{ name: 'f', in: 'formData', type: 'string' }] } },
      },
    });
    expect(op?.requestBody).toBe(body);
    expect(op?.parameters).toHaveLength(1);
  });

  it('Swagger 2.0 formData fields become one form body in the declared form types', () => {
    const [op] = specOperations({
      paths: {
        '/upload': {
          post: {
            consumes: ['multipart/form-data', 'application/json'],
            parameters: [
              { name: 'id', in: 'path', required: true, type: 'string' },
              { name: 'file', in: 'formData', type: 'file', required: true, description: 'The file.' },
              { name: 'bare', in: 'formData', type: 'file' },
              { name: 'note', in: 'formData', type: 'string', maxLength: 5, required: false, 'x-extra': 1 },
            ],
          },
        },
      },
    });
    expect(op?.parameters).toEqual([{ name: 'id', in: 'path', required: true, type: 'string' }]);
    const schema = {
      type: 'object',
      properties: {
        file: { type: 'string', format: 'binary', description: 'The file.' },
        bare: { type: 'string', format: 'binary' },
        note: { type: 'string', maxLength: 5 },
      },
      required: ['file'],
    };
    expect(op?.requestBody).toEqual({ required: true, content: { 'multipart/form-data': { schema } } });
  });

  it('without a declared form type: multipart when a field is a file, else urlencoded; optional fields only: optional', () => {
    const body = (fields: object[]) =>
      specOperations({ paths: { '/f': { post: { consumes: ['application/json'], parameters: fields } } } })[0]
        ?.requestBody;
    expect(body([{ name: 'a', in: 'formData', type: 'string' }])).toEqual({
      required: false,
      content: {
        'application/x-www-form-urlencoded': {
          schema: { type: 'object', properties: { a: { type: 'string' } } },
        },
      },
    });
    expect(
      Object.keys((body([{ name: 'f', in: 'formData', type: 'file' }]) as { content: object }).content),
    ).toEqual(['multipart/form-data']);
    const [declared] = specOperations({
      paths: {
        '/f': {
          post: {
            consumes: ['Application/X-WWW-Form-Urlencoded; charset=utf-8', 'text/x-www-form-urlencoded'],
            parameters: [{ name: 'a', in: 'formData', type: 'string' }],
          },
        },
      },
    });
    expect(Object.keys((declared?.requestBody?.content ?? {}) as object)).toEqual([
      'Application/X-WWW-Form-Urlencoded; charset=utf-8',
    ]);
  });
});
