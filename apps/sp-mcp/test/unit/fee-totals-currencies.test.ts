// Unit: Finances v0 totals keep currencies apart, classify withheld tax, and never sum other amounts into net.
import { describe, expect, it } from 'vitest';
import { totalFinancialEvents } from '../../src/tools/fee-totals.js';

const money = (code: string, amount: number) => ({ CurrencyCode: code, CurrencyAmount: amount });

describe('totalFinancialEvents', () => {
  it('totals per currency, by component type, with withheld tax apart from charges', () => {
    const { totals, eventCounts } = totalFinancialEvents({
      ShipmentEventList: [
        {
          ShipmentItemList: [
            {
              ItemChargeList: [{ ChargeType: 'Principal', ChargeAmount: money('USD', 10.1) }],
              ItemFeeList: [{ FeeType: 'Commission', FeeAmount: money('USD', -1.5) }],
              ItemTaxWithheldList: [
                {
                  TaxesWithheld: [
                    { ChargeType: 'MarketplaceFacilitatorTax-Principal', ChargeAmount: money('USD', -0.2) },
                  ],
                },
              ],
            },
          ],
        },
        {
          ShipmentItemList: [
            { ItemChargeList: [{ ChargeType: 'Principal', ChargeAmount: money('EUR', 20.2) }] },
          ],
        },
      ],
      AdjustmentEventList: [{ AdjustmentType: 'X', AdjustmentAmount: money('USD', 5) }],
    });
    expect(eventCounts).toEqual({ ShipmentEventList: 2, AdjustmentEventList: 1 });
    expect(totals.map((t) => t.currencyCode)).toEqual(['EUR', 'USD']);
    const [eur, usd] = totals;
    expect(eur).toMatchObject({ charges: { Principal: 20.2 }, net: 20.2 });
    expect(usd).toMatchObject({
      charges: { Principal: 10.1 },
      fees: { Commission: -1.5 },
      taxWithheld: { 'MarketplaceFacilitatorTax-Principal': -0.2 },
      otherAmounts: { 'AdjustmentEventList.AdjustmentAmount': 5 },
      net: 8.4,
    });
  });

  it('rounds float noise away (0.1 + 0.2)', () => {
    const { totals } = totalFinancialEvents({
      ServiceFeeEventList: [
        {
          FeeList: [
            { FeeType: 'A', FeeAmount: money('USD', 0.1) },
            { FeeType: 'A', FeeAmount: money('USD', 0.2) },
          ],
        },
      ],
    });
    expect(totals[0]?.fees.A).toBe(0.3);
  });
});
