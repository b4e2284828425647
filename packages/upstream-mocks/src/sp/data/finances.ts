// Finances v0 fixture: two settlement groups and the events posted into them, in the model's shapes.
// Group FEG-2026-03-A is closed; its OriginalTotal is the sum of its events' charges, fees,
// promotions and withheld taxes (18.87 + 65.25 - 22.87 - 39.99 = 21.26 USD).

const usd = (amount: number) => ({ CurrencyCode: 'USD', CurrencyAmount: amount });
const charge = (type: string, amount: number) => ({ ChargeType: type, ChargeAmount: usd(amount) });
const fee = (type: string, amount: number) => ({ FeeType: type, FeeAmount: usd(amount) });
const withheld = (amount: number) => [
  {
    TaxCollectionModel: 'MarketplaceFacilitator',
    TaxesWithheld: [charge('MarketplaceFacilitatorTax-Principal', amount)],
  },
];

export interface PostedEvent {
  /** The FinancialEvents list the event belongs to. */
  list: string;
  groupId: string;
  orderId?: string;
  /** When the event posted (some event types carry no PostedDate of their own). */
  posted: string;
  event: Record<string, unknown>;
}

export const FINANCIAL_EVENTS: PostedEvent[] = [
  {
    list: 'ShipmentEventList',
    groupId: 'FEG-2026-03-A',
    orderId: '902-3159896-1390916',
    posted: '2026-03-02T18:40:00Z',
    event: {
      AmazonOrderId: '902-3159896-1390916',
      MarketplaceName: 'Amazon.com',
      PostedDate: '2026-03-02T18:40:00Z',
      ShipmentItemList: [
        {
          SellerSKU: 'SKU-1000',
          OrderItemId: '682900123450',
          QuantityShipped: 1,
          ItemChargeList: [charge('Principal', 25.99), charge('Tax', 2.08)],
          ItemFeeList: [fee('Commission', -3.9), fee('FBAPerUnitFulfillmentFee', -3.22)],
          ItemTaxWithheldList: withheld(-2.08),
        },
      ],
    },
  },
  {
    list: 'ShipmentEventList',
    groupId: 'FEG-2026-03-A',
    orderId: '114-2048815-9021145',
    posted: '2026-03-06T18:40:00Z',
    event: {
      AmazonOrderId: '114-2048815-9021145',
      MarketplaceName: 'Amazon.com',
      PostedDate: '2026-03-06T18:40:00Z',
      ShipmentItemList: [
        {
          SellerSKU: 'SKU-1002',
          OrderItemId: '682920123452',
          QuantityShipped: 1,
          ItemChargeList: [charge('Principal', 89), charge('Tax', 7.12)],
          ItemFeeList: [fee('Commission', -13.35), fee('FBAPerUnitFulfillmentFee', -5.4)],
          ItemTaxWithheldList: withheld(-7.12),
          PromotionList: [
            {
              PromotionType: 'PromotionMetaDataDefinitionValue',
              PromotionId: 'PROMO-SPRING',
              PromotionAmount: usd(-5),
            },
          ],
        },
      ],
    },
  },
  {
    list: 'RefundEventList',
    groupId: 'FEG-2026-03-A',
    orderId: '902-3159896-1390916',
    posted: '2026-03-10T09:00:00Z',
    event: {
      AmazonOrderId: '902-3159896-1390916',
      MarketplaceName: 'Amazon.com',
      PostedDate: '2026-03-10T09:00:00Z',
      ShipmentItemAdjustmentList: [
        {
          SellerSKU: 'SKU-1000',
          OrderAdjustmentItemId: '71540012345',
          QuantityShipped: 1,
          ItemChargeAdjustmentList: [charge('Principal', -25.99), charge('Tax', -2.08)],
          ItemFeeAdjustmentList: [fee('Commission', 3.9), fee('RefundCommission', -0.78)],
          ItemTaxWithheldList: withheld(2.08),
        },
      ],
    },
  },
  {
    list: 'ServiceFeeEventList',
    groupId: 'FEG-2026-03-A',
    posted: '2026-03-14T00:00:00Z',
    event: { FeeDescription: 'Subscription Fee', FeeList: [fee('Subscription', -39.99)] },
  },
  {
    list: 'AdjustmentEventList',
    groupId: 'FEG-2026-03-B',
    posted: '2026-03-20T12:00:00Z',
    event: {
      AdjustmentType: 'REVERSAL_REIMBURSEMENT',
      PostedDate: '2026-03-20T12:00:00Z',
      AdjustmentAmount: usd(12),
      AdjustmentItemList: [
        {
          Quantity: '1',
          PerUnitAmount: usd(12),
          TotalAmount: usd(12),
          SellerSKU: 'SKU-1002',
          ASIN: 'B09G9FPHY6',
        },
      ],
    },
  },
];

export const FINANCIAL_EVENT_GROUPS: Array<Record<string, unknown>> = [
  {
    FinancialEventGroupId: 'FEG-2026-03-A',
    ProcessingStatus: 'Closed',
    FundTransferStatus: 'Succeeded',
    OriginalTotal: usd(21.26),
    ConvertedTotal: usd(21.26),
    FundTransferDate: '2026-03-16T08:00:00Z',
    TraceId: 'TRACE0001',
    AccountTail: '1234',
    BeginningBalance: usd(0),
    FinancialEventGroupStart: '2026-03-01T00:00:00Z',
    FinancialEventGroupEnd: '2026-03-15T00:00:00Z',
  },
  {
    FinancialEventGroupId: 'FEG-2026-03-B',
    ProcessingStatus: 'Open',
    FundTransferStatus: 'Unknown',
    OriginalTotal: usd(12),
    BeginningBalance: usd(0),
    FinancialEventGroupStart: '2026-03-15T00:00:00Z',
  },
];
