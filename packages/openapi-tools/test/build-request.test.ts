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
  });
});
