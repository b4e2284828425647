// The mock seller's fee schedule for Product Fees v0: the fee lines of one item at a price, in minor units,
// so that a TotalFeesEstimate is exactly the sum of its FinalFees.

export interface FeeLine {
  /** The FeeType Amazon reports (ReferralFee, VariableClosingFee, PerItemFee, FBAFees …). */
  type: string;
  /** Amount in the currency's minor unit (cents; yen). */
  minor: number;
  /** The fees an FBAFees line is made of (IncludedFeeDetailList). */
  included?: FeeLine[];
}

/** A referral fee of 15% of the price plus shipping, at least 0.30 (the common category rate). */
const REFERRAL_RATE = 0.15;
const REFERRAL_MINIMUM = 0.3;
/** One fulfilment fee per unit for Amazon-fulfilled offers (a small standard-size item). */
const FBA_PER_UNIT = 3.22;
/** Currencies without a minor unit (ISO 4217 exponent 0) among the marketplaces' currencies. */
const NO_MINOR_UNIT = new Set(['JPY']);

/** How many minor units one unit of the currency has. */
export function minorPerUnit(currency: string): number {
  return NO_MINOR_UNIT.has(currency) ? 1 : 100;
}

export function toMinor(amount: number, currency: string): number {
  return Math.round(amount * minorPerUnit(currency));
}

export function fromMinor(minor: number, currency: string): number {
  return minor / minorPerUnit(currency);
}

/** The fee lines of one unit sold at `price` (+ `shipping`), in `currency`. */
export function feeLines(
  price: number,
  shipping: number,
  fulfilledByAmazon: boolean,
  currency: string,
): FeeLine[] {
  const referral = Math.max(
    toMinor((price + shipping) * REFERRAL_RATE, currency),
    toMinor(REFERRAL_MINIMUM, currency),
  );
  const fba = fulfilledByAmazon ? toMinor(FBA_PER_UNIT, currency) : 0;
  return [
    { type: 'ReferralFee', minor: referral },
    { type: 'VariableClosingFee', minor: 0 },
    { type: 'PerItemFee', minor: 0 },
    {
      type: 'FBAFees',
      minor: fba,
      included: fulfilledByAmazon ? [{ type: 'FBAPerUnitFulfillmentFee', minor: fba }] : [],
    },
  ];
}
