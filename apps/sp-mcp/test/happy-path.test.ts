// Every tool's happy path through the real SDK client over stdio against the msw mocks.
import { callTool, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSp, US } from './helpers.js';

let sp: TestServer;
beforeAll(async () => {
  sp = await startSp({
    SP_API_ENABLE_WRITES: 'true',
    SP_API_SELLER_ID: 'A2MOCKSELLER01',
    // The curated tools outside the default list are listed with their API toolsets.
    SP_API_TOOLSETS: 'curated,orders,catalog-items,reports,listings-items,product-pricing,feeds',
  });
});
afterAll(async () => {
  await sp?.close();
});

async function ok(name: string, args: Record<string, unknown> = {}) {
  const out = await callTool(sp.client, name, args);
  expect(out.envelope, JSON.stringify(out.envelope)).toBeUndefined();
  expect(out.result).toBeDefined();
  // biome-ignore lint/suspicious/noExplicitAny: free-form upstream bodies in assertions
  return out.result as Record<string, any>;
}

describe('sp-mcp happy paths', () => {
  it('get_marketplace_participations', async () => {
    const r = await ok('get_marketplace_participations');
    expect(r.participations[0].marketplace.id).toBe(US);
  });
  it('get_orders (v0, PascalCase upstream)', async () => {
    const r = await ok('get_orders', {
      marketplaceIds: [US],
      createdAfter: '2026-03-01T00:00:00Z',
      maxResultsPerPage: 2,
    });
    expect(r.orders).toHaveLength(2);
    expect(r.orders[0].AmazonOrderId).toBe('902-3159896-1390916');
    expect(typeof r.nextToken).toBe('string');
    const next = await ok('get_orders', { marketplaceIds: [US], nextToken: r.nextToken });
    expect(next.orders.length).toBeGreaterThan(0);
  });
  it('get_order and get_order_items', async () => {
    const o = await ok('get_order', { orderId: '902-3159896-1390916' });
    expect(o.order.OrderStatus).toBe('Shipped');
    const items = await ok('get_order_items', { orderId: '902-3159896-1390916' });
    expect(items.orderItems[0].ASIN).toBe('B08N5WRWNW');
  });
  it('search_orders (2026-01-01, camelCase upstream)', async () => {
    const r = await ok('search_orders', {
      createdAfter: '2026-03-01T00:00:00Z',
      marketplaceIds: [US],
      fulfilledBy: ['AMAZON'],
      includedData: ['FULFILLMENT'],
    });
    expect(r.orders.length).toBeGreaterThan(0);
    expect(r.orders[0].fulfillment.fulfilledBy).toBe('AMAZON');
  });
  it('next pages: get_order_items, search_catalog_items and list_reports follow their tokens', async () => {
    const items = await ok('get_order_items', { orderId: '702-1293822-4486215' });
    expect(items.orderItems).toHaveLength(2);
    const moreItems = await ok('get_order_items', {
      orderId: '702-1293822-4486215',
      nextToken: items.nextToken,
    });
    expect(moreItems.orderItems.map((i: { Title: string }) => i.Title)).toEqual(['Yoga Strap']);
    expect(moreItems.nextToken).toBeUndefined();
    const search = { marketplaceIds: [US], keywords: ['echo', 'cable', 'mouse'], pageSize: 2 };
    const page1 = await ok('search_catalog_items', search);
    expect(page1.items).toHaveLength(2);
    const page2 = await ok('search_catalog_items', { ...search, pageToken: page1.pagination.nextToken });
    expect(page2.items.map((i: { asin: string }) => i.asin)).toEqual(['B09G9FPHY6']);
    const types = ['GET_MERCHANT_LISTINGS_ALL_DATA', 'GET_FLAT_FILE_ALL_ORDERS_DATA_BY_ORDER_DATE_GENERAL'];
    const reports1 = await ok('list_reports', { reportTypes: types, pageSize: 1 });
    expect(reports1.reports).toHaveLength(1);
    const reports2 = await ok('list_reports', { nextToken: reports1.nextToken });
    expect(reports2.reports).toHaveLength(1);
    expect(reports2.reports[0].reportId).not.toBe(reports1.reports[0].reportId);
  });
  it('search_catalog_items and get_catalog_item', async () => {
    const s = await ok('search_catalog_items', { marketplaceIds: [US], keywords: ['echo'] });
    expect(s.numberOfResults).toBe(1);
    expect(s.items[0].asin).toBe('B08N5WRWNW');
    const g = await ok('get_catalog_item', {
      asin: 'B08N5WRWNW',
      marketplaceIds: [US],
      includedData: ['summaries', 'salesRanks'],
    });
    expect(g.salesRanks).toBeDefined();
  });
  it('get_inventory_summaries', async () => {
    const r = await ok('get_inventory_summaries', { marketplaceId: US, details: true });
    expect(r.inventorySummaries).toHaveLength(3);
    expect(r.inventorySummaries[0].inventoryDetails.fulfillableQuantity).toBe(120);
  });
  it('create_report → get_report → get_report_document (GZIP) and list_reports', async () => {
    const c = await ok('create_report', {
      reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
      marketplaceIds: [US],
    });
    expect(typeof c.reportId).toBe('string');
    const g = await ok('get_report', { reportId: c.reportId });
    expect(g.processingStatus).toBe('DONE');
    const d = await ok('get_report_document', { reportDocumentId: g.reportDocumentId });
    expect(d.compressionAlgorithm).toBe('GZIP');
    expect(d.content).toContain('SKU-1000\tB08N5WRWNW');
    expect(d.truncated).toBe(false);
    const l = await ok('list_reports', { reportTypes: ['GET_MERCHANT_LISTINGS_ALL_DATA'] });
    expect(l.reports.length).toBeGreaterThanOrEqual(2);
  });
  it('get_report_document: uncompressed document and maxChars truncation', async () => {
    const d = await ok('get_report_document', {
      reportDocumentId: 'amzn1.spdoc.1.4.na.seed-plain',
      maxChars: 10,
    });
    expect(d.content).toHaveLength(10);
    expect(d.truncated).toBe(true);
  });
  it('get_listings_item and patch_listings_item', async () => {
    const g = await ok('get_listings_item', {
      sku: 'SKU-1000',
      marketplaceIds: [US],
      includedData: ['summaries', 'offers'],
    });
    expect(g.summaries[0].asin).toBe('B08N5WRWNW');
    const p = await ok('patch_listings_item', {
      sku: 'SKU-1000',
      marketplaceIds: [US],
      productType: 'SPEAKERS',
      patches: [{ op: 'replace', path: '/attributes/item_name', value: [{ value: 'New name' }] }],
      mode: 'VALIDATION_PREVIEW',
    });
    expect(p.status).toBe('VALID');
  });
  it('get_item_offers and get_pricing', async () => {
    const o = await ok('get_item_offers', { asin: 'B08N5WRWNW', marketplaceId: US, itemCondition: 'New' });
    expect(o.offers.Offers).toHaveLength(2);
    const p = await ok('get_pricing', { marketplaceId: US, itemType: 'Asin', asins: ['B08N5WRWNW'] });
    expect(p.prices[0].ASIN).toBe('B08N5WRWNW');
  });
  it('create_feed_document (with upload) → create_feed → get_feed', async () => {
    const d = await ok('create_feed_document', {
      contentType: 'application/json; charset=UTF-8',
      content: '{"messages":[]}',
    });
    expect(d.uploaded).toBe(true);
    expect(JSON.stringify(d)).not.toContain('X-Amz-Signature');
    const f = await ok('create_feed', {
      feedType: 'JSON_LISTINGS_FEED',
      marketplaceIds: [US],
      inputFeedDocumentId: d.feedDocumentId,
    });
    const g = await ok('get_feed', { feedId: f.feedId });
    expect(g.processingStatus).toBe('IN_QUEUE');
  });
  it('identity and region tools', async () => {
    const l = await ok('list_identities');
    expect(l.identities[0]).toMatchObject({ id: 'default', active: true });
    expect(JSON.stringify(l)).not.toContain('refresh');
    const s = await ok('set_active_identity', { identityId: 'default' });
    expect(s.activeIdentityId).toBe('default');
    const r = await ok('set_region', { region: 'eu' });
    expect(r.endpoint).toBe('https://sellingpartnerapi-eu.amazon.com');
    const p = await ok('get_marketplace_participations');
    expect(p.participations[0].marketplace.id).toBe('A1F83G8C2ARO7P');
    const g = await ok('get_region');
    expect(g.region).toBe('eu');
    await ok('set_region', { region: 'na' });
  });
});
