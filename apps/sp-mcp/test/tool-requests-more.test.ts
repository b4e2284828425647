// Listings, catalog, inventory, sellers, solicitations and the identity tools: each request's fields for each
// input shape (the seller a call acts for), the answer an agent reads, the write gate and sandbox values.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptCannedValues, CANNED_VALUE } from '../src/tools/sandbox-schema.js';
import { bare, CA, SELLER, SP, toolHarness, US } from './support/tool-calls.js';

const t = toolHarness();
const use = (...handlers: Parameters<ReturnType<typeof t.mocks>['use']>) => t.mocks().use(...handlers);
const ORDER = '902-3159896-1390916';

describe('listings', () => {
  it('get_listings_item sends every filter and answers the body', async () => {
    use(
      http.get(`${SP}/listings/2021-08-01/items/:seller/:sku`, () =>
        HttpResponse.json({ sku: 'SKU-1000', summaries: [] }),
      ),
    );
    const r = await t.ok('get_listings_item', {
      sku: 'SKU-1000',
      marketplaceIds: [US, CA],
      includedData: ['summaries', 'issues'],
      issueLocale: 'en_US',
    });
    expect(bare(r)).toEqual({ sku: 'SKU-1000', summaries: [] });
    expect(t.sent).toEqual([
      {
        method: 'GET',
        path: `/listings/2021-08-01/items/${SELLER}/SKU-1000`,
        query: { marketplaceIds: `${US},${CA}`, includedData: 'summaries,issues', issueLocale: 'en_US' },
      },
    ]);
  });

  it('get_listings_item with no seller anywhere: refused before any request, naming sellerId', async () => {
    const env = await t.refused(
      'get_listings_item',
      { sku: 'SKU-1000', marketplaceIds: [US] },
      { SP_API_SELLER_ID: '' },
    );
    expect(env).toMatchObject({
      error_code: 'INPUT_VALIDATION_FAILED',
      details: [{ path: 'sellerId', issue: 'missing and no default configured' }],
    });
    expect(t.sent).toEqual([]);
  });

  it('patch_listings_item: the seller given, mode and includedData in the query, product type and patches in the body', async () => {
    const patches = [
      { op: 'replace', path: '/attributes/item_name', value: [{ value: 'Echo', marketplace_id: US }] },
    ];
    await t.call('patch_listings_item', {
      sellerId: 'A3OTHERSELLER',
      sku: 'SKU 1/2',
      marketplaceIds: [US],
      productType: 'SPEAKERS',
      patches,
      mode: 'VALIDATION_PREVIEW',
      includedData: ['identifiers', 'issues'],
      issueLocale: 'de_DE',
    });
    expect(t.sent).toEqual([
      {
        method: 'PATCH',
        path: '/listings/2021-08-01/items/A3OTHERSELLER/SKU%201%2F2',
        query: {
          marketplaceIds: US,
          mode: 'VALIDATION_PREVIEW',
          includedData: 'identifiers,issues',
          issueLocale: 'de_DE',
        },
        body: { productType: 'SPEAKERS', patches },
      },
    ]);
  });

  it('patch_listings_item takes one marketplace and at most 100 patches', async () => {
    const base = { sku: 'S', productType: 'SPEAKERS', patches: [{ op: 'delete', path: '/attributes/a' }] };
    expect(
      (await t.refused('patch_listings_item', { ...base, marketplaceIds: [US, CA] })).details[0]?.path,
    ).toBe('marketplaceIds');
    const many = Array.from({ length: 101 }, () => ({ op: 'delete', path: '/attributes/a' }));
    expect(
      (await t.refused('patch_listings_item', { ...base, marketplaceIds: [US], patches: many })).details[0]
        ?.path,
    ).toBe('patches');
    expect(t.sent).toEqual([]);
  });
});

describe('catalog items', () => {
  it('search_catalog_items sends every filter; an ASIN search names no seller even when one is given', async () => {
    use(
      http.get(`${SP}/catalog/2022-04-01/items`, () => HttpResponse.json({ numberOfResults: 0, items: [] })),
    );
    const r = await t.ok('search_catalog_items', {
      marketplaceIds: [US],
      identifiers: ['B08N5WRWNW'],
      identifiersType: 'ASIN',
      includedData: ['summaries', 'salesRanks'],
      locale: 'en_US',
      pageSize: 20,
      pageToken: 'pt',
    });
    expect(bare(r)).toEqual({ numberOfResults: 0, items: [] });
    expect(t.sent[0]?.query).toEqual({
      marketplaceIds: US,
      identifiers: 'B08N5WRWNW',
      identifiersType: 'ASIN',
      includedData: 'summaries,salesRanks',
      locale: 'en_US',
      pageSize: '20',
      pageToken: 'pt',
    });
  });

  it('search_catalog_items: keyword filters as given; pageSize 21 refused', async () => {
    await t.call('search_catalog_items', {
      marketplaceIds: [US],
      keywords: ['echo', 'dot'],
      brandNames: ['Amazon'],
      classificationIds: ['123'],
      keywordsLocale: 'en_US',
    });
    expect(t.sent[0]?.query).toEqual({
      marketplaceIds: US,
      keywords: 'echo,dot',
      brandNames: 'Amazon',
      classificationIds: '123',
      keywordsLocale: 'en_US',
    });
    t.sent.length = 0;
    expect(
      (await t.refused('search_catalog_items', { marketplaceIds: [US], keywords: ['x'], pageSize: 21 }))
        .details[0]?.path,
    ).toBe('pageSize');
    expect(t.sent).toEqual([]);
  });

  it('a SKU search with no seller anywhere is refused before any request', async () => {
    const env = await t.refused(
      'search_catalog_items',
      { marketplaceIds: [US], identifiers: ['SKU-1'], identifiersType: 'SKU' },
      { SP_API_SELLER_ID: '' },
    );
    expect(env.details[0]?.path).toBe('sellerId');
    expect(t.sent).toEqual([]);
  });

  it('get_catalog_item sends the ASIN, marketplaces, data sets and locale; answers the body', async () => {
    use(http.get(`${SP}/catalog/2022-04-01/items/:asin`, () => HttpResponse.json({ asin: 'B08N5WRWNW' })));
    const r = await t.ok('get_catalog_item', {
      asin: 'B08N5WRWNW',
      marketplaceIds: [US],
      includedData: ['images'],
      locale: 'fr_FR',
    });
    expect(bare(r)).toEqual({ asin: 'B08N5WRWNW' });
    expect(t.sent).toEqual([
      {
        method: 'GET',
        path: '/catalog/2022-04-01/items/B08N5WRWNW',
        query: { marketplaceIds: US, includedData: 'images', locale: 'fr_FR' },
      },
    ]);
  });
});

describe('inventory', () => {
  it('get_inventory_summaries: start date and token as given; Amazon’s granularity wins over the default', async () => {
    use(
      http.get(`${SP}/fba/inventory/v1/summaries`, () =>
        HttpResponse.json({
          payload: {
            granularity: { granularityType: 'Marketplace', granularityId: 'X' },
            inventorySummaries: 'no',
          },
          pagination: { nextToken: 4 },
        }),
      ),
    );
    const r = await t.ok('get_inventory_summaries', {
      marketplaceId: US,
      startDateTime: '2026-03-01T00:00:00Z',
      nextToken: 'n1',
    });
    expect(bare(r)).toEqual({
      granularity: { granularityType: 'Marketplace', granularityId: 'X' },
      inventorySummaries: [],
    });
    expect(t.sent).toEqual([
      {
        method: 'GET',
        path: '/fba/inventory/v1/summaries',
        query: {
          granularityType: 'Marketplace',
          granularityId: US,
          marketplaceIds: US,
          startDateTime: '2026-03-01T00:00:00Z',
          nextToken: 'n1',
        },
      },
    ]);
  });

  it('get_inventory_summaries: no granularity in the answer → the marketplace asked for', async () => {
    use(http.get(`${SP}/fba/inventory/v1/summaries`, () => HttpResponse.json({})));
    expect(bare(await t.ok('get_inventory_summaries', { marketplaceId: CA, details: false }))).toEqual({
      granularity: { granularityType: 'Marketplace', granularityId: CA },
      inventorySummaries: [],
    });
    expect(t.sent[0]?.query.details).toBe('false');
  });

  it('get_inventory_summaries: 50 SKUs are sent, 51 refused', async () => {
    const skus = Array.from({ length: 51 }, (_, i) => `S${i}`);
    await t.call('get_inventory_summaries', { marketplaceId: US, sellerSkus: skus.slice(0, 50) });
    expect(t.sent[0]?.query.sellerSkus?.split(',')).toHaveLength(50);
    t.sent.length = 0;
    expect(
      (await t.refused('get_inventory_summaries', { marketplaceId: US, sellerSkus: skus })).details[0]?.path,
    ).toBe('sellerSkus');
    expect(t.sent).toEqual([]);
  });
});

describe('sellers', () => {
  it('get_marketplace_participations answers the payload list', async () => {
    use(
      http.get(`${SP}/sellers/v1/marketplaceParticipations`, () =>
        HttpResponse.json({ payload: [{ marketplace: { id: US } }] }),
      ),
    );
    expect(bare(await t.ok('get_marketplace_participations', {}))).toEqual({
      participations: [{ marketplace: { id: US } }],
    });
  });
});

describe('request_review', () => {
  const actions = (names: unknown[]) =>
    use(
      http.get(`${SP}/solicitations/v1/orders/:id`, () =>
        HttpResponse.json({ _links: { actions: names.map((name) => ({ href: '/x', name })) } }),
      ),
    );

  it('asks which actions the order allows, then sends the request: sent true on 201', async () => {
    actions(['productReviewAndSellerFeedback']);
    use(
      http.post(
        `${SP}/solicitations/v1/orders/:id/solicitations/productReviewAndSellerFeedback`,
        () => new HttpResponse(null, { status: 201 }),
      ),
    );
    const r = await t.ok('request_review', { orderId: ORDER, marketplaceId: CA });
    expect(bare(r)).toEqual({ orderId: ORDER, marketplaceId: CA, sent: true, status: 201 });
    expect(t.sent.map((s) => ({ method: s.method, path: s.path, query: s.query }))).toEqual([
      { method: 'GET', path: `/solicitations/v1/orders/${ORDER}`, query: { marketplaceIds: CA } },
      {
        method: 'POST',
        path: `/solicitations/v1/orders/${ORDER}/solicitations/productReviewAndSellerFeedback`,
        query: { marketplaceIds: CA },
      },
    ]);
  });

  it('another 2xx is reported as not sent, with its status', async () => {
    actions(['productReviewAndSellerFeedback']);
    use(
      http.post(
        `${SP}/solicitations/v1/orders/:id/solicitations/productReviewAndSellerFeedback`,
        () => new HttpResponse(null, { status: 200 }),
      ),
    );
    expect(bare(await t.ok('request_review', { orderId: ORDER, marketplaceId: US }))).toMatchObject({
      sent: false,
      status: 200,
    });
  });

  it('not eligible: refused with what Amazon offers, nothing sent', async () => {
    actions(['other', 7, 'more']);
    const env = await t.refused('request_review', { orderId: ORDER, marketplaceId: US });
    expect(env).toMatchObject({
      error_code: 'INPUT_VALIDATION_FAILED',
      summary: `Order ${ORDER} cannot get a review request now (Amazon offers: other, more).`,
      details: [
        {
          path: 'orderId',
          issue: 'not eligible for productReviewAndSellerFeedback',
          received_type: 'string',
        },
      ],
      hints: ['Amazon allows one request per order, 5-30 days after delivery; try another order or later.'],
    });
    expect(t.sent.map((s) => s.method)).toEqual(['GET']);
  });

  it('no actions at all: "none"', async () => {
    use(http.get(`${SP}/solicitations/v1/orders/:id`, () => HttpResponse.json({ _links: {} })));
    const env = await t.refused('request_review', { orderId: ORDER, marketplaceId: US });
    expect(env.summary).toBe(`Order ${ORDER} cannot get a review request now (Amazon offers: none).`);
  });
});

describe('identities and regions', () => {
  let file = '';
  beforeAll(() => {
    const dir = mkdtempSync(join(tmpdir(), 'sp-identities-'));
    file = join(dir, 'identities.json');
    writeFileSync(
      file,
      JSON.stringify({
        identities: [
          {
            id: 'us-main',
            name: 'US',
            sellerId: 'A1USSELLER01',
            region: 'na',
            refreshToken: 'Atzr|us-secret',
          },
          {
            id: 'eu-shop',
            name: 'EU',
            sellerId: 'A1EUSELLER01',
            region: 'eu',
            refreshToken: 'Atzr|eu-secret',
          },
        ],
      }),
    );
  });
  const env = () => ({ SP_API_IDENTITIES_FILE: file, SP_API_REFRESH_TOKEN: '' });

  it('list_identities: each identity without its secret, and the active one', async () => {
    const r = await t.ok('list_identities', {}, env());
    expect(r.activeIdentityId).toBe('us-main');
    expect(r.identities.map((i: { id: string }) => i.id)).toEqual(['us-main', 'eu-shop']);
    expect(JSON.stringify(r)).not.toContain('secret');
  });

  it('set_active_identity: the identity’s region, endpoint and seller apply to later calls', async () => {
    const server = t.server(env());
    const r = await server.ok('set_active_identity', { identityId: 'eu-shop' });
    expect(bare(r)).toEqual({
      region: 'eu',
      sandbox: false,
      endpoint: 'https://sellingpartnerapi-eu.amazon.com',
      activeIdentityId: 'eu-shop',
      verified: true,
    });
    expect(bare(await server.ok('get_region', {}))).toEqual({
      region: 'eu',
      sandbox: false,
      endpoint: 'https://sellingpartnerapi-eu.amazon.com',
      activeIdentityId: 'eu-shop',
    });
  });

  it('set_active_identity with an unknown id: refused with the close one and the valid ids', async () => {
    const env2 = await t.refused('set_active_identity', { identityId: 'eu-shpo' }, env());
    expect(env2).toMatchObject({
      error_code: 'SCHEMA_IDENTITY_NOT_FOUND',
      summary: "Identity 'eu-shpo' is not configured.",
      details: [
        {
          path: 'identityId',
          issue: 'unknown identity; known: us-main, eu-shop',
          received_type: 'string',
          field: 'identityId',
          did_you_mean: ['eu-shop'],
        },
      ],
      hints: [
        "Did you mean identityId='eu-shop'? Got 'eu-shpo'.",
        'Valid identityId values: [us-main, eu-shop].',
      ],
    });
  });

  it('set_active_identity far from any id: only the valid ids', async () => {
    const env2 = await t.refused('set_active_identity', { identityId: 'zzzzzzzzzzzz' }, env());
    expect(env2.hints).toEqual(['Valid identityId values: [us-main, eu-shop].']);
  });

  it('set_region switches the endpoint; a later identity switch resets it to the identity’s region', async () => {
    const server = t.server(env());
    expect(bare(await server.ok('set_region', { region: 'fe' }))).toEqual({
      region: 'fe',
      sandbox: false,
      endpoint: 'https://sellingpartnerapi-fe.amazon.com',
      activeIdentityId: 'us-main',
    });
    expect((await server.ok('set_active_identity', { identityId: 'us-main' })).region).toBe('na');
  });

  it('an identity whose token is named by refreshTokenEnv reads it from the server’s environment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sp-token-env-'));
    const withEnvToken = join(dir, 'identities.json');
    writeFileSync(
      withEnvToken,
      JSON.stringify({
        identities: [{ id: 'env-shop', region: 'eu', refreshTokenEnv: 'SHOP_REFRESH_TOKEN' }],
      }),
    );
    const r = await t.ok(
      'list_identities',
      {},
      { SP_API_IDENTITIES_FILE: withEnvToken, SP_API_REFRESH_TOKEN: '', SHOP_REFRESH_TOKEN: 'Atzr|shop' },
    );
    expect(r.identities.map((i: { id: string }) => i.id)).toEqual(['env-shop']);
    expect(r.activeIdentityId).toBe('env-shop');
    expect(JSON.stringify(r)).not.toContain('Atzr|shop');
  });

  it('with 13 identities an unknown id’s refusal names the first 10 in its detail, the first 12 in its hint', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sp-many-identities-'));
    const many = join(dir, 'identities.json');
    const ids = Array.from({ length: 13 }, (_, i) => `shop-${String(i + 1).padStart(2, '0')}`);
    writeFileSync(
      many,
      JSON.stringify({ identities: ids.map((id) => ({ id, refreshToken: `Atzr|${id}` })) }),
    );
    const refusal = await t.refused(
      'set_active_identity',
      { identityId: 'zzzzzzzzzzzz' },
      { SP_API_IDENTITIES_FILE: many, SP_API_REFRESH_TOKEN: '' },
    );
    expect(refusal.details[0]?.issue).toBe(`unknown identity; known: ${ids.slice(0, 10).join(', ')}`);
    expect(refusal.hints).toEqual([`Valid identityId values: [${ids.slice(0, 12).join(', ')}].`]);
  });

  it('with no identity configured, set_active_identity takes the id as given, unverified', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sp-no-identities-'));
    const empty = join(dir, 'identities.json');
    writeFileSync(empty, JSON.stringify({ identities: [] }));
    const server = t.server({ SP_API_IDENTITIES_FILE: empty, SP_API_REFRESH_TOKEN: '' });
    expect(bare(await server.ok('list_identities', {}))).toEqual({ identities: [], activeIdentityId: null });
    expect(bare(await server.ok('set_active_identity', { identityId: 'anyone' }))).toEqual({
      region: 'na',
      sandbox: false,
      endpoint: SP,
      activeIdentityId: 'anyone',
      verified: false,
    });
  });

  it('get_region shows a proxy endpoint without its password', async () => {
    const r = await t.ok('get_region', {}, { SP_API_ENDPOINT: 'https://user:pw@proxy.example.com' });
    expect(r.endpoint).toBe('https://***@proxy.example.com');
  });
});

describe('the write gate and sandbox mode', () => {
  it('without SP_API_ENABLE_WRITES the write tools are unknown; the reads answer', async () => {
    for (const name of [
      'patch_listings_item',
      'create_feed_document',
      'create_feed',
      'submit_feed',
      'request_review',
    ]) {
      const env = await t.refused(name, {}, { SP_API_ENABLE_WRITES: 'false' });
      expect(env.error_code).toBe('TOOL_NOT_FOUND');
    }
    expect(await t.ok('get_feed', { feedId: '50002' }, { SP_API_ENABLE_WRITES: 'false' })).toMatchObject({
      feedId: '50002',
    });
  });

  it('in sandbox mode a canned value passes a date-time and an id pattern; outside it is refused', async () => {
    const sandbox = { SP_API_SANDBOX: 'true' };
    const outcome = await t.call('get_order', { orderId: 'TEST_CASE_200' }, sandbox);
    expect(outcome.ok && (outcome.value as { order: { OrderStatus: string } }).order.OrderStatus).toBe(
      'Unshipped',
    );
    const env = await t.refused('get_order', { orderId: 'TEST_CASE_200' });
    expect(env.details[0]?.path).toBe('orderId');
    expect(t.sent).toEqual([]);
  });

  it('acceptCannedValues: date-times and patterns gain the canned form, enums and examples stay', () => {
    const schema = {
      type: 'object',
      properties: {
        at: { type: 'string', format: 'date-time' },
        id: { type: 'string', pattern: '^\\d{3}$' },
        list: { type: 'array', items: [{ type: 'string', pattern: 'a|b' }] },
        kind: { type: 'string', enum: ['x'] },
        plain: { type: 'string' },
        n: { type: 'integer', pattern: 'no' },
      },
      examples: [{ at: '2026-03-01T00:00:00Z' }],
    };
    const out = acceptCannedValues(schema);
    expect(out).toEqual({
      type: 'object',
      properties: {
        at: {
          type: 'string',
          pattern: `${CANNED_VALUE}|^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$`,
        },
        id: { type: 'string', pattern: `${CANNED_VALUE}|(?:^\\d{3}$)` },
        list: { type: 'array', items: [{ type: 'string', pattern: `${CANNED_VALUE}|(?:a|b)` }] },
        kind: { type: 'string', enum: ['x'] },
        plain: { type: 'string' },
        n: { type: 'integer', pattern: 'no' },
      },
      examples: [{ at: '2026-03-01T00:00:00Z' }],
    });
    expect(schema.properties.at).toEqual({ type: 'string', format: 'date-time' });
    const at = new RegExp((out.properties.at as { pattern?: string }).pattern ?? '');
    expect(
      ['TEST_CASE_200', '2026-03-01T00:00:00Z', '2026-03-01T00:00:00.5+05:30'].every((v) => at.test(v)),
    ).toBe(true);
    expect(['2026-03-01', 'TEST_CASE_', 'x2026-03-01T00:00:00Z'].some((v) => at.test(v))).toBe(false);
  });
});
