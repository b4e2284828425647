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

interface PatchOperation {
  op: string;
  path: string;
  value?: unknown;
}

/** "Only top-level listings item attributes can be patched. Patching nested attributes is not supported." */
const TOP_LEVEL_ATTRIBUTE = /^\/attributes\/([a-z0-9_]+)$/i;

/** The issue Amazon reports for attributes it cannot apply (public reports, e.g. jlevers #861). */
function invalidAttribute(name: string): Record<string, unknown> {
  return {
    code: '90000900',
    message: 'The attributes are invalid.',
    severity: 'ERROR',
    attributeNames: [name],
    categories: ['INVALID_ATTRIBUTE'],
  };
}

/**
 * The submission's issues: a patch of a nested or non-attribute path, an add/replace/merge without a
 * value, and for a SKU with no listing the `condition_type` a new listing needs (the model's own
 * VALIDATION_INVALID example, code 90220).
 */
function submissionIssues(patches: PatchOperation[], listed: boolean): Array<Record<string, unknown>> {
  const issues: Array<Record<string, unknown>> = [];
  const named = new Set<string>();
  for (const patch of patches) {
    const name = TOP_LEVEL_ATTRIBUTE.exec(patch.path)?.[1];
    if (name === undefined) {
      issues.push(invalidAttribute(patch.path));
      continue;
    }
    named.add(name);
    if (patch.op !== 'delete' && patch.value === undefined) issues.push(invalidAttribute(name));
  }
  if (!listed && !named.has('condition_type')) {
    issues.push({
      code: '90220',
      message: "'condition_type' is required but not supplied.",
      severity: 'ERROR',
      attributeNames: ['condition_type'],
      categories: ['MISSING_ATTRIBUTE'],
    });
  }
  return issues;
}

/** The listing's catalog identifiers per marketplace (includedData=identifiers). */
function identifiersOf(listing: Record<string, unknown> | undefined): Array<Record<string, unknown>> {
  const summaries = (listing?.summaries ?? []) as Array<{ marketplaceId: string; asin?: string }>;
  return summaries.map((s) => ({ marketplaceId: s.marketplaceId, ...(s.asin ? { asin: s.asin } : {}) }));
}

const patch = spRoute(
  'patch',
  '/listings/2021-08-01/items/:sellerId/:sku',
  async ({ url, request, params }) => {
    const op = 'patchListingsItem';
    if (csv(url, 'marketplaceIds').length === 0) return bad(op, 'marketplaceIds is required.');
    const mode = url.searchParams.get('mode');
    // The model's includedData: default `issues`; `identifiers` "can only be requested when mode is
    // VALIDATION_PREVIEW".
    const included = url.searchParams.has('includedData') ? csv(url, 'includedData') : ['issues'];
    if (included.includes('identifiers') && mode !== 'VALIDATION_PREVIEW')
      return bad(op, 'identifiers can only be requested when mode is VALIDATION_PREVIEW.');
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
    const listing = LISTINGS[params.sku ?? ''];
    const issues = submissionIssues(b.patches as PatchOperation[], listing !== undefined);
    const status = issues.length > 0 ? 'INVALID' : mode === 'VALIDATION_PREVIEW' ? 'VALID' : 'ACCEPTED';
    return spJson(
      {
        sku: params.sku,
        status,
        submissionId: `f1dc2914-75dd-11ea-bc55-${Date.now().toString(16).slice(-12).padStart(12, '0')}`,
        ...(included.includes('issues') ? { issues } : {}),
        ...(included.includes('identifiers') ? { identifiers: identifiersOf(listing) } : {}),
      },
      200,
      op,
    );
  },
);

export const listingsHandlers: RequestHandler[] = [...get, ...patch];
