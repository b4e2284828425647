// Product Fees v0: getMyFeesEstimateForSKU, getMyFeesEstimateForASIN and getMyFeesEstimates (a batch of up
// to 20, docs "Get product fees for a batched set of up to 20 items"). The spec gate has checked the body
// schema; these add the rules stated in prose and answer estimates whose TotalFeesEstimate is the sum of
// their FinalFees, in the request's currency. A bad item of a batch gets its own ClientError result.
import type { RequestHandler } from 'msw';
import { isObject, type Json } from '../spec/json-schema.js';
import { ORDER_ITEMS } from './data/orders.js';
import { type MockMarketplace, participatingMarketplace } from './data/marketplaces.js';
import { type FeeLine, feeLines, fromMinor } from './fee-schedule.js';
import type { SpRegion } from './hosts.js';
import { invalidInput, spJson } from './respond.js';
import { spRoute } from './route.js';

const SELLER_ID = 'A2MOCKSELLER01';
const BATCH_LIMIT = 20;
/** The static sandbox's 400 for a marketplace the seller cannot sell in (productFeesV0.json, 400 case). */
const BAD_MARKETPLACE = 'Incorrect Marketplace identifier.';
/** Amazon's per-item answer to inputs it cannot price, e.g. a price in another currency (public reports). */
const CLIENT_ERROR = 'There is an client-side error. Please verify your inputs.';
const ASIN = /^[0-9A-Z]{10}$/;

/** SKU → ASIN of the mock seller's listings (the SKUs of the orders fixture). */
const SKU_ASINS = new Map(
  Object.values(ORDER_ITEMS)
    .flat()
    .map((item) => [String(item.SellerSKU), String(item.ASIN)]),
);

interface Priced {
  request: Json;
  marketplace: MockMarketplace;
}

/** The request-level checks (a failure is the whole request's 400); the priced request otherwise. */
function checkRequest(request: unknown, region: SpRegion, at: string): Priced | string {
  if (!isObject(request)) return `${at}FeesEstimateRequest is required.`;
  const marketplace = participatingMarketplace(region, request.MarketplaceId);
  if (!marketplace) return BAD_MARKETPLACE;
  const toEstimate = request.PriceToEstimateFees;
  const price = isObject(toEstimate) ? toEstimate.ListingPrice : undefined;
  if (!isObject(price) || typeof price.Amount !== 'number' || typeof price.CurrencyCode !== 'string')
    return `${at}FeesEstimateRequest.PriceToEstimateFees.ListingPrice needs CurrencyCode and Amount.`;
  if (price.Amount < 0) return `${at}ListingPrice.Amount must not be negative.`;
  return { request, marketplace };
}

/** Every MoneyType the caller sent (price, shipping, points value). */
function moneysOf(request: Json): Json[] {
  const price = request.PriceToEstimateFees as Json;
  const points = price.Points;
  const pointsValue = isObject(points) ? points.PointsMonetaryValue : undefined;
  return [price.ListingPrice, price.Shipping, pointsValue].filter(isObject);
}

const amountOf = (money: unknown) => (isObject(money) && typeof money.Amount === 'number' ? money.Amount : 0);

function feeDetail(line: FeeLine, currency: string): Json {
  const money = (minor: number) => ({ CurrencyCode: currency, Amount: fromMinor(minor, currency) });
  return {
    FeeType: line.type,
    FeeAmount: money(line.minor),
    FeePromotion: money(0),
    FinalFee: money(line.minor),
    ...(line.included
      ? {
          IncludedFeeDetailList: line.included.map((i) => ({
            FeeType: i.type,
            FeeAmount: money(i.minor),
            FinalFee: money(i.minor),
          })),
        }
      : {}),
  };
}

/** One FeesEstimateResult: Success with the fee lines, or ClientError with the model's Error object. */
function estimate({ request, marketplace }: Priced, idType: 'ASIN' | 'SellerSKU', idValue: string): Json {
  const price = request.PriceToEstimateFees as Json;
  const identifier = {
    MarketplaceId: marketplace.id,
    SellerId: SELLER_ID,
    IdType: idType,
    IdValue: idValue,
    IsAmazonFulfilled: request.IsAmazonFulfilled === true,
    PriceToEstimateFees: price,
    SellerInputIdentifier: request.Identifier,
    ...(request.OptionalFulfillmentProgram === undefined
      ? {}
      : { OptionalFulfillmentProgram: request.OptionalFulfillmentProgram }),
  };
  const clientError = (message: string) => ({
    Status: 'ClientError',
    FeesEstimateIdentifier: identifier,
    Error: { Type: 'Sender', Code: 'InvalidParameterValue', Message: message, Detail: [] },
  });
  const currency = marketplace.defaultCurrencyCode;
  if (moneysOf(request).some((m) => m.CurrencyCode !== currency)) return clientError(CLIENT_ERROR);
  if (idType === 'ASIN' && !ASIN.test(idValue)) return clientError(CLIENT_ERROR);
  if (idType === 'SellerSKU' && !SKU_ASINS.has(idValue))
    return clientError(`No ASIN found for SKU: ${idValue}. Please make sure the SKU is valid.`);
  const lines = feeLines(
    amountOf(price.ListingPrice),
    amountOf(price.Shipping),
    request.IsAmazonFulfilled === true,
    currency,
  );
  const total = lines.reduce((sum, l) => sum + l.minor, 0);
  return {
    Status: 'Success',
    FeesEstimateIdentifier: identifier,
    FeesEstimate: {
      TimeOfFeesEstimation: new Date().toISOString(),
      TotalFeesEstimate: { CurrencyCode: currency, Amount: fromMinor(total, currency) },
      FeeDetailList: lines.map((l) => feeDetail(l, currency)),
    },
  };
}

/** The parsed body (the gate has checked it is JSON; undefined if not). */
const jsonOf = (request: Request): Promise<unknown> => request.json().catch(() => undefined);

/** getMyFeesEstimateForASIN / ForSKU: `{FeesEstimateRequest}` for the item of the path. */
function single(path: string, op: string, idType: 'ASIN' | 'SellerSKU', param: string): RequestHandler[] {
  return spRoute('post', path, async ({ request, params, host }) => {
    const body = await jsonOf(request);
    const checked = checkRequest(isObject(body) ? body.FeesEstimateRequest : undefined, host.region, '');
    if (typeof checked === 'string') return invalidInput(checked, op);
    const result = estimate(checked, idType, params[param] ?? '');
    return spJson({ payload: { FeesEstimateResult: result } }, 200, op);
  });
}

const batch = spRoute('post', '/products/fees/v0/feesEstimate', async ({ request, host }) => {
  const op = 'getMyFeesEstimates';
  const body = await jsonOf(request);
  const items = Array.isArray(body) ? body.filter(isObject) : [];
  if (items.length === 0 || items.length > BATCH_LIMIT)
    return invalidInput(`The request must contain between 1 and ${BATCH_LIMIT} fee estimate requests.`, op);
  const checked = items.map((item, i) => checkRequest(item.FeesEstimateRequest, host.region, `[${i}].`));
  const problem = checked.find((c): c is string => typeof c === 'string');
  if (problem !== undefined) return invalidInput(problem, op);
  return spJson(
    items.map((item, i) =>
      estimate(checked[i] as Priced, item.IdType as 'ASIN' | 'SellerSKU', String(item.IdValue)),
    ),
    200,
    op,
  );
});

export const feesHandlers: RequestHandler[] = [
  ...single('/products/fees/v0/items/:Asin/feesEstimate', 'getMyFeesEstimateForASIN', 'ASIN', 'Asin'),
  ...single(
    '/products/fees/v0/listings/:SellerSKU/feesEstimate',
    'getMyFeesEstimateForSKU',
    'SellerSKU',
    'SellerSKU',
  ),
  ...batch,
];
