// GET /v2/profiles per region (no Scope header), with X-RateLimit-* headers on success.
import { http, type RequestHandler } from 'msw';
import { withFault } from '../with-fault.js';
import { renderAdsFault } from './fault.js';
import { guard } from './guard.js';
import { ADS_HOSTS, type AdsRegion, regionOfUrl } from './hosts.js';
import { adsJson } from './respond.js';

export interface MockProfile {
  profileId: number;
  countryCode: string;
  currencyCode: string;
  timezone: string;
  accountInfo: {
    marketplaceStringId: string;
    id: string;
    type: 'seller' | 'vendor' | 'agency';
    name: string;
    validPaymentMethod: boolean;
  };
}

function profile(
  profileId: number,
  countryCode: string,
  currencyCode: string,
  timezone: string,
  marketplace: string,
  type: 'seller' | 'vendor' | 'agency',
  entity: string,
): MockProfile {
  return {
    profileId,
    countryCode,
    currencyCode,
    timezone,
    accountInfo: {
      marketplaceStringId: marketplace,
      id: entity,
      type,
      name: `Mock ${countryCode} ${type}`,
      validPaymentMethod: true,
    },
  };
}

export const PROFILES: Readonly<Record<AdsRegion, readonly MockProfile[]>> = {
  na: [
    profile(1111111111, 'US', 'USD', 'America/Los_Angeles', 'ATVPDKIKX0DER', 'seller', 'ENTITY1AA1AA11AAA1'),
    profile(2222222222, 'CA', 'CAD', 'America/Los_Angeles', 'A2EUQ1WTGCTBG2', 'vendor', 'ENTITY2BB2BB22BBB2'),
  ],
  eu: [
    profile(3333333333, 'UK', 'GBP', 'Europe/London', 'A1F83G8C2ARO7P', 'seller', 'ENTITY3CC3CC33CCC3'),
    profile(4444444444, 'DE', 'EUR', 'Europe/Paris', 'A1PA6795UKMFR9', 'seller', 'ENTITY4DD4DD44DDD4'),
  ],
  fe: [profile(5555555555, 'JP', 'JPY', 'Asia/Tokyo', 'A1VC38T7YXB528', 'seller', 'ENTITY5EE5EE55EEE5')],
};

export function scopesOf(region: AdsRegion): string[] {
  return PROFILES[region].map((p) => String(p.profileId));
}

export const profileHandlers: RequestHandler[] = Object.values(ADS_HOSTS).map((host) =>
  http.get(
    `${host}/v2/profiles`,
    withFault('api', renderAdsFault, ({ request }) => {
      const rejected = guard(request);
      if (rejected) return rejected;
      const region = regionOfUrl(request.url);
      const type = new URL(request.url).searchParams.get('profileTypeFilter');
      const types = type ? type.split(',') : undefined;
      const list = PROFILES[region].filter((p) => !types || types.includes(p.accountInfo.type));
      const reset = String(Math.floor(Date.now() / 1000) + 1);
      return adsJson(list, 200, 'application/json', {
        'X-RateLimit-Limit': '10',
        'X-RateLimit-Remaining': '9',
        'X-RateLimit-Reset': reset,
      });
    }),
  ),
);
