// FBA Inventory v1 getInventorySummaries: payload wrapper with pagination as a sibling.
import type { RequestHandler } from 'msw';
import { INVENTORY } from './data/inventory.js';
import { invalidInput, spJson } from './respond.js';
import { csv, spRoute, unexpectedParams } from './route.js';

const PARAMS = [
  'details',
  'granularityType',
  'granularityId',
  'startDateTime',
  'sellerSkus',
  'sellerSku',
  'nextToken',
  'marketplaceIds',
];

const summaries = spRoute('get', '/fba/inventory/v1/summaries', ({ url }) => {
  const op = 'getInventorySummaries';
  const bad = unexpectedParams(url, PARAMS);
  if (bad.length > 0)
    return invalidInput('Invalid Input', op, `Unknown query parameter(s): ${bad.join(', ')}`);
  if (url.searchParams.get('granularityType') !== 'Marketplace')
    return invalidInput('granularityType must be Marketplace.', op);
  const granularityId = url.searchParams.get('granularityId');
  if (!granularityId) return invalidInput('granularityId is required.', op);
  if (csv(url, 'marketplaceIds').length !== 1)
    return invalidInput('marketplaceIds must contain exactly one value.', op);
  const skus = csv(url, 'sellerSkus');
  // The model's `sellerSku`: "A single seller SKU used for querying the specified seller SKU inventory summaries."
  const single = url.searchParams.get('sellerSku');
  const details = url.searchParams.get('details') === 'true';
  const wanted = (sku: string) =>
    (skus.length === 0 || skus.includes(sku)) && (single === null || single === sku);
  const rows = INVENTORY.filter((s) => wanted(s.sellerSku)).map((s) => {
    if (details) return s;
    const { inventoryDetails: _omit, ...rest } = s;
    return rest;
  });
  return spJson(
    {
      payload: { granularity: { granularityType: 'Marketplace', granularityId }, inventorySummaries: rows },
      pagination: {},
    },
    200,
    op,
  );
});

export const inventoryHandlers: RequestHandler[] = [...summaries];
