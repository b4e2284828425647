// Restricted-data tokens over stdio against the mocks: fetched through the pipeline, cached per resource,
// PII only with them, a missing role → auth_error naming it, and the RDT itself never leaves the server.
import { callTool, type TestServer, type ToolCallOutcome } from '@obmcp/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSp } from './helpers.js';

const TOKENS = '/tokens/2021-03-01/restrictedDataToken';
const SHIPPED = '902-3159896-1390916';
const UNSHIPPED = '113-7782341-5526704';
const PII_DOC = 'amzn1.spdoc.1.4.na.seed-pii';

/** Every text a client or an operator could see: results, envelopes, _meta, and the stderr log. */
const seen: string[] = [];

async function call(sp: TestServer, name: string, args: Record<string, unknown>): Promise<ToolCallOutcome> {
  const out = await callTool(sp.client, name, args);
  seen.push(out.text, JSON.stringify(out.raw));
  return out;
}

// biome-ignore lint/suspicious/noExplicitAny: free-form upstream bodies in assertions
type Body = Record<string, any>;

async function ok(sp: TestServer, name: string, args: Record<string, unknown>): Promise<Body> {
  const out = await call(sp, name, args);
  expect(out.envelope, JSON.stringify(out.envelope)).toBeUndefined();
  return out.result as Body;
}

const tokenCalls = (sp: TestServer) =>
  sp.upstreamRequests().filter((r) => r.method === 'POST' && new URL(r.url).pathname === TOKENS);
const resourcesOf = (body: string | undefined) =>
  (JSON.parse(body ?? '{}') as { restrictedResources: Array<{ path: string; dataElements?: string[] }> })
    .restrictedResources;

describe('RDTs for a seller whose application has the restricted roles', () => {
  let sp: TestServer;
  beforeAll(async () => {
    sp = await startSp({ OBMCP_LOG_LEVEL: 'debug', SP_API_TOOLSETS: 'curated,orders,reports' }, true);
  });
  afterAll(async () => {
    seen.push(sp?.stderr() ?? '');
    await sp?.close();
  });

  it('get_order twice: one token call for the generic path, PII present', async () => {
    const first = await ok(sp, 'get_order', { orderId: SHIPPED });
    const second = await ok(sp, 'get_order', { orderId: UNSHIPPED });
    expect(first.order.ShippingAddress.Name).toBe('Mock Buyer One');
    expect(first.order.BuyerInfo.BuyerName).toBe('Mock Buyer One');
    expect(second.order.ShippingAddress.AddressLine1).toBe('22 Sample Avenue');
    const tokens = tokenCalls(sp);
    expect(tokens).toHaveLength(1);
    expect(resourcesOf(tokens[0]?.body)).toEqual([
      {
        method: 'GET',
        path: '/orders/v0/orders/{orderId}',
        dataElements: ['buyerInfo', 'shippingAddress', 'buyerTaxInformation'],
      },
    ]);
    const orderCalls = sp
      .upstreamRequests()
      .filter((r) => new URL(r.url).pathname.startsWith('/orders/v0/orders/'));
    expect(orderCalls).toHaveLength(2);
  });

  it('get_orders and get_order_items ask for their own resources (cached per path and dataElements)', async () => {
    const list = await ok(sp, 'get_orders', {
      marketplaceIds: ['ATVPDKIKX0DER'],
      createdAfter: '2026-03-01T00:00:00Z',
    });
    expect(
      list.orders.find((o: { AmazonOrderId: string }) => o.AmazonOrderId === UNSHIPPED).BuyerInfo,
    ).toEqual(expect.objectContaining({ PurchaseOrderNumber: 'PO-MOCK-0002' }));
    const items = await ok(sp, 'get_order_items', { orderId: UNSHIPPED });
    expect(items.orderItems[0].BuyerInfo.GiftMessageText).toBe('Happy birthday!');
    const paths = tokenCalls(sp).map((t) => resourcesOf(t.body)[0]?.path);
    expect(paths).toEqual([
      '/orders/v0/orders/{orderId}',
      '/orders/v0/orders',
      '/orders/v0/orders/{orderId}/orderItems',
    ]);
  });

  it('a generated restricted tool (get_order_address) goes through the same table', async () => {
    const r = await ok(sp, 'get_order_address', { orderId: SHIPPED });
    expect(r.payload.ShippingAddress.Name).toBe('Mock Buyer One');
    expect(tokenCalls(sp).map((t) => resourcesOf(t.body)[0]?.path)).toContain(
      '/orders/v0/orders/{orderId}/address',
    );
  });

  it('a restricted report type: the document is fetched with an RDT for its specific path', async () => {
    const report = await ok(sp, 'get_report', { reportId: 'ID325' });
    expect(report.reportDocumentId).toBe(PII_DOC);
    const doc = await ok(sp, 'get_report_document', { reportDocumentId: PII_DOC });
    expect(doc.content).toContain('Mock Buyer Two');
    expect(doc.reportType).toBe('GET_FLAT_FILE_ACTIONABLE_ORDER_DATA_SHIPPING');
    expect(tokenCalls(sp).map((t) => resourcesOf(t.body)[0]?.path)).toContain(
      `/reports/2021-06-30/documents/${PII_DOC}`,
    );
  });

  it('an unrestricted report document needs no RDT', async () => {
    const before = tokenCalls(sp).length;
    const doc = await ok(sp, 'get_report_document', { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-gzip' });
    expect(doc.content).toContain('SKU-1000');
    expect(tokenCalls(sp)).toHaveLength(before);
  });

  it('S2-3: report text is decoded in the charset of the download (windows-1252, Shift_JIS)', async () => {
    const latin = await ok(sp, 'get_report_document', { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-cp1252' });
    expect(latin.content).toContain('Café crème – 5€');
    expect(latin.charset).toBe('windows-1252');
    const sjis = await ok(sp, 'get_report_document', { reportDocumentId: 'amzn1.spdoc.1.4.na.seed-sjis' });
    expect(sjis.content).toContain('日本茶');
    expect(sjis.charset).toBe('shift_jis');
  });

  it('S2-1: the v0 order tools say PII needs an RDT and point to search_orders', async () => {
    const { tools } = await sp.client.listTools();
    for (const name of ['get_orders', 'get_order']) {
      const description = tools.find((t) => t.name === name)?.description ?? '';
      expect(description).toMatch(/restricted-data token/);
      expect(description).toMatch(/search_orders with includedData BUYER\/RECIPIENT/);
    }
  });
});

describe('RDTs refused or switched off', () => {
  it('no restricted role: auth_error naming the roles, never an order without its PII', async () => {
    const sp = await startSp({ SP_API_REFRESH_TOKEN: 'mock-sp-refresh-token-no-pii-role' }, true);
    try {
      const out = await call(sp, 'get_order', { orderId: SHIPPED });
      expect(out.envelope?.error_kind).toBe('auth_error');
      expect(out.envelope?.retryable).toBe(false);
      expect(out.envelope?.hints.join(' ')).toMatch(/Direct-to-Consumer Shipping \(Restricted\)/);
      expect(JSON.stringify(out.envelope?.details)).toMatch(
        /does not have access to one or more requested data elements/,
      );
      const doc = await call(sp, 'get_report_document', {
        reportDocumentId: PII_DOC,
        reportType: 'GET_FLAT_FILE_ACTIONABLE_ORDER_DATA_SHIPPING',
      });
      expect(doc.envelope?.error_kind).toBe('auth_error');
      expect(doc.envelope?.hints.join(' ')).toMatch(/Direct-to-Consumer Shipping \(Restricted\)/);
      seen.push(sp.stderr());
    } finally {
      await sp.close();
    }
  });

  it('a role for some data elements only: the rest is granted and the withheld ones are named in _meta', async () => {
    const sp = await startSp({ SP_API_REFRESH_TOKEN: 'mock-sp-refresh-token-shipping-role-only' }, true);
    try {
      const r = await ok(sp, 'get_order', { orderId: SHIPPED });
      expect(r.order.ShippingAddress.Name).toBe('Mock Buyer One');
      expect(r.order.BuyerInfo).toBeUndefined();
      const warning = r._meta.warnings.find((w: { kind: string }) => w.kind === 'partial_results');
      expect(warning.summary).toMatch(/buyerInfo, buyerTaxInformation/);
      const bodies = tokenCalls(sp).map((t) => resourcesOf(t.body)[0]?.dataElements);
      expect(bodies).toEqual([['buyerInfo', 'shippingAddress', 'buyerTaxInformation'], ['shippingAddress']]);
      seen.push(sp.stderr());
    } finally {
      await sp.close();
    }
  });

  it('SP_API_RESTRICTED_DATA_TOKENS=false: no token call, PII withheld and said so in _meta', async () => {
    const sp = await startSp({ SP_API_RESTRICTED_DATA_TOKENS: 'false' }, true);
    try {
      const r = await ok(sp, 'get_order', { orderId: SHIPPED });
      expect(r.order.ShippingAddress).toEqual({
        City: 'SEATTLE',
        StateOrRegion: 'WA',
        PostalCode: '98101-1234',
        CountryCode: 'US',
      });
      expect(r._meta.warnings[0].kind).toBe('partial_results');
      expect(r._meta.warnings[0].summary).toMatch(/SP_API_RESTRICTED_DATA_TOKENS=false/);
      // A restricted report document without an RDT: the API's 403.
      const doc = await call(sp, 'get_report_document', { reportDocumentId: PII_DOC });
      expect(doc.envelope?.error_kind).toBe('auth_error');
      expect(doc.envelope?.hints[0]).toMatch(/pass reportType/);
      expect(tokenCalls(sp)).toHaveLength(0);
      seen.push(sp.stderr());
    } finally {
      await sp.close();
    }
  });
});

describe('canary', () => {
  it('no RDT ever appears in a result, an envelope, _meta or the log', () => {
    const all = seen.join('\n');
    expect(all.length).toBeGreaterThan(1000);
    expect(all).not.toMatch(/Atz\.sprdt\|/);
  });
});
