// Human names for the codes Amazon answers with: fulfilment channels, fee types, marketplace ids.

const CHANNELS: Record<string, string> = { AFN: 'Amazon (FBA)', MFN: 'Merchant' };

/** AFN/MFN as a seller says it; any other value as written. */
export const channelName = (code: string | null): string | null => (code ? (CHANNELS[code] ?? code) : code);

const FEES: Record<string, string> = {
  ReferralFee: 'Referral fee',
  VariableClosingFee: 'Variable closing fee',
  PerItemFee: 'Per-item fee',
  FBAFees: 'FBA fees',
  FBAPerUnitFulfillmentFee: 'FBA fulfilment fee',
  FBAPerOrderFulfillmentFee: 'FBA per-order fee',
  FBAWeightBasedFee: 'FBA weight-based fee',
  FBAPickAndPack: 'FBA pick & pack',
  FBAWeightHandling: 'FBA weight handling',
  FBAOrderHandling: 'FBA order handling',
  FBADeliveryServicesFee: 'FBA delivery services fee',
  DigitalServicesFee: 'Digital services fee',
  ClosingFee: 'Closing fee',
};

/** A fee type enum in words: the known ones by name, others split at their capitals (ShippingHB → "Shipping HB"). */
export function feeName(type: string): string {
  return FEES[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2');
}

const MARKETPLACES: Record<string, string> = {
  ATVPDKIKX0DER: 'Amazon.com (US)',
  A2EUQ1WTGCTBG2: 'Amazon.ca (CA)',
  A1AM78C64UM0Y8: 'Amazon.com.mx (MX)',
  A2Q3Y263D00KWC: 'Amazon.com.br (BR)',
  A1F83G8C2ARO7P: 'Amazon.co.uk (UK)',
  A1PA6795UKMFR9: 'Amazon.de (DE)',
  A13V1IB3VIYZZH: 'Amazon.fr (FR)',
  APJ6JRA9NG5V4: 'Amazon.it (IT)',
  A1RKKUPIHCS9HS: 'Amazon.es (ES)',
  A1805IZSGTT6HS: 'Amazon.nl (NL)',
  A2NODRKZP88ZB9: 'Amazon.se (SE)',
  A1C3SOZRARQ6R3: 'Amazon.pl (PL)',
  AMEN7PMS3EDWL: 'Amazon.com.be (BE)',
  A33AVAJ2PDY3EV: 'Amazon.com.tr (TR)',
  A2VIGQ35RCS4UG: 'Amazon.ae (AE)',
  A17E79C6D8DWNP: 'Amazon.sa (SA)',
  ARBP9OOSHTCHU: 'Amazon.eg (EG)',
  A21TJRUUN4KGV: 'Amazon.in (IN)',
  A19VAU5U5O7RUS: 'Amazon.sg (SG)',
  A39IBJ37TRP1C6: 'Amazon.com.au (AU)',
  A1VC38T7YXB528: 'Amazon.co.jp (JP)',
};

/** A marketplace id with its store's name ("Amazon.com (US)"); an unknown id as written. */
export const marketplaceName = (id: string | null): string | null => (id ? (MARKETPLACES[id] ?? id) : id);

/**
 * An order's page in Seller Central, on the store's own Seller Central domain (Amazon.co.uk → sellercentral.amazon.co.uk);
 * undefined for a marketplace this list does not know.
 */
export function sellerCentralOrderUrl(orderId: string, marketplaceId: string | null): string | undefined {
  const store = marketplaceId ? MARKETPLACES[marketplaceId] : undefined;
  if (!store) return undefined;
  const domain = store.split(' ')[0]?.toLowerCase();
  return domain
    ? `https://sellercentral.${domain}/orders-v3/order/${encodeURIComponent(orderId)}`
    : undefined;
}
