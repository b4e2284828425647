// Product Fees v0 mock: requests checked as the model and docs say (required fields, enums, the batch of at
// most 20), estimates whose total is the sum of their FinalFees in the request's currency, per-item
// ClientErrors in a batch, and every answer valid against productFeesV0.json.
import { afterAll, describe, expect, it } from 'vitest';
import { startMockServer } from '../src/index.js';
import { checkResponse, loadOperation, matchRoute } from '../src/spec/index.js';
import { authHeaders, readBody, SP_BASE } from './support/spec-calls.js';

const server = startMockServer();
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: free-form upstream bodies in assertions
type Free = any;
type Obj = Record<string, Free>;
const US = 'ATVPDKIKX0DER';
const FE_BASE = 'https://sellingpartnerapi-fe.amazon.com';

async function post(path: string, body: unknown, base = SP_BASE) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...authHeaders('sp-api'), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const parsed = (await readBody(res)) as Free;
  const hit = matchRoute('sp-api', 'POST', path.split('?')[0] ?? path);
  if (!hit) throw new Error(`no operation for ${path}`);
  const op = await loadOperation(hit.route);
  const problems = checkResponse(op, res.status, res.headers.get('content-type'), parsed);
  return { status: res.status, body: parsed, problems, rate: res.headers.get('x-amzn-ratelimit-limit') };
}

function request(
  price: number,
  opts: { currency?: string; marketplace?: string; fba?: boolean; shipping?: number } = {},
) {
  const currency = opts.currency ?? 'USD';
  return {
    MarketplaceId: opts.marketplace ?? US,
    IsAmazonFulfilled: opts.fba ?? true,
    PriceToEstimateFees: {
      ListingPrice: { CurrencyCode: currency, Amount: price },
      ...(opts.shipping === undefined ? {} : { Shipping: { CurrencyCode: currency, Amount: opts.shipping } }),
    },
    Identifier: `req-${price}`,
  };
}

/** Sum of FinalFee in minor units (what TotalFeesEstimate must equal). */
const sumOfFinalFees = (estimate: Obj, minor = 100) =>
  (estimate.FeeDetailList as Obj[]).reduce((n, d) => n + Math.round(d.FinalFee.Amount * minor), 0);

describe('getMyFeesEstimateForASIN / ForSKU', () => {
  it('answers an estimate whose total is the sum of its FinalFees, in the request currency', async () => {
    const r = await post('/products/fees/v0/items/B08N5WRWNW/feesEstimate', {
      FeesEstimateRequest: request(40, { shipping: 10 }),
    });
    expect(r.status).toBe(200);
    expect(r.problems).toEqual([]);
    expect(r.rate).toBe('1.0');
    const result = r.body.payload.FeesEstimateResult;
    expect(result.Status).toBe('Success');
    expect(result.FeesEstimateIdentifier).toMatchObject({
      MarketplaceId: US,
      IdType: 'ASIN',
      IdValue: 'B08N5WRWNW',
      SellerInputIdentifier: 'req-40',
      IsAmazonFulfilled: true,
    });
    const estimate = result.FeesEstimate;
    expect(estimate.TotalFeesEstimate.CurrencyCode).toBe('USD');
    expect(Math.round(estimate.TotalFeesEstimate.Amount * 100)).toBe(sumOfFinalFees(estimate));
    const fee = (type: string) => (estimate.FeeDetailList as Obj[]).find((d) => d.FeeType === type);
    // 15% of price plus shipping; the FBA fee only for Amazon-fulfilled offers.
    expect(fee('ReferralFee')?.FinalFee).toEqual({ CurrencyCode: 'USD', Amount: 7.5 });
    expect(fee('FBAFees')?.FinalFee.Amount).toBeGreaterThan(0);
    for (const d of estimate.FeeDetailList as Obj[]) expect(d.FinalFee.CurrencyCode).toBe('USD');
  });

  it('a merchant-fulfilled offer has no FBA fee; a yen price has whole amounts', async () => {
    const mfn = await post('/products/fees/v0/items/B08N5WRWNW/feesEstimate', {
      FeesEstimateRequest: request(19.99, { fba: false }),
    });
    const estimate = mfn.body.payload.FeesEstimateResult.FeesEstimate;
    expect((estimate.FeeDetailList as Obj[]).find((d) => d.FeeType === 'FBAFees')?.FinalFee.Amount).toBe(0);
    expect(Math.round(estimate.TotalFeesEstimate.Amount * 100)).toBe(sumOfFinalFees(estimate));
    const jp = await post(
      '/products/fees/v0/items/B08N5WRWNW/feesEstimate',
      { FeesEstimateRequest: request(1999, { currency: 'JPY', marketplace: 'A1VC38T7YXB528' }) },
      FE_BASE,
    );
    expect(jp.problems).toEqual([]);
    const yen = jp.body.payload.FeesEstimateResult.FeesEstimate;
    expect(yen.TotalFeesEstimate.CurrencyCode).toBe('JPY');
    expect(Number.isInteger(yen.TotalFeesEstimate.Amount)).toBe(true);
    expect(yen.TotalFeesEstimate.Amount).toBe(sumOfFinalFees(yen, 1));
  });

  it('per-item errors as the model shapes them: a price in another currency, an unknown SKU', async () => {
    const euro = await post('/products/fees/v0/items/B08N5WRWNW/feesEstimate', {
      FeesEstimateRequest: request(20, { currency: 'EUR' }),
    });
    expect(euro.status).toBe(200);
    expect(euro.problems).toEqual([]);
    expect(euro.body.payload.FeesEstimateResult).toMatchObject({
      Status: 'ClientError',
      Error: { Type: 'Sender', Code: 'InvalidParameterValue', Detail: [] },
    });
    expect(euro.body.payload.FeesEstimateResult.FeesEstimate).toBeUndefined();
    const sku = await post('/products/fees/v0/listings/NO-SUCH-SKU/feesEstimate', {
      FeesEstimateRequest: request(20),
    });
    expect(sku.problems).toEqual([]);
    expect(sku.body.payload.FeesEstimateResult.Status).toBe('ClientError');
    expect(sku.body.payload.FeesEstimateResult.Error.Message).toContain('No ASIN found for SKU: NO-SUCH-SKU');
    const known = await post('/products/fees/v0/listings/SKU-1000/feesEstimate', {
      FeesEstimateRequest: request(20),
    });
    expect(known.body.payload.FeesEstimateResult).toMatchObject({
      Status: 'Success',
      FeesEstimateIdentifier: { IdType: 'SellerSKU', IdValue: 'SKU-1000' },
    });
  });

  it('rejects what the API rejects: no FeesEstimateRequest, a missing required field, a bad enum, a foreign marketplace', async () => {
    const path = '/products/fees/v0/items/B08N5WRWNW/feesEstimate';
    const { Identifier: _dropped, ...noIdentifier } = request(20);
    const cases: Array<[string, unknown, string]> = [
      ['no FeesEstimateRequest (prose: every request carries one)', {}, 'FeesEstimateRequest'],
      ['no Identifier (model: required)', { FeesEstimateRequest: noIdentifier }, 'Identifier'],
      [
        'OptionalFulfillmentProgram outside the enum',
        { FeesEstimateRequest: { ...request(20), OptionalFulfillmentProgram: 'FBA_BOGUS' } },
        'OptionalFulfillmentProgram',
      ],
      [
        'a marketplace the seller does not sell in on this endpoint',
        { FeesEstimateRequest: request(20, { marketplace: 'A1PA6795UKMFR9', currency: 'EUR' }) },
        'Incorrect Marketplace identifier.',
      ],
      [
        'a marketplace id that does not exist (the model sandbox 400)',
        { FeesEstimateRequest: { ...request(20), MarketplaceId: 'WRNGMRKTPLCE' } },
        'Incorrect Marketplace identifier.',
      ],
    ];
    for (const [why, body, mention] of cases) {
      const r = await post(path, body);
      expect(r.status, why).toBe(400);
      expect(r.problems, why).toEqual([]);
      expect(r.body.errors[0].code, why).toBe('InvalidInput');
      expect(JSON.stringify(r.body), why).toContain(mention);
    }
  });
});

describe('getMyFeesEstimates (batch)', () => {
  const item = (idType: string, idValue: string, req: Obj) => ({
    IdType: idType,
    IdValue: idValue,
    FeesEstimateRequest: req,
  });

  it('answers one result per item, in order, each Success or its own ClientError', async () => {
    const r = await post('/products/fees/v0/feesEstimate', [
      item('ASIN', 'B08N5WRWNW', request(49.99)),
      item('SellerSKU', 'SKU-1001', request(12.99, { fba: false })),
      item('ASIN', 'B07XJ8C8F5', request(10, { currency: 'CAD' })),
      item('SellerSKU', 'UNKNOWN-SKU', request(10)),
      item('ASIN', 'B09G9FPHY6', request(250, { marketplace: 'A1AM78C64UM0Y8', currency: 'MXN' })),
    ]);
    expect(r.status).toBe(200);
    expect(r.problems).toEqual([]);
    expect(r.rate).toBe('0.5');
    const results = r.body as Obj[];
    expect(results.map((x) => x.Status)).toEqual([
      'Success',
      'Success',
      'ClientError',
      'ClientError',
      'Success',
    ]);
    expect(results.map((x) => x.FeesEstimateIdentifier.IdValue)).toEqual([
      'B08N5WRWNW',
      'SKU-1001',
      'B07XJ8C8F5',
      'UNKNOWN-SKU',
      'B09G9FPHY6',
    ]);
    for (const x of results.filter((y) => y.Status === 'Success')) {
      const currency = x.FeesEstimateIdentifier.PriceToEstimateFees.ListingPrice.CurrencyCode;
      expect(x.FeesEstimate.TotalFeesEstimate.CurrencyCode).toBe(currency);
      expect(Math.round(x.FeesEstimate.TotalFeesEstimate.Amount * 100)).toBe(sumOfFinalFees(x.FeesEstimate));
    }
    expect(results[2]?.Error.Code).toBe('InvalidParameterValue');
  });

  it('at most 20 items (docs: "up to 20 product requests in a single batch"), at least one', async () => {
    const items = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        item('ASIN', 'B08N5WRWNW', { ...request(10), Identifier: `r${i}` }),
      );
    const twenty = await post('/products/fees/v0/feesEstimate', items(20));
    expect(twenty.status).toBe(200);
    expect((twenty.body as Obj[]).length).toBe(20);
    for (const n of [21, 0]) {
      const r = await post('/products/fees/v0/feesEstimate', items(n));
      expect(r.status, String(n)).toBe(400);
      expect(r.problems, String(n)).toEqual([]);
    }
  });

  it('rejects an item without IdType or with one outside the enum, and an unknown marketplace, as the whole request', async () => {
    for (const body of [
      [{ IdValue: 'B08N5WRWNW', FeesEstimateRequest: request(10) }],
      [item('UPC', '012345678905', request(10))],
      [
        item('ASIN', 'B08N5WRWNW', request(10)),
        item('ASIN', 'B08N5WRWNW', { ...request(10), MarketplaceId: 'INVALIDMARKETPLACEID' }),
      ],
    ]) {
      const r = await post('/products/fees/v0/feesEstimate', body);
      expect(r.status).toBe(400);
      expect(r.problems).toEqual([]);
      expect(r.body.errors[0].code).toBe('InvalidInput');
    }
  });
});
