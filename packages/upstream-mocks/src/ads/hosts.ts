// Amazon Ads API hosts per region, and the S3-style host report files are served from.
export type AdsRegion = 'na' | 'eu' | 'fe';

export const ADS_HOSTS: Readonly<Record<AdsRegion, string>> = {
  na: 'https://advertising-api.amazon.com',
  eu: 'https://advertising-api-eu.amazon.com',
  fe: 'https://advertising-api-fe.amazon.com',
};

/** Where completed reports and AMC results are downloaded from (pre-signed URLs). */
export const REPORT_FILE_HOST = 'https://offline-report-storage-us-east-1-prod.s3.amazonaws.com';

export function regionOfUrl(url: string): AdsRegion {
  const host = new URL(url).host;
  if (host.startsWith('advertising-api-eu.')) return 'eu';
  if (host.startsWith('advertising-api-fe.')) return 'fe';
  return 'na';
}
