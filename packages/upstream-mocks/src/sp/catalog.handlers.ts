// Catalog Items 2022-04-01: searchCatalogItems and getCatalogItem (camelCase, unwrapped).
import type { RequestHandler } from 'msw';
import { CATALOG, type CatalogItem } from './data/catalog.js';
import { pageToken, queryFilters } from './page-token.js';
import { invalidInput, notFound, spErrors, spJson } from './respond.js';
import { csv, spRoute, unexpectedParams } from './route.js';

const SEARCH_PARAMS = [
  'marketplaceIds',
  'identifiers',
  'identifiersType',
  'keywords',
  'includedData',
  'locale',
  'sellerId',
  'brandNames',
  'classificationIds',
  'pageSize',
  'pageToken',
  'keywordsLocale',
];
const INCLUDED = [
  'attributes',
  'classifications',
  'dimensions',
  'identifiers',
  'images',
  'productTypes',
  'relationships',
  'salesRanks',
  'summaries',
  'vendorDetails',
];

function shape(item: CatalogItem, included: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { asin: item.asin };
  const want = included.length > 0 ? included : ['summaries'];
  if (want.includes('summaries')) out.summaries = item.summaries;
  if (want.includes('identifiers')) out.identifiers = item.identifiers ?? [];
  if (want.includes('salesRanks')) out.salesRanks = item.salesRanks ?? [];
  return out;
}

function badRequest(message: string): Response {
  // Catalog's sandbox/model uses a numeric-string code for 400s.
  return spErrors(400, [{ code: '400', message, details: '' }], 'searchCatalogItems');
}

const search = spRoute('get', '/catalog/2022-04-01/items', ({ url }) => {
  const bad = unexpectedParams(url, SEARCH_PARAMS);
  if (bad.length > 0)
    return badRequest(`Request has missing or invalid parameters and cannot be parsed: ${bad.join(', ')}`);
  const marketplaces = csv(url, 'marketplaceIds');
  if (marketplaces.length !== 1) return badRequest('marketplaceIds must contain exactly one value.');
  const included = csv(url, 'includedData');
  if (included.some((v) => !INCLUDED.includes(v))) return badRequest('Invalid includedData value.');
  const identifiers = csv(url, 'identifiers');
  const keywords = csv(url, 'keywords');
  if (identifiers.length > 0 && keywords.length > 0)
    return badRequest('keywords cannot be combined with identifiers.');
  if (identifiers.length === 0 && keywords.length === 0)
    return badRequest('Either identifiers or keywords is required.');
  if (identifiers.length > 0 && !url.searchParams.get('identifiersType')) {
    return badRequest('identifiersType is required when identifiers is provided.');
  }
  // The model: sellerId is "Required when identifiersType is SKU".
  if (url.searchParams.get('identifiersType') === 'SKU' && !url.searchParams.get('sellerId')) {
    return badRequest('sellerId is required when identifiersType is SKU.');
  }
  const matching = CATALOG.filter((it) => {
    if (identifiers.length > 0) {
      const ids = [
        it.asin,
        ...(it.identifiers ?? []).flatMap((g) =>
          (g.identifiers as Array<{ identifier: string }>).map((x) => x.identifier),
        ),
      ];
      return identifiers.some((id) => ids.includes(id));
    }
    const text = JSON.stringify(it.summaries).toLowerCase();
    return keywords.some((k) => text.includes(k.toLowerCase()));
  });
  // A pageToken is bound to the search it came from; pageSize and includedData may change between pages.
  const filters = queryFilters(url, ['pageToken', 'pageSize', 'includedData']);
  const token = url.searchParams.get('pageToken');
  const position = token === null ? { offset: 0, filters } : pageToken.decode(token);
  if (!position || position.filters !== filters) return badRequest('Invalid pageToken.');
  // The model bounds pageSize by `maximum: 20` only; a page of none would never end the paging.
  const size = Number(url.searchParams.get('pageSize') ?? '10');
  if (size < 1) return badRequest('pageSize must be at least 1.');
  const start = position.offset;
  const end = start + size;
  const pagination = {
    ...(end < matching.length ? { nextToken: pageToken.encode(end, filters) } : {}),
    ...(start > 0 ? { previousToken: pageToken.encode(Math.max(0, start - size), filters) } : {}),
  };
  return spJson(
    {
      numberOfResults: matching.length,
      pagination,
      refinements: { brands: [], classifications: [] },
      items: matching.slice(start, end).map((it) => shape(it, included)),
    },
    200,
    'searchCatalogItems',
  );
});

const getItem = spRoute('get', '/catalog/2022-04-01/items/:asin', ({ url, params }) => {
  const bad = unexpectedParams(url, ['marketplaceIds', 'includedData', 'locale']);
  if (bad.length > 0)
    return badRequest(`Request has missing or invalid parameters and cannot be parsed: ${bad.join(', ')}`);
  if (csv(url, 'marketplaceIds').length === 0)
    return invalidInput('marketplaceIds is required.', 'getCatalogItem');
  const item = CATALOG.find((it) => it.asin === params.asin);
  if (!item)
    return notFound(`Requested item '${params.asin ?? ''}' not found in marketplace.`, 'getCatalogItem');
  return spJson(shape(item, csv(url, 'includedData')), 200, 'getCatalogItem');
});

export const catalogHandlers: RequestHandler[] = [...search, ...getItem];
