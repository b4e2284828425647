// Listings Items 2021-08-01: getListingsItem and patchListingsItem.
import type { RequestHandler } from 'msw';
import { notFound, spErrors, spJson } from './respond.js';
import { csv, spRoute, unexpectedParams } from './route.js';

const LISTINGS: Record<string, Record<string, unknown>> = {
  'SKU-1000': {
    sku: 'SKU-1000',
    summaries: [
      {
        marketplaceId: 'ATVPDKIKX0DER',
        asin: 'B08N5WRWNW',
        productType: 'SPEAKERS',
        conditionType: 'new_new',
        status: ['BUYABLE', 'DISCOVERABLE'],
        itemName: 'Echo Dot (4th Gen)',
        createdDate: '2025-11-01T10:00:00Z',
        lastUpdatedDate: '2026-03-01T10:00:00Z',
      },
    ],
    attributes: { item_name: [{ value: 'Echo Dot (4th Gen)', marketplace_id: 'ATVPDKIKX0DER' }] },
    issues: [],
    offers: [
      { marketplaceId: 'ATVPDKIKX0DER', offerType: 'B2C', price: { currencyCode: 'USD', amount: '49.99' } },
    ],
    fulfillmentAvailability: [{ fulfillmentChannelCode: 'AMAZON_NA', quantity: 120 }],
  },
};
const SECTIONS = [
  'summaries',
  'attributes',
  'issues',
  'offers',
  'fulfillmentAvailability',
  'procurement',
  'relationships',
  'productTypes',
];
const bad = (op: string, message: string) => spErrors(400, [{ code: 'InvalidInput', message }], op);

const get = spRoute('get', '/listings/2021-08-01/items/:sellerId/:sku', ({ url, params }) => {
  const op = 'getListingsItem';
  if (unexpectedParams(url, ['marketplaceIds', 'issueLocale', 'includedData']).length > 0)
    return bad(op, 'Invalid input');
  if (csv(url, 'marketplaceIds').length === 0) return bad(op, 'marketplaceIds is required.');
  const listing = LISTINGS[params.sku ?? ''];
  if (!listing) return notFound(`SKU '${params.sku ?? ''}' not found for seller.`, op);
  const want = csv(url, 'includedData');
  const sections = want.length > 0 ? want : ['summaries'];
  const out: Record<string, unknown> = { sku: listing.sku };
  for (const s of sections) if (SECTIONS.includes(s) && listing[s] !== undefined) out[s] = listing[s];
  return spJson(out, 200, op);
});

const patch = spRoute(
  'patch',
  '/listings/2021-08-01/items/:sellerId/:sku',
  async ({ url, request, params }) => {
    const op = 'patchListingsItem';
    if (csv(url, 'marketplaceIds').length === 0) return bad(op, 'marketplaceIds is required.');
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return bad(op, 'Request body is not valid JSON.');
    }
    const b = body as { productType?: unknown; patches?: unknown };
    if (typeof b.productType !== 'string' || !Array.isArray(b.patches) || b.patches.length === 0) {
      return bad(op, 'productType and patches are required.');
    }
    const mode = url.searchParams.get('mode');
    return spJson(
      {
        sku: params.sku,
        status: mode === 'VALIDATION_PREVIEW' ? 'VALID' : 'ACCEPTED',
        submissionId: `f1dc2914-75dd-11ea-bc55-${Date.now().toString(16).slice(-12).padStart(12, '0')}`,
        issues: [],
      },
      200,
      op,
    );
  },
);

export const listingsHandlers: RequestHandler[] = [...get, ...patch];
