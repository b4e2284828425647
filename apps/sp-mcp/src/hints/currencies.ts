// The currency each marketplace prices in (Amazon's marketplace table), for defaults such as fee estimates.
import { MARKETPLACE_LABELS } from './marketplaces.js';

const BY_COUNTRY: Readonly<Record<string, string>> = {
  US: 'USD',
  CA: 'CAD',
  MX: 'MXN',
  BR: 'BRL',
  IE: 'EUR',
  ES: 'EUR',
  UK: 'GBP',
  FR: 'EUR',
  BE: 'EUR',
  NL: 'EUR',
  DE: 'EUR',
  IT: 'EUR',
  SE: 'SEK',
  ZA: 'ZAR',
  PL: 'PLN',
  EG: 'EGP',
  TR: 'TRY',
  SA: 'SAR',
  AE: 'AED',
  IN: 'INR',
  SG: 'SGD',
  AU: 'AUD',
  JP: 'JPY',
};

/** ISO 4217 code of a marketplace id (undefined for an unknown id). */
export function currencyOf(marketplaceId: string): string | undefined {
  const country = MARKETPLACE_LABELS[marketplaceId];
  return country && BY_COUNTRY[country];
}
