// The SP mock's audit items 3 and 5 (sp-faithfulness.md, "Mock"): searchOrders honours fulfillmentStatuses
// and includedData; inventory honours sellerSku; patchListingsItem honours includedData and reports INVALID
// submissions; getReports, getOrderItems and searchCatalogItems page. Every answer is checked against its model.
import { afterAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { issueAccessToken } from '../src/lwa/tokens.js';
import { SP_BASE, sendSp } from './support/spec-calls.js';

const server = startMockServer();
afterAll(() => server.close());

type Body = Record<string, unknown>;

async function send(method: string, path: string, body?: unknown) {
  const r = await sendSp(method, path, body);
  return { ...r, body: r.body as Body };
}

const SEARCH = '/orders/2026-01-01/orders?createdAfter=2026-01-01T00:00:00Z';
const orderIds = (b: Body) => (b.orders as Body[]).map((o) => o.orderId);

describe('searchOrders (orders_2026-01-01.json)', () => {
  it('fulfillmentStatuses selects by the orders’ status', async () => {
    const shipped = await send('GET', `${SEARCH}&fulfillmentStatuses=SHIPPED`);
    expect(shipped.status).toBe(200);
    expect(shipped.problems).toEqual([]);
    expect(orderIds(shipped.body)).toEqual(['902-3159896-1390916', '114-2048815-9021145']);
    const two = await send('GET', `${SEARCH}&fulfillmentStatuses=PENDING,CANCELLED`);
    expect(orderIds(two.body)).toEqual(['111-0573321-6610762', '702-1293822-4486215']);
  });

  it('without includedData: basic information only (no buyer, recipient, proceeds or fulfillment)', async () => {
    const r = await send('GET', SEARCH);
    expect(r.problems).toEqual([]);
    for (const order of r.body.orders as Body[]) {
      expect(Object.keys(order).sort()).toEqual(
        ['createdTime', 'lastUpdatedTime', 'orderId', 'orderItems', 'programs', 'salesChannel'].sort(),
      );
      for (const item of order.orderItems as Body[]) expect(item.proceeds).toBeUndefined();
    }
  });

  it('BUYER, RECIPIENT, PROCEEDS and FULFILLMENT add their sections, valid against the model', async () => {
    const r = await send('GET', `${SEARCH}&includedData=BUYER,RECIPIENT,PROCEEDS,FULFILLMENT`);
    expect(r.status).toBe(200);
    expect(r.problems).toEqual([]);
    const byId = new Map((r.body.orders as Body[]).map((o) => [o.orderId, o]));
    const first = byId.get('902-3159896-1390916') as Body;
    // Amazon-fulfilled in the US: no buyer email (merchant-fulfilled only), no name (Tax roles not in the US).
    expect(first.buyer).toBeUndefined();
    expect((first.recipient as Body).deliveryAddress).toMatchObject({
      name: 'Mock Buyer One',
      city: 'SEATTLE',
    });
    const mfn = byId.get('113-7782341-5526704') as Body;
    expect(mfn.buyer).toEqual({
      buyerName: 'Mock Buyer Two',
      buyerEmail: 'mock-buyer-2@marketplace.example',
      buyerPurchaseOrderNumber: 'PO-MOCK-0002',
    });
    expect(first.proceeds).toEqual({
      grandTotal: { amount: '25.99', currencyCode: 'USD' },
      breakdowns: [{ type: 'ITEM', subtotal: { amount: '25.99', currencyCode: 'USD' } }],
    });
    expect(first.fulfillment).toMatchObject({ fulfillmentStatus: 'SHIPPED', fulfilledBy: 'AMAZON' });
    expect((first.orderItems as Body[])[0]).toHaveProperty('fulfillment.quantityFulfilled', 1);
    // A pending order has no address yet and no pricing ("does not return … pricing" while Pending).
    const pending = byId.get('111-0573321-6610762') as Body;
    expect(pending.recipient).toBeUndefined();
    expect(pending.proceeds).toBeUndefined();
    // Only BUYER: no other section.
    const buyerOnly = await send('GET', `${SEARCH}&includedData=BUYER`);
    const one = (buyerOnly.body.orders as Body[]).find((o) => o.orderId === '113-7782341-5526704') as Body;
    expect(one.buyer).toBeDefined();
    expect(one.recipient ?? one.proceeds ?? one.fulfillment).toBeUndefined();
  });

  it('maxResultsPerPage outside 1-100 ("The value must be between 1 and 100") is the 400', async () => {
    for (const size of ['0', '101']) {
      const r = await send('GET', `${SEARCH}&maxResultsPerPage=${size}`);
      expect(r.status, size).toBe(400);
      expect(r.problems).toEqual([]);
    }
  });

  it('the PII follows the identity’s roles ("Access Orders PII"), no RDT', async () => {
    const as = async (refreshToken: string) => {
      const res = await fetch(
        `${SP_BASE}/orders/2026-01-01/orders/113-7782341-5526704?includedData=BUYER,RECIPIENT`,
        {
          headers: {
            'x-amz-access-token': issueAccessToken('mock-test-client', refreshToken),
            'user-agent': 'obmcp-test/1.0',
          },
        },
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { order: Body }).order;
    };
    const none = await as('mock-refresh-no-pii-role');
    expect(none.buyer).toEqual({ buyerPurchaseOrderNumber: 'PO-MOCK-0002' });
    expect((none.recipient as Body).deliveryAddress).toEqual({
      city: 'SEATTLE',
      stateOrRegion: 'WA',
      countryCode: 'US',
      addressType: 'RESIDENTIAL',
    });
    const shipping = await as('mock-refresh-shipping-role-only');
    expect(shipping.buyer).toMatchObject({ buyerName: 'Mock Buyer Two', buyerEmail: expect.any(String) });
    expect((shipping.recipient as Body).deliveryAddress).toHaveProperty('phone');
  });

  it('getOrder 2026-01-01 answers the same view with the datasets asked for', async () => {
    const r = await send('GET', '/orders/2026-01-01/orders/113-7782341-5526704?includedData=BUYER');
    expect(r.status).toBe(200);
    expect(r.problems).toEqual([]);
    const order = r.body.order as Body;
    expect(order.buyer).toMatchObject({ buyerPurchaseOrderNumber: 'PO-MOCK-0002' });
    expect(order.recipient).toBeUndefined();
  });
});

describe('order date windows (ordersV0.json, orders_2026-01-01.json)', () => {
  const V0 = '/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&CreatedAfter=2026-03-01T00:00:00Z';
  const v0Ids = (b: Body) => ((b.payload as Body).Orders as Body[]).map((o) => o.AmazonOrderId);

  it('createdBefore / CreatedBefore bound the creation time (inclusive)', async () => {
    const v0 = await send('GET', `${V0}&CreatedBefore=2026-03-03T10:15:00Z`);
    expect(v0.problems).toEqual([]);
    expect(v0Ids(v0.body)).toEqual(['902-3159896-1390916', '113-7782341-5526704']);
    const v2026 = await send('GET', `${SEARCH}&createdBefore=2026-03-03T10:15:00Z`);
    expect(orderIds(v2026.body)).toEqual(['902-3159896-1390916', '113-7782341-5526704']);
    const updated = await send(
      'GET',
      '/orders/2026-01-01/orders?lastUpdatedAfter=2026-03-05T00:00:00Z&lastUpdatedBefore=2026-03-08T00:00:00Z',
    );
    expect(orderIds(updated.body)).toEqual(['114-2048815-9021145', '111-0573321-6610762']);
  });

  it('a Before earlier than its After, or not two minutes before the request, is the 400', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    for (const path of [
      `${V0}&CreatedBefore=2026-02-01T00:00:00Z`,
      `${V0}&CreatedBefore=${future}`,
      `${SEARCH}&createdBefore=2025-12-31T00:00:00Z`,
      `/orders/2026-01-01/orders?lastUpdatedAfter=2026-03-05T00:00:00Z&lastUpdatedBefore=${future}`,
    ]) {
      const r = await send('GET', path);
      expect(r.status, path).toBe(400);
      expect(r.problems).toEqual([]);
    }
  });
});

describe('getInventorySummaries: sellerSku', () => {
  it('a single sellerSku returns that SKU only', async () => {
    const base =
      '/fba/inventory/v1/summaries?granularityType=Marketplace&granularityId=ATVPDKIKX0DER&marketplaceIds=ATVPDKIKX0DER';
    const all = await send('GET', base);
    expect(((all.body.payload as Body).inventorySummaries as Body[]).length).toBe(3);
    const one = await send('GET', `${base}&sellerSku=SKU-1002`);
    expect(one.problems).toEqual([]);
    const rows = (one.body.payload as Body).inventorySummaries as Body[];
    expect(rows.map((s) => s.sellerSku)).toEqual(['SKU-1002']);
  });
});

describe('patchListingsItem (listingsItems_2021-08-01.json)', () => {
  const at = (sku: string, query = '') =>
    `/listings/2021-08-01/items/A2MOCKSELLER01/${sku}?marketplaceIds=ATVPDKIKX0DER${query}`;
  const body = (path: string, op = 'replace') => ({
    productType: 'SPEAKERS',
    patches: [{ op, path, value: [{ value: 'Echo' }] }],
  });

  it('a valid patch of a listed SKU is ACCEPTED with issues (the default includedData)', async () => {
    const r = await send('PATCH', at('SKU-1000'), body('/attributes/item_name'));
    expect(r.problems).toEqual([]);
    expect(r.body).toMatchObject({ sku: 'SKU-1000', status: 'ACCEPTED', issues: [] });
    expect(r.body.identifiers).toBeUndefined();
  });

  it('includedData=identifiers in VALIDATION_PREVIEW returns the identifiers, and only then', async () => {
    const preview = await send(
      'PATCH',
      at('SKU-1000', '&mode=VALIDATION_PREVIEW&includedData=identifiers'),
      body('/attributes/item_name'),
    );
    expect(preview.problems).toEqual([]);
    expect(preview.body.status).toBe('VALID');
    expect(preview.body.identifiers).toEqual([{ marketplaceId: 'ATVPDKIKX0DER', asin: 'B08N5WRWNW' }]);
    expect(preview.body.issues).toBeUndefined();
    const live = await send(
      'PATCH',
      at('SKU-1000', '&includedData=identifiers'),
      body('/attributes/item_name'),
    );
    expect(live.status).toBe(400);
    expect(live.problems).toEqual([]);
  });

  it('a nested path is INVALID with an issue ("Patching nested attributes is not supported")', async () => {
    const r = await send('PATCH', at('SKU-1000'), body('/attributes/item_name/0/value'));
    expect(r.status).toBe(200);
    expect(r.problems).toEqual([]);
    expect(r.body.status).toBe('INVALID');
    expect(r.body.issues).toEqual([
      expect.objectContaining({
        code: '90000900',
        severity: 'ERROR',
        attributeNames: ['/attributes/item_name/0/value'],
      }),
    ]);
  });

  it('an unknown SKU is INVALID: the new listing lacks condition_type', async () => {
    const r = await send('PATCH', at('NO-SUCH-SKU'), body('/attributes/item_name'));
    expect(r.problems).toEqual([]);
    expect(r.body.status).toBe('INVALID');
    expect(r.body.issues).toEqual([
      expect.objectContaining({
        code: '90220',
        attributeNames: ['condition_type'],
        categories: ['MISSING_ATTRIBUTE'],
      }),
    ]);
  });

  it('an op outside the model’s enum is the 400', async () => {
    const r = await send('PATCH', at('SKU-1000'), body('/attributes/item_name', 'move'));
    expect(r.status).toBe(400);
    expect(r.problems).toEqual([]);
  });
});

describe('next pages', () => {
  it('getReports: pageSize 1 gives a nextToken; the token alone gives the next page', async () => {
    const first = await send(
      'GET',
      '/reports/2021-06-30/reports?reportTypes=GET_MERCHANT_LISTINGS_ALL_DATA,GET_FLAT_FILE_ALL_ORDERS_DATA_BY_ORDER_DATE_GENERAL&pageSize=1',
    );
    expect(first.problems).toEqual([]);
    expect((first.body.reports as Body[]).map((r) => r.reportId)).toEqual(['ID323']);
    const token = first.body.nextToken as string;
    expect(token).toEqual(expect.any(String));
    const second = await send('GET', `/reports/2021-06-30/reports?nextToken=${encodeURIComponent(token)}`);
    expect(second.problems).toEqual([]);
    expect((second.body.reports as Body[]).map((r) => r.reportId)).toEqual(['ID324']);
    expect(second.body.nextToken).toBeUndefined();
    const bogus = await send('GET', '/reports/2021-06-30/reports?nextToken=bogus');
    expect(bogus.status).toBe(400);
  });

  it('getReports filters by marketplaceIds and createdSince/createdUntil', async () => {
    const q =
      '/reports/2021-06-30/reports?reportTypes=GET_MERCHANT_LISTINGS_ALL_DATA,GET_FLAT_FILE_ALL_ORDERS_DATA_BY_ORDER_DATE_GENERAL';
    const since = await send(
      'GET',
      `${q}&createdSince=2026-03-02T00:00:00Z&createdUntil=2026-03-03T00:00:00Z`,
    );
    expect((since.body.reports as Body[]).map((r) => r.reportId)).toEqual(['ID324']);
    const elsewhere = await send('GET', `${q}&marketplaceIds=A2EUQ1WTGCTBG2`);
    expect(elsewhere.body.reports).toEqual([]);
  });

  it('getOrderItems: the three-item order answers two pages', async () => {
    const path = '/orders/v0/orders/702-1293822-4486215/orderItems';
    const first = await send('GET', path);
    expect(first.problems).toEqual([]);
    const page1 = first.body.payload as Body;
    expect((page1.OrderItems as Body[]).length).toBe(2);
    const second = await send('GET', `${path}?NextToken=${encodeURIComponent(page1.NextToken as string)}`);
    expect(second.problems).toEqual([]);
    const page2 = second.body.payload as Body;
    expect((page2.OrderItems as Body[]).map((i) => i.Title)).toEqual(['Yoga Strap']);
    expect(page2.NextToken).toBeUndefined();
    // A token of another order is refused.
    const other = await send(
      'GET',
      `/orders/v0/orders/902-3159896-1390916/orderItems?NextToken=${encodeURIComponent(page1.NextToken as string)}`,
    );
    expect(other.status).toBe(400);
  });

  it('Finances: a NextToken gives the next page and only with the arguments it was issued for', async () => {
    const path = '/finances/v0/financialEventGroups/FEG-2026-03-A/financialEvents';
    const first = await send('GET', `${path}?MaxResultsPerPage=1`);
    expect(first.problems).toEqual([]);
    const token = (first.body.payload as Body).NextToken as string;
    expect(token).toEqual(expect.any(String));
    const next = await send('GET', `${path}?MaxResultsPerPage=1&NextToken=${encodeURIComponent(token)}`);
    expect(next.status).toBe(200);
    expect(next.problems).toEqual([]);
    expect(JSON.stringify(next.body)).not.toBe(JSON.stringify(first.body));
    const other = await send('GET', `${path}?MaxResultsPerPage=2&NextToken=${encodeURIComponent(token)}`);
    expect(other.status).toBe(400);
  });

  it('searchCatalogItems: nextToken and previousToken as pageToken', async () => {
    const q = '/catalog/2022-04-01/items?marketplaceIds=ATVPDKIKX0DER&keywords=echo,cable,mouse&pageSize=2';
    const first = await send('GET', q);
    expect(first.problems).toEqual([]);
    expect(first.body.numberOfResults).toBe(3);
    const asins = (b: Body) => (b.items as Body[]).map((i) => i.asin);
    expect(asins(first.body)).toEqual(['B08N5WRWNW', 'B07XJ8C8F5']);
    const next = (first.body.pagination as Body).nextToken as string;
    const second = await send('GET', `${q}&pageToken=${encodeURIComponent(next)}`);
    expect(second.problems).toEqual([]);
    expect(asins(second.body)).toEqual(['B09G9FPHY6']);
    const pagination = second.body.pagination as Body;
    expect(pagination.nextToken).toBeUndefined();
    const back = await send(
      'GET',
      `${q}&pageToken=${encodeURIComponent(pagination.previousToken as string)}`,
    );
    expect(asins(back.body)).toEqual(['B08N5WRWNW', 'B07XJ8C8F5']);
    // A page of none is refused (else paging would never end), as is a search token of another search.
    expect((await send('GET', q.replace('pageSize=2', 'pageSize=0'))).status).toBe(400);
    const changed = await send('GET', `${q.replace('echo,', '')}&pageToken=${encodeURIComponent(next)}`);
    expect(changed.status).toBe(400);
  });
});
