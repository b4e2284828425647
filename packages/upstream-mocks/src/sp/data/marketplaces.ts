// Marketplaces the mock seller participates in, per region.
import type { SpRegion } from '../hosts.js';

export interface MockMarketplace {
  id: string;
  name: string;
  countryCode: string;
  defaultCurrencyCode: string;
  defaultLanguageCode: string;
  domainName: string;
}

export const MARKETPLACES_BY_REGION: Record<SpRegion, MockMarketplace[]> = {
  na: [
    {
      id: 'ATVPDKIKX0DER',
      name: 'Amazon.com',
      countryCode: 'US',
      defaultCurrencyCode: 'USD',
      defaultLanguageCode: 'en_US',
      domainName: 'www.amazon.com',
    },
    {
      id: 'A2EUQ1WTGCTBG2',
      name: 'Amazon.ca',
      countryCode: 'CA',
      defaultCurrencyCode: 'CAD',
      defaultLanguageCode: 'en_CA',
      domainName: 'www.amazon.ca',
    },
    {
      id: 'A1AM78C64UM0Y8',
      name: 'Amazon.com.mx',
      countryCode: 'MX',
      defaultCurrencyCode: 'MXN',
      defaultLanguageCode: 'es_MX',
      domainName: 'www.amazon.com.mx',
    },
  ],
  eu: [
    {
      id: 'A1F83G8C2ARO7P',
      name: 'Amazon.co.uk',
      countryCode: 'GB',
      defaultCurrencyCode: 'GBP',
      defaultLanguageCode: 'en_GB',
      domainName: 'www.amazon.co.uk',
    },
    {
      id: 'A1PA6795UKMFR9',
      name: 'Amazon.de',
      countryCode: 'DE',
      defaultCurrencyCode: 'EUR',
      defaultLanguageCode: 'de_DE',
      domainName: 'www.amazon.de',
    },
    {
      id: 'A13V1IB3VIYZZH',
      name: 'Amazon.fr',
      countryCode: 'FR',
      defaultCurrencyCode: 'EUR',
      defaultLanguageCode: 'fr_FR',
      domainName: 'www.amazon.fr',
    },
  ],
  fe: [
    {
      id: 'A1VC38T7YXB528',
      name: 'Amazon.co.jp',
      countryCode: 'JP',
      defaultCurrencyCode: 'JPY',
      defaultLanguageCode: 'ja_JP',
      domainName: 'www.amazon.co.jp',
    },
    {
      id: 'A39IBJ37TRP1C6',
      name: 'Amazon.com.au',
      countryCode: 'AU',
      defaultCurrencyCode: 'AUD',
      defaultLanguageCode: 'en_AU',
      domainName: 'www.amazon.com.au',
    },
  ],
};

/** A marketplace the mock seller participates in on a region's endpoint (undefined otherwise). */
export function participatingMarketplace(region: SpRegion, id: unknown): MockMarketplace | undefined {
  return MARKETPLACES_BY_REGION[region].find((m) => m.id === id);
}
