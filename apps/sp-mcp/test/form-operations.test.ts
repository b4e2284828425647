// An SP operation whose body is a Swagger formData form (none of today's models declares one, the generator
// supports it): the request goes out as form fields with the form's media type, never as a JSON document.
import type { CallContext } from '@obmcp/contract';
import type { CatalogOperation } from '@obmcp/openapi-tools';
import { describe, expect, it } from 'vitest';
import type { SpApiClient, SpRequest } from '../src/http/client.js';
import { callOperation } from '../src/operations/call-operation.js';

const op = (contentType: string, formFiles?: string[]) =>
  ({
    name: 'post_thing',
    meta: { api: 'fixtureForms', operationId: 'postThing', method: 'POST', path: '/things' },
    recipe: {
      method: 'POST',
      path: '/things',
      params: [{ arg: 'body', name: '', in: 'body', required: true }],
      contentType,
      ...(formFiles ? { formFiles } : {}),
      accept: 'application/json',
    },
  }) as unknown as CatalogOperation;

async function sent(operation: CatalogOperation, body: unknown): Promise<SpRequest> {
  let request: SpRequest | undefined;
  const client = {
    call: async (req: SpRequest) => {
      request = req;
      return { status: 200, body: {} };
    },
  } as unknown as SpApiClient;
  await callOperation(client, operation, { body }, {} as CallContext);
  if (!request) throw new Error('nothing sent');
  return request;
}

describe('SP form operations', () => {
  it('an urlencoded form goes out as its fields (URLSearchParams: the pipeline labels it urlencoded)', async () => {
    const req = await sent(op('application/x-www-form-urlencoded'), { grant_type: 'x', count: 2 });
    expect(req.body).toBeInstanceOf(URLSearchParams);
    expect(String(req.body)).toBe('grant_type=x&count=2');
  });
  it('a multipart form goes out as its parts with the boundary type; a JSON body stays JSON', async () => {
    const req = await sent(op('multipart/form-data', ['file']), { file: { base64: 'aGk=' } });
    expect(req.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.body).toBeInstanceOf(Uint8Array);
    const json = await sent(op('application/json'), { a: 1 });
    expect(json.body).toEqual({ a: 1 });
    expect(json.contentType).toBeUndefined();
  });
});
