// Audit S1-4: with SP_API_SANDBOX=true every curated tool whose operation has a canned static-sandbox
// request sends it (the mock's sandbox hosts answer only those), and the server's sandbox hint is true.
import { callTool, type TestServer } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curatedOperations } from './support/curated-tools.js';

const CURATED_OPERATIONS = curatedOperations();
import { startSp, US } from './helpers.js';
import { cannedOperations } from './support/canned.js';

const canned = cannedOperations();
/** A canned request value, read from the model (long lists are not copied here). */
const cannedValue = (operation: string, name: string): unknown => canned.get(operation)?.values?.[name];

/**
 * Each curated tool's arguments for its operation's first 2xx canned request (the models'
 * `x-amzn-api-sandbox.static`), and a fragment of the canned response the result must carry.
 */
const CANNED: Record<string, { args: Record<string, unknown>; carries: string }> = {
  get_marketplace_participations: { args: {}, carries: 'ATVPDKIKX0DER' },
  get_orders: {
    args: { marketplaceIds: [US], createdAfter: 'TEST_CASE_200' },
    carries: '902-1845936-5435065',
  },
  get_order: { args: { orderId: 'TEST_CASE_200' }, carries: '902-1845936-5435065' },
  get_order_items: { args: { orderId: 'TEST_CASE_200' }, carries: '05015851154158' },
  search_orders: {
    args: {
      createdAfter: '2024-12-25T00:00:00Z',
      marketplaceIds: ['A1VC38T7YXB528'],
      includedData: cannedValue('orders_2026-01-01 searchOrders', 'includedData'),
    },
    carries: '250-1234567-8901234',
  },
  search_catalog_items: {
    args: {
      keywords: ['samsung', 'tv'],
      marketplaceIds: [US],
      includedData: cannedValue('catalogItems_2022-04-01 searchCatalogItems', 'includedData'),
    },
    carries: 'numberOfResults',
  },
  get_catalog_item: {
    args: {
      asin: 'B07N4M94X4',
      marketplaceIds: [US],
      includedData: cannedValue('catalogItems_2022-04-01 getCatalogItem', 'includedData'),
    },
    carries: 'B07N4M94X4',
  },
  create_report: {
    args: {
      reportType: 'GET_MERCHANT_LISTINGS_ALL_DATA',
      dataStartTime: '2024-03-10T20:11:24.000Z',
      marketplaceIds: ['A1PA6795UKMFR9', US],
    },
    carries: 'ID323',
  },
  get_report: { args: { reportId: 'ID323' }, carries: 'ReportId1' },
  list_reports: {
    args: {
      reportTypes: ['FEE_DISCOUNTS_REPORT', 'GET_AFN_INVENTORY_DATA'],
      processingStatuses: ['IN_QUEUE', 'IN_PROGRESS'],
    },
    carries: 'ReportId1',
  },
  get_report_document: {
    args: { reportDocumentId: '0356cf79-b8b0-4226-b4b9-0ee058ea5760' },
    carries: 'seller-sku',
  },
  // The canned case names no value ("body": {}): any valid request matches.
  get_listings_item: { args: { sku: 'SKU-1000', marketplaceIds: [US] }, carries: 'GM-ZDPI-9B4E' },
  patch_listings_item: {
    args: {
      sku: 'VALIDATION_VALID',
      marketplaceIds: [US],
      includedData: ['identifiers', 'issues'],
      mode: 'VALIDATION_PREVIEW',
      productType: 'PRODUCT',
      patches: [{ op: 'delete', path: '/attributes/item_name' }],
    },
    carries: '1edc94ea-a3d7-210b-42bc-0ec72c1384762',
  },
  get_item_offers: {
    args: { asin: 'B00V5DG6IQ', marketplaceId: US, itemCondition: 'New' },
    carries: 'B00V5DG6IQ',
  },
  get_pricing: { args: { marketplaceId: US, itemType: 'Asin', asins: ['B00V5DG6IQ'] }, carries: 'Success' },
  get_feed: { args: { feedId: 'feedId1' }, carries: 'FeedId1' },
  create_feed_document: {
    args: { contentType: 'text/tab-separated-values; charset=UTF-8', content: 'sku\tprice\nSKU-1\t9.99\n' },
    carries: '3d4e42b5-1d6e-44e8-a89c-2abfca0625bb',
  },
  create_feed: {
    args: {
      feedType: 'POST_PRODUCT_DATA',
      marketplaceIds: [US, 'A1F83G8C2ARO7P'],
      inputFeedDocumentId: '3d4e42b5-1d6e-44e8-a89c-2abfca0625bb',
    },
    carries: '3485934',
  },
};

/** Curated tools whose operation declares a 2xx static-sandbox case, straight from the models. */
function curatedWithCannedCase(): string[] {
  return Object.entries(CURATED_OPERATIONS)
    .filter(([, [api, id]]) => canned.get(`${api} ${id}`)?.hasCase)
    .map(([tool]) => tool)
    .sort();
}

describe('SP_API_SANDBOX=true: the curated tools send the static sandbox canned requests (audit S1-4)', () => {
  let sp: TestServer;
  beforeAll(async () => {
    sp = await startSp({
      SP_API_SANDBOX: 'true',
      SP_API_ENABLE_WRITES: 'true',
      // Every curated tool listed (six are outside the default list, listed with their API's toolset).
      SP_API_TOOLSETS: 'all',
      SP_API_SELLER_ID: 'A2MOCKSELLER01',
    });
  }, 60_000);
  afterAll(async () => {
    await sp.close();
  });

  it('the table covers every curated tool whose operation has a canned 2xx request', () => {
    expect(Object.keys(CANNED).sort()).toEqual(curatedWithCannedCase());
  });

  it('each curated tool succeeds with the canned values and returns the canned response', {
    timeout: 120_000,
  }, async () => {
    const failures: string[] = [];
    for (const [tool, { args, carries }] of Object.entries(CANNED)) {
      const { result, envelope } = await callTool(sp.client, tool, args);
      if (envelope) failures.push(`${tool}: ${envelope.error_code} ${envelope.summary}`);
      else if (!JSON.stringify(result).includes(carries)) failures.push(`${tool}: result lacks ${carries}`);
    }
    expect(failures).toEqual([]);
  });

  it("a request the sandbox has no canned answer for gets the hint, and the hint's values work", async () => {
    const { envelope } = await callTool(sp.client, 'get_orders', {
      marketplaceIds: [US],
      createdAfter: '2026-03-01T00:00:00Z',
    });
    expect(envelope?.error_code).toBe('SP_API_HTTP_400');
    const hint = envelope?.hints.find((h) => h.includes('canned')) ?? '';
    expect(hint).toContain("get_orders createdAfter=TEST_CASE_200 with marketplaceIds=['ATVPDKIKX0DER']");
    expect(hint).toContain('get_order orderId=TEST_CASE_200');
    expect(hint).toContain('get_report reportId=ID323');
    for (const [tool, args] of [
      ['get_orders', { marketplaceIds: [US], createdAfter: 'TEST_CASE_200' }],
      ['get_order', { orderId: 'TEST_CASE_200' }],
      ['get_report', { reportId: 'ID323' }],
    ] as const) {
      expect((await callTool(sp.client, tool, args)).envelope, tool).toBeUndefined();
    }
  });

  it('sandbox schemas take the canned values, production ones do not', async () => {
    const prod = await startSp();
    try {
      const { envelope } = await callTool(prod.client, 'get_order', { orderId: 'TEST_CASE_200' });
      expect(envelope?.error_code).toBe('SCHEMA_PATTERN_MISMATCH');
    } finally {
      await prod.close();
    }
  });
});
