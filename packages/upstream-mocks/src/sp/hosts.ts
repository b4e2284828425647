// SP-API hosts: three regions, production and sandbox.
export const SP_REGIONS = ['na', 'eu', 'fe'] as const;
export type SpRegion = (typeof SP_REGIONS)[number];

export interface SpHost {
  region: SpRegion;
  sandbox: boolean;
  base: string;
}

export const SP_HOSTS: SpHost[] = SP_REGIONS.flatMap((region) => [
  { region, sandbox: false, base: `https://sellingpartnerapi-${region}.amazon.com` },
  { region, sandbox: true, base: `https://sandbox.sellingpartnerapi-${region}.amazon.com` },
]);

/** Presigned-URL host for report and feed documents. */
export const DOCUMENT_HOST = 'https://tortuga-prod-na.s3-external-1.amazonaws.com';

/**
 * Where the static sandbox's canned report and feed documents point (reports_2021-06-30 getReportDocument
 * and feeds_2021-06-30 createFeedDocument `x-amzn-api-sandbox` responses).
 */
export const SANDBOX_DOCUMENT_HOST = 'https://d34o8swod1owfl.cloudfront.net';
