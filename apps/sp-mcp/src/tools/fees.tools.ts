// Product Fees v0 workflow: estimate_fees — one item by ASIN or SKU (getMyFeesEstimateForASIN/SKU) or up
// to 20 in one batch (getMyFeesEstimates); prices in the marketplace currency unless told otherwise.
import {
  DomainValidationError,
  defineTool,
  type FromSchema,
  type ToolDefinition,
  READ_UPSTREAM,
} from '@obmcp/contract';
import { currencyOf } from '../hints/currencies.js';
import { asObject, payloadOf, type ToolDeps } from './deps.js';
import { asin, marketplaceId, sku } from './schema-parts.js';

const amount = { type: 'number', minimum: 0, maximum: 1_000_000 } as const;

const schema = {
  type: 'object',
  properties: {
    marketplaceId,
    currency: {
      type: 'string',
      pattern: '^[A-Z]{3}$',
      description: 'Default: the marketplace currency.',
    },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: {
        type: 'object',
        properties: {
          asin,
          sku,
          price: amount,
          shipping: amount,
          fulfilledByAmazon: { type: 'boolean', description: 'Default true.' },
        },
        required: ['price'],
        additionalProperties: false,
      },
      description: 'Each with asin or sku.',
    },
  },
  required: ['marketplaceId', 'items'],
  examples: [{ marketplaceId: 'ATVPDKIKX0DER', items: [{ asin: 'B08N5WRWNW', price: 49.99 }] }],
} as const;

type Args = FromSchema<typeof schema>;
type Item = Args['items'][number];
type Obj = Record<string, unknown>;

function identify(item: Item, index: number): { IdType: 'ASIN' | 'SellerSKU'; IdValue: string } {
  if (item.asin !== undefined && item.sku === undefined) return { IdType: 'ASIN', IdValue: item.asin };
  if (item.sku !== undefined && item.asin === undefined) return { IdType: 'SellerSKU', IdValue: item.sku };
  throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary: `items[${index}] must name exactly one of asin and sku.`,
    details: [
      { path: `items/${index}`, issue: 'exactly one of asin, sku is required', received_type: 'object' },
    ],
    hints: ['Each item: {asin: "B08N5WRWNW", price: 49.99} or {sku: "SKU-1000", price: 25.99}. See schema.'],
  });
}

function currencyFor(args: Args): string {
  const code = args.currency ?? currencyOf(args.marketplaceId);
  if (code) return code;
  throw new DomainValidationError('INPUT_VALIDATION_FAILED', {
    summary: 'currency is required for this marketplace.',
    details: [
      { path: 'currency', issue: 'missing and no default for the marketplace', received_type: 'undefined' },
    ],
  });
}

/** The model's FeesEstimateRequest for one item. */
function feesRequest(args: Args, item: Item, index: number, currency: string): Obj {
  const money = (value: number) => ({ CurrencyCode: currency, Amount: value });
  return {
    MarketplaceId: args.marketplaceId,
    IsAmazonFulfilled: item.fulfilledByAmazon ?? true,
    PriceToEstimateFees: {
      ListingPrice: money(item.price),
      ...(item.shipping === undefined ? {} : { Shipping: money(item.shipping) }),
    },
    Identifier: `item-${index}`,
  };
}

const moneyOf = (v: unknown) => {
  const m = asObject(v);
  return typeof m.Amount === 'number' ? { amount: m.Amount, currency: m.CurrencyCode ?? null } : null;
};

/** A FeesEstimateResult as {status, totalFees, fees[{type, amount}], error}. */
function estimateOf(result: Obj, id: { IdType: string; IdValue: string }): Obj {
  const estimate = asObject(result.FeesEstimate);
  const details = Array.isArray(estimate.FeeDetailList) ? estimate.FeeDetailList : [];
  const error = asObject(result.Error);
  return {
    [id.IdType === 'ASIN' ? 'asin' : 'sku']: id.IdValue,
    status: result.Status ?? null,
    totalFees: moneyOf(estimate.TotalFeesEstimate),
    fees: details.map((d) => {
      const detail = asObject(d);
      return {
        type: detail.FeeType ?? null,
        ...(moneyOf(detail.FinalFee) ?? { amount: null, currency: null }),
      };
    }),
    ...(typeof error.Code === 'string' ? { error: { code: error.Code, message: error.Message ?? '' } } : {}),
  };
}

/** One item by ASIN, one by SKU, or a batch of up to 20: the tool picks the operation. */
const FEES_OPERATIONS = {
  forAsin: ['productFeesV0', 'getMyFeesEstimateForASIN'],
  forSku: ['productFeesV0', 'getMyFeesEstimateForSKU'],
  batch: ['productFeesV0', 'getMyFeesEstimates'],
} as const;

export function feesTools(deps: ToolDeps): ToolDefinition[] {
  return [
    deps.operations.many(FEES_OPERATIONS, (send) =>
      defineTool<Args>({
        name: 'estimate_fees',
        title: 'Estimate selling fees',
        description:
          'Estimated Amazon fees (referral, FBA …) per item at a price, by ASIN or SKU (Product Fees v0; up to 20 items).',
        inputSchema: schema,
        annotations: READ_UPSTREAM,
        handler: async (args, call) => {
          const currency = currencyFor(args);
          const ids = args.items.map(identify);
          const requests = args.items.map((item, i) => feesRequest(args, item, i, currency));
          const [first] = args.items;
          const [id] = ids;
          const [request] = requests;
          if (args.items.length === 1 && first && id && request) {
            const byAsin = id.IdType === 'ASIN';
            const { body } = await (byAsin ? send.forAsin : send.forSku)(
              { [byAsin ? 'Asin' : 'SellerSKU']: id.IdValue, body: { FeesEstimateRequest: request } },
              call,
            );
            return { estimates: [estimateOf(asObject(payloadOf(body).FeesEstimateResult), id)] };
          }
          const { body } = await send.batch(
            { body: requests.map((r, i) => ({ FeesEstimateRequest: r, ...ids[i] })) },
            call,
          );
          const results = Array.isArray(body) ? body : [];
          return {
            estimates: ids.map((idOf, i) => estimateOf(asObject(results[i]), idOf)),
          };
        },
      }),
    ),
  ];
}
