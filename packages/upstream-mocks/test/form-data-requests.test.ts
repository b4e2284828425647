// Swagger 2.0 formData operations as the API reads them: urlencoded fields (coerced by their schema) pass; a JSON
// document labelled as a form, a JSON Content-Type, or a form missing a required field is refused.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../src/spec/index.js';
import { paramsOf } from '../src/spec/parameters.js';
import { checkRequest } from '../src/spec/request-check.js';

const operation = {
  operationId: 'postThing',
  consumes: ['application/x-www-form-urlencoded'],
  parameters: [
    { name: 'id', in: 'path', required: true, type: 'string' },
    { name: 'grant_type', in: 'formData', required: true, type: 'string', enum: ['refresh_token'] },
    { name: 'count', in: 'formData', type: 'integer', minimum: 1 },
    { name: 'tags', in: 'formData', type: 'array', items: { type: 'string' } },
  ],
  responses: { '200': { description: 'ok' } },
};
const op = {
  family: 'sp-api',
  api: 'Fixture',
  operationId: 'postThing',
  method: 'post',
  path: '/things/{id}',
  pattern: /^\/things\/([^/]+)$/,
  pathParamNames: ['id'],
  greedy: [],
  literalSegments: 1,
  doc: { swagger: '2.0', paths: { '/things/{id}': { post: operation } } },
  dialect: 'swagger2',
  operation,
  pathItem: { post: operation },
} as unknown as Operation;

const send = (body: string, type = 'application/x-www-form-urlencoded') =>
  checkRequest(
    op,
    new Request('https://api.example/things/t1', { method: 'POST', headers: { 'content-type': type }, body }),
    { id: 't1' },
    { checkAccept: false, rejectUnknownQuery: true },
  );
const messages = (v: Awaited<ReturnType<typeof send>>) =>
  v.ok ? '' : v.problems.map((p) => p.message).join(' | ');

describe('a Swagger 2.0 formData operation in the mock', () => {
  it('its fields are the body, not parameters', () => {
    expect(paramsOf(op).map((p) => `${p.in}:${p.name}`)).toEqual(['path:id']);
  });

  it('urlencoded fields pass, coerced by their schema', async () => {
    const verdict = await send('grant_type=refresh_token&count=3&tags=a%20b,c');
    expect(verdict).toMatchObject({
      ok: true,
      parsed: {
        mediaType: 'application/x-www-form-urlencoded',
        body: { grant_type: 'refresh_token', count: 3, tags: ['a b', 'c'] },
      },
    });
  });

  it('a JSON document labelled as the form is refused (400): the API reads fields', async () => {
    const verdict = await send(JSON.stringify({ grant_type: 'refresh_token' }));
    expect(verdict).toMatchObject({ ok: false, status: 400 });
    expect(messages(verdict)).toContain('JSON document labelled application/x-www-form-urlencoded');
  });

  it('the same fields sent as JSON are refused (415): the operation consumes only the form', async () => {
    const verdict = await send(JSON.stringify({ grant_type: 'refresh_token' }), 'application/json');
    expect(verdict).toMatchObject({ ok: false, status: 415 });
  });

  it('a missing required field or a field against its schema is refused (400)', async () => {
    expect(messages(await send('count=3'))).toMatch(/grant_type/);
    expect(messages(await send('grant_type=refresh_token&count=0'))).toMatch(/count/);
  });
});
