// The SP mock's severity-3 audit items (sp-faithfulness.md, "Mock"): (1) getOrders accepts the delivery-date
// filters the model defines and filters by them; (2) enums and maxItems are enforced, prose-only ones
// included; (4) pricing payloads are valid against productPricingV0.json. Each probe is the audit's own.
import { afterAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { sendSp } from './support/spec-calls.js';

const server = startMockServer();
afterAll(() => server.close());

type OrdersBody = { payload?: Record<string, unknown> & { Orders?: Array<{ AmazonOrderId: string }> } };

async function send(method: string, path: string, body?: unknown) {
  const r = await sendSp(method, path, body);
  return { ...r, body: r.body as OrdersBody };
}

const V0 = '/orders/v0/orders?MarketplaceIds=ATVPDKIKX0DER&CreatedAfter=2020-01-01T00:00:00Z';
const ids = (r: Awaited<ReturnType<typeof send>>) =>
  (r.body.payload?.Orders ?? []).map((o) => o.AmazonOrderId);

describe('(1) getOrders: Earliest/LatestDeliveryDate filters (ordersV0.json parameters 18-21)', () => {
  it("are accepted and select by the orders' delivery dates (inclusive bounds)", async () => {
    const all = await send('GET', V0);
    expect(ids(all)).toHaveLength(4);
    const late = await send('GET', `${V0}&EarliestDeliveryDateAfter=2026-03-06T00:00:00Z`);
    expect(late.status).toBe(200);
    expect(late.problems).toEqual([]);
    expect(ids(late)).toEqual(['114-2048815-9021145', '111-0573321-6610762']);
    const early = await send('GET', `${V0}&LatestDeliveryDateBefore=2026-03-08T00:00:00Z`);
    expect(ids(early)).toEqual(['902-3159896-1390916']);
    const both = await send(
      'GET',
      `${V0}&EarliestDeliveryDateBefore=2026-03-05T07:00:00Z&LatestDeliveryDateAfter=2026-03-08T06:59:59Z`,
    );
    expect(ids(both)).toEqual(['113-7782341-5526704']);
  });

  it('a value that is no ISO 8601 date gets the 400', async () => {
    const r = await send('GET', `${V0}&EarliestDeliveryDateAfter=yesterday`);
    expect(r.status).toBe(400);
    expect(r.problems).toEqual([]);
  });
});

describe("(2) enums and maxItems: the audit's probes now get the 400", () => {
  const patch = (op: string) => ({
    productType: 'SPEAKERS',
    patches: [{ op, path: '/attributes/item_name', value: [{ value: 'Echo' }] }],
  });
  const probes: Array<[string, string, string, unknown?]> = [
    ['OrderStatuses=Bogus (values given in prose)', 'GET', `${V0}&OrderStatuses=Shipped,Bogus`],
    ['FulfillmentChannels=XFN (values given in prose)', 'GET', `${V0}&FulfillmentChannels=XFN`],
    ['MaxResultsPerPage=101 ("Value must be 1 - 100")', 'GET', `${V0}&MaxResultsPerPage=101`],
    ['processingStatuses=BOGUS', 'GET', '/reports/2021-06-30/reports?processingStatuses=BOGUS'],
    [
      '11 reportTypes (maxItems 10)',
      'GET',
      `/reports/2021-06-30/reports?reportTypes=${Array.from({ length: 11 }, (_, i) => `T${i}`).join(',')}`,
    ],
    [
      'includedData=bogus on getCatalogItem',
      'GET',
      '/catalog/2022-04-01/items/B08N5WRWNW?marketplaceIds=ATVPDKIKX0DER&includedData=bogus',
    ],
    [
      'includedData=bogus on getListingsItem',
      'GET',
      '/listings/2021-08-01/items/A2MOCKSELLER01/SKU-1000?marketplaceIds=ATVPDKIKX0DER&includedData=bogus',
    ],
    [
      'CustomerType=bogus on getItemOffers',
      'GET',
      '/products/pricing/v0/items/B08N5WRWNW/offers?MarketplaceId=ATVPDKIKX0DER&ItemCondition=New&CustomerType=bogus',
    ],
    [
      'patch op "bogus"',
      'PATCH',
      '/listings/2021-08-01/items/A2MOCKSELLER01/SKU-1000?marketplaceIds=ATVPDKIKX0DER',
      patch('bogus'),
    ],
  ];
  for (const [why, method, path, body] of probes) {
    it(why, async () => {
      const r = await send(method, path, body);
      expect(r.status).toBe(400);
      expect(r.problems).toEqual([]);
    });
  }

  it('the documented values still pass', async () => {
    const r = await send(
      'GET',
      `${V0}&OrderStatuses=Shipped,Unshipped&FulfillmentChannels=AFN&MaxResultsPerPage=100`,
    );
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual(['902-3159896-1390916', '114-2048815-9021145']);
    const ok = await send(
      'PATCH',
      '/listings/2021-08-01/items/A2MOCKSELLER01/SKU-1000?marketplaceIds=ATVPDKIKX0DER',
      patch('replace'),
    );
    expect(ok.status).toBe(200);
  });
});

describe('(4) pricing payloads are valid against the model', () => {
  it('getItemOffers offers carry ShippingTime; getPricing offers carry ItemSubCondition (ASIN and SKU)', async () => {
    const offers = await send(
      'GET',
      '/products/pricing/v0/items/B08N5WRWNW/offers?MarketplaceId=ATVPDKIKX0DER&ItemCondition=New&CustomerType=Consumer',
    );
    expect(offers.status).toBe(200);
    expect(offers.problems).toEqual([]);
    for (const query of ['ItemType=Asin&Asins=B08N5WRWNW,B07XJ8C8F5', 'ItemType=Sku&Skus=SKU-1000']) {
      const price = await send('GET', `/products/pricing/v0/price?MarketplaceId=ATVPDKIKX0DER&${query}`);
      expect(price.status, query).toBe(200);
      expect(price.problems, query).toEqual([]);
    }
  });
});
