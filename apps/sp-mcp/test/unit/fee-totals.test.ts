// Unit (src): what a seller reads from finance totals: each component type once per currency, promotions
// and withheld tax apart, amounts that are not components beside the net and never in it.
import { describe, expect, it } from 'vitest';
import { totalFinancialEvents } from '../../src/tools/fee-totals.js';

const money = (code: string, amount: number) => ({ CurrencyCode: code, CurrencyAmount: amount });
const EMPTY = { charges: {}, fees: {}, promotions: {}, taxWithheld: {}, otherAmounts: {} };

describe('totalFinancialEvents', () => {
  it('no events: no totals, counts per list still given', () => {
    expect(totalFinancialEvents({ ShipmentEventList: [], RefundEventList: [] })).toEqual({
      totals: [],
      eventCounts: { ShipmentEventList: 0, RefundEventList: 0 },
    });
  });

  it('sums the same type across events and lists; net adds charges, fees, promotions and withheld tax', () => {
    const { totals } = totalFinancialEvents({
      ShipmentEventList: [
        {
          ShipmentItemList: [
            {
              ItemChargeList: [
                { ChargeType: 'Principal', ChargeAmount: money('USD', 10) },
                { ChargeType: 'Tax', ChargeAmount: money('USD', 1) },
              ],
              ItemFeeList: [{ FeeType: 'Commission', FeeAmount: money('USD', -1.5) }],
              PromotionList: [
                { PromotionType: 'PromotionMetaDataDefinitionValue', PromotionAmount: money('USD', -2) },
                { PromotionAmount: money('USD', -0.5) },
              ],
              ItemTaxWithheldList: [
                {
                  TaxesWithheld: [
                    { ChargeType: 'MarketplaceFacilitatorTax-Principal', ChargeAmount: money('USD', -1) },
                  ],
                },
              ],
            },
          ],
        },
      ],
      RefundEventList: [
        {
          ShipmentItemAdjustmentList: [
            { ItemChargeAdjustmentList: [{ ChargeType: 'Principal', ChargeAmount: money('USD', -4) }] },
          ],
        },
      ],
    });
    expect(totals).toEqual([
      {
        currencyCode: 'USD',
        charges: { Principal: 6, Tax: 1 },
        fees: { Commission: -1.5 },
        promotions: { PromotionMetaDataDefinitionValue: -2, Promotion: -0.5 },
        taxWithheld: { 'MarketplaceFacilitatorTax-Principal': -1 },
        net: 2,
        otherAmounts: {},
      },
    ]);
  });

  it('other amounts are reported by list and field, never in the net', () => {
    const { totals } = totalFinancialEvents({
      AdjustmentEventList: [
        { AdjustmentType: 'ReserveDebit', AdjustmentAmount: money('EUR', -30) },
        { AdjustmentType: 'ReserveCredit', AdjustmentAmount: money('EUR', 10) },
      ],
      ProductAdsPaymentEventList: [{ baseValue: money('EUR', 3), transactionValue: money('EUR', 3.5) }],
    });
    expect(totals).toEqual([
      {
        ...EMPTY,
        currencyCode: 'EUR',
        net: 0,
        otherAmounts: {
          'AdjustmentEventList.AdjustmentAmount': -20,
          'ProductAdsPaymentEventList.baseValue': 3,
          'ProductAdsPaymentEventList.transactionValue': 3.5,
        },
      },
    ]);
  });

  it('currencies stay apart and come sorted by code', () => {
    const { totals } = totalFinancialEvents({
      ServiceFeeEventList: [
        { FeeList: [{ FeeType: 'Storage', FeeAmount: money('USD', -1) }] },
        { FeeList: [{ FeeType: 'Storage', FeeAmount: money('CAD', -2) }] },
        { FeeList: [{ FeeType: 'Storage', FeeAmount: money('EUR', -3) }] },
      ],
    });
    expect(totals.map((t) => [t.currencyCode, t.fees.Storage, t.net])).toEqual([
      ['CAD', -2, -2],
      ['EUR', -3, -3],
      ['USD', -1, -1],
    ]);
  });

  it('rounds to four decimals, in each sum and in the net', () => {
    const { totals } = totalFinancialEvents({
      ServiceFeeEventList: [
        {
          FeeList: [
            { FeeType: 'A', FeeAmount: money('USD', 0.1) },
            { FeeType: 'A', FeeAmount: money('USD', 0.2) },
            { FeeType: 'B', FeeAmount: money('USD', 0.00004) },
          ],
        },
      ],
      AdjustmentEventList: [{ AdjustmentAmount: money('USD', 0.12344) }],
    });
    expect(totals[0]).toMatchObject({
      fees: { A: 0.3, B: 0 },
      net: 0.3,
      otherAmounts: { 'AdjustmentEventList.AdjustmentAmount': 0.1234 },
    });
  });

  it('a component or amount without a usable Currency is skipped, not counted as 0 or as another kind', () => {
    const { totals } = totalFinancialEvents({
      ShipmentEventList: [
        {
          ItemChargeList: [
            { ChargeType: 'Principal', ChargeAmount: { CurrencyCode: 'USD', CurrencyAmount: '10' } },
            { ChargeType: 'Principal', ChargeAmount: { CurrencyAmount: 10 } },
            { ChargeType: 'Principal', ChargeAmount: null },
            { ChargeType: 'Principal', ChargeAmount: [money('USD', 10)] },
            { ChargeType: 'Principal', ChargeAmount: money('USD', 5) },
          ],
          ItemFeeList: [{ FeeType: 'Commission', FeeAmount: 'oops' }],
          PromotionList: [{ PromotionType: 'P', PromotionAmount: {} }],
          Stray: [null, 7, 'text', money('USD', 1)],
        },
      ],
    });
    expect(totals).toEqual([
      {
        ...EMPTY,
        currencyCode: 'USD',
        charges: { Principal: 5 },
        net: 5,
        otherAmounts: { 'ShipmentEventList.Stray': 1 },
      },
    ]);
  });

  it('a ChargeType without ChargeAmount, or a FeeType without FeeAmount, is walked like any object', () => {
    const { totals } = totalFinancialEvents({
      ChargebackEventList: [
        { ChargeType: 'Odd', Amount: money('USD', 2) },
        { FeeType: 'Odd', Amount: money('USD', 3) },
        // A type that is not a name: the amount is not a charge or a fee of type "7".
        { ChargeType: 7, ChargeAmount: money('USD', 4) },
        { FeeType: null, FeeAmount: money('USD', 6) },
      ],
    });
    expect(totals).toEqual([
      {
        ...EMPTY,
        currencyCode: 'USD',
        net: 0,
        otherAmounts: {
          'ChargebackEventList.Amount': 5,
          'ChargebackEventList.ChargeAmount': 4,
          'ChargebackEventList.FeeAmount': 6,
        },
      },
    ]);
  });

  it('only charges under a TaxWithheld list count as withheld tax, at any depth below it', () => {
    const { totals } = totalFinancialEvents({
      ShipmentEventList: [
        {
          ShipmentItemList: [
            {
              ItemTaxWithheldList: [
                {
                  TaxesWithheld: [
                    { nested: { ChargeType: 'LowValueGoodsTax', ChargeAmount: money('GBP', -1) } },
                  ],
                },
              ],
              ItemChargeList: [{ ChargeType: 'LowValueGoodsTax', ChargeAmount: money('GBP', 2) }],
            },
          ],
        },
      ],
    });
    expect(totals[0]).toMatchObject({
      charges: { LowValueGoodsTax: 2 },
      taxWithheld: { LowValueGoodsTax: -1 },
      net: 1,
    });
  });
});
