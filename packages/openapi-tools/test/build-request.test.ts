// Recipes to HTTP requests: path encoding, csv vs multi arrays, headers, body and media types.
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../src/build-request.js';
import type { Recipe } from '../src/catalog-types.js';

const recipe: Recipe = {
  method: 'POST',
  path: '/listings/2021-08-01/items/{sellerId}/{sku}',
  params: [
    { arg: 'sellerId', name: 'sellerId', in: 'path', required: true },
    { arg: 'sku', name: 'sku', in: 'path', required: true },
    { arg: 'marketplaceIds', name: 'marketplaceIds', in: 'query', required: true, style: 'csv' },
    { arg: 'includedData', name: 'includedData', in: 'query', required: false, style: 'multi' },
    { arg: 'x-amzn-idempotency-token', name: 'x-amzn-idempotency-token', in: 'header', required: false },
    { arg: 'body', name: '', in: 'body', required: true },
  ],
  contentType: 'application/vnd.spCampaign.v3+json',
  accept: 'application/vnd.spCampaign.v3+json',
};

describe('buildRequest', () => {
  it('fills and strictly encodes path segments, joins csv arrays and repeats multi arrays', () => {
    const built = buildRequest(recipe, {
      sellerId: 'A1',
      sku: "a/b c(1)'",
      marketplaceIds: ['ATVPDKIKX0DER', 'A2EUQ1WTGCTBG2'],
      includedData: ['summaries', 'issues'],
      'x-amzn-idempotency-token': 'tok',
      body: { productType: 'SHOES' },
    });
    expect(built.pathAndQuery).toBe(
      '/listings/2021-08-01/items/A1/a%2Fb%20c%281%29%27?marketplaceIds=ATVPDKIKX0DER%2CA2EUQ1WTGCTBG2&includedData=summaries&includedData=issues',
    );
    expect(built.headers).toEqual({
      'x-amzn-idempotency-token': 'tok',
      'content-type': 'application/vnd.spCampaign.v3+json',
      accept: 'application/vnd.spCampaign.v3+json',
    });
    expect(built.body).toEqual({ productType: 'SHOES' });
  });

  it('leaves out absent optional arguments and sends no content-type without a body', () => {
    const built = buildRequest(recipe, { sellerId: 'A1', sku: 'S', marketplaceIds: [] });
    expect(built.pathAndQuery).toBe('/listings/2021-08-01/items/A1/S');
    expect(built.headers).toEqual({ accept: 'application/vnd.spCampaign.v3+json' });
    expect(built.body).toBeUndefined();
    expect(built).not.toHaveProperty('body');
  });

  it('sends non-string values as JSON text: objects in the query, array items in a header', () => {
    const r: Recipe = {
      method: 'GET',
      path: '/things',
      params: [
        { arg: 'filter', name: 'filter', in: 'query', required: false },
        { arg: 'count', name: 'count', in: 'query', required: false },
        { arg: 'tags', name: 'X-Tags', in: 'header', required: false },
      ],
    };
    const built = buildRequest(r, { filter: { a: 1 }, count: 2, tags: ['a', 3] });
    expect(built.pathAndQuery).toBe('/things?filter=%7B%22a%22%3A1%7D&count=2');
    expect(built.headers).toEqual({ 'x-tags': 'a,3' });
  });

  it('leaves out only a null query value: a null body is the JSON body null', () => {
    const r: Recipe = {
      method: 'PUT',
      path: '/things',
      params: [
        { arg: 'q', name: 'q', in: 'query', required: false },
        { arg: 'body', name: '', in: 'body', required: true },
      ],
      contentType: 'application/json',
    };
    const built = buildRequest(r, { q: null, body: null });
    expect(built).toStrictEqual({
      method: 'PUT',
      pathAndQuery: '/things',
      headers: { 'content-type': 'application/json' },
      body: null,
    });
  });
});

describe('declared Content-Type arguments and Accept', () => {
  const declared: Recipe = {
    method: 'POST',
    path: '/program',
    params: [
      { arg: 'Content-Type', name: 'Content-Type', in: 'header', required: true },
      { arg: 'body', name: '', in: 'body', required: false },
    ],
    contentType: 'application/json',
  };

  it("a Content-Type argument wins over the recipe's type, with or without a body", () => {
    const withBody = buildRequest(declared, {
      'Content-Type': 'application/vnd.programeligibility.v1+json',
      body: { a: 1 },
    });
    expect(withBody.headers['content-type']).toBe('application/vnd.programeligibility.v1+json');
    const without = buildRequest(declared, { 'Content-Type': 'application/vnd.audiencemetadata.v1+json' });
    expect(without.headers['content-type']).toBe('application/vnd.audiencemetadata.v1+json');
  });

  it('no Accept when the operation declares no success media type', () => {
    expect(buildRequest(declared, { body: {} }).headers).not.toHaveProperty('accept');
  });
});

describe('path filling: a path argument never escapes its segment (security)', () => {
  const document: Recipe = {
    method: 'GET',
    path: '/documents/{documentId}/content',
    params: [{ arg: 'documentId', name: 'documentId', in: 'path', required: true }],
  };
  const greedy: Recipe = {
    method: 'GET',
    path: '/objects/{key}',
    params: [{ arg: 'key', name: 'key', in: 'path', required: true, greedy: true }],
  };

  it('encodes a slash, a query and a fragment inside the one segment the argument fills', () => {
    expect(buildRequest(document, { documentId: '../../admin/users?all=1#x' }).pathAndQuery).toBe(
      '/documents/..%2F..%2Fadmin%2Fusers%3Fall%3D1%23x/content',
    );
  });

  it.each(['..', '.', '%2e%2E', '%252e%252e', ''])(
    'refuses %j, which a server would resolve to another resource, naming the argument',
    (documentId) => {
      expect(() => buildRequest(document, { documentId })).toThrow(/documentId/);
    },
  );

  it('refuses a control character in a path argument', () => {
    expect(() => buildRequest(document, { documentId: 'a\r\nHost: evil' })).toThrow(/documentId/);
  });

  it('a greedy argument keeps its slashes but no segment of it may be . or ..', () => {
    expect(buildRequest(greedy, { key: 'reports/2026/a b.csv' }).pathAndQuery).toBe(
      '/objects/reports/2026/a%20b.csv',
    );
    expect(() => buildRequest(greedy, { key: 'reports/../../admin' })).toThrow(/key/);
    expect(() => buildRequest(greedy, { key: 'reports//x' })).toThrow(/key/);
  });

  it('a non-greedy argument is never split, even where the catalog has greedy ones', () => {
    expect(buildRequest(document, { documentId: 'a/b' }).pathAndQuery).toBe('/documents/a%2Fb/content');
  });

  it('a number or boolean fills the segment as its JSON text', () => {
    expect(buildRequest(document, { documentId: 42 }).pathAndQuery).toBe('/documents/42/content');
    expect(buildRequest(document, { documentId: true }).pathAndQuery).toBe('/documents/true/content');
  });
});
