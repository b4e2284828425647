// Ads regions: API host, LWA token host and marketplaces per region.
export const REGIONS = ['na', 'eu', 'fe'] as const;
export type Region = (typeof REGIONS)[number];

export interface RegionInfo {
  region: Region;
  apiHost: string;
  tokenUrl: string;
  marketplaces: readonly string[];
}

export const REGION_INFO: Readonly<Record<Region, RegionInfo>> = {
  na: {
    region: 'na',
    apiHost: 'https://advertising-api.amazon.com',
    tokenUrl: 'https://api.amazon.com/auth/o2/token',
    marketplaces: ['US', 'CA', 'MX', 'BR'],
  },
  eu: {
    region: 'eu',
    apiHost: 'https://advertising-api-eu.amazon.com',
    tokenUrl: 'https://api.amazon.co.uk/auth/o2/token',
    marketplaces: ['UK', 'FR', 'IT', 'ES', 'DE', 'NL', 'AE', 'PL', 'TR', 'EG', 'SA', 'SE', 'BE', 'IN', 'ZA'],
  },
  fe: {
    region: 'fe',
    apiHost: 'https://advertising-api-fe.amazon.com',
    tokenUrl: 'https://api.amazon.co.jp/auth/o2/token',
    marketplaces: ['JP', 'AU', 'SG'],
  },
};

/** Maps an Openbridge identity region ("US", "global", "eu" …) to an Ads region, if it names one. */
export function regionOfCountry(value: string | undefined): Region | undefined {
  if (!value) return undefined;
  const v = value.trim().toUpperCase();
  if (v === 'NA' || v === 'EU' || v === 'FE') return v.toLowerCase() as Region;
  for (const info of Object.values(REGION_INFO)) if (info.marketplaces.includes(v)) return info.region;
  if (v === 'GB') return 'eu';
  return undefined;
}
