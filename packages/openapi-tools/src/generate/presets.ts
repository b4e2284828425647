// Catalog presets: how each server's catalog is built from its family of vendored specs.
import type { SpecFile } from '@obmcp/upstream-specs';
import type { JsonObjectValue } from '../catalog-types.js';
import type { CatalogOptions } from './build-catalog.js';

/** `orders-api-model/ordersV0.json` → `orders`; `external-fulfillment/…` → `external-fulfillment`. */
export function spToolsetOf(file: SpecFile): string {
  const folder = file.relPath.split('/')[1] ?? file.stem;
  return folder.replace(/-api-model$|-model$/, '');
}

/**
 * SP-API: toolsets are the model folders. POSTs that only create a read-side artefact (a report, a
 * Data Kiosk query, a restricted-data token, a fee estimate) are reads, as today's create_report is.
 */
export const SP_API_CATALOG: CatalogOptions = {
  family: 'sp-api',
  toolsetOf: spToolsetOf,
  readOperations: ['createReport', 'createQuery', 'createRestrictedDataToken', 'getMyFeesEstimates'],
  documentedExamples: spDocumentedExamples(),
};

/**
 * Where the sample alone is no request the API accepts. Sales: the interval format and the time zone
 * are rules of the parameter descriptions (sales.json getOrderMetrics: the examples of `interval`,
 * `granularityTimeZone` and `granularity`); the model's example interval (September 2018) is no longer one:
 * "the interval specified must be less or equal to 2 years from now", so the same three days of March
 * 2026, the orders fixture's month (US/Pacific is still at -08:00 until 8 March 2026). Product Fees: a request needs its FeesEstimateRequest, which
 * the schema leaves optional ("Each fees estimate request must include an original identifier"): the
 * models' static sandbox body, for the ASIN of its canned answer.
 */
function spDocumentedExamples(): Record<string, JsonObjectValue[]> {
  const money = (amount: number) => ({ CurrencyCode: 'USD', Amount: amount });
  const feesRequest = {
    FeesEstimateRequest: {
      MarketplaceId: 'ATVPDKIKX0DER',
      IsAmazonFulfilled: false,
      PriceToEstimateFees: {
        ListingPrice: money(10),
        Shipping: money(10),
        Points: { PointsNumber: 0, PointsMonetaryValue: money(0) },
      },
      Identifier: 'UmaS1',
    },
  };
  return {
    getOrderMetrics: [
      {
        marketplaceIds: ['ATVPDKIKX0DER'],
        interval: '2026-03-01T00:00:00-08:00--2026-03-04T00:00:00-08:00',
        granularityTimeZone: 'US/Pacific',
        granularity: 'Day',
      },
    ],
    getMyFeesEstimateForASIN: [{ body: feesRequest, Asin: 'B00V5DG6IQ' }],
    getMyFeesEstimateForSKU: [{ body: feesRequest, SellerSKU: 'SKU-001' }],
  };
}

/** Amazon Ads spec file stem → the toolset ads-mcp's ADS_API_TOOLSETS selects it by. */
export const ADS_TOOLSET_OF_STEM: Readonly<Record<string, string>> = {
  SponsoredProducts: 'sp',
  SPSnapshotsSuggestedKeywords: 'sp',
  SponsoredBrandsV3: 'sb',
  SponsoredBrandsV4: 'sb',
  SponsoredDisplay: 'sd',
  AmazonDSPAdvertisers: 'dsp',
  AmazonDSPAudiences: 'dsp',
  AmazonDSPConversions: 'dsp',
  AmazonDSPMeasurement: 'dsp',
  AmazonDSPTargetKPIRecommendations: 'dsp',
  AdsAPIv1All: 'v1',
  AdsAPIv1Beta: 'v1',
  AdsAPIv1DSP: 'v1',
  AdsAPIv1SponsoredBrands: 'v1',
  AdsAPIv1SponsoredDisplay: 'v1',
  AdsAPIv1SponsoredProducts: 'v1',
  AdsAPIv1SponsoredTelevision: 'v1',
  CampaignManage: 'v1',
  ReportingVersion3: 'reporting',
  ReportingMarketingMixModeling: 'reporting',
  AMCAdmin: 'amc',
  AMCWorkflow: 'amc',
  AMCAdAudience: 'amc',
  AMCRuleAudience: 'amc',
  AccountsAccountBudgets: 'accounts',
  AccountsAdsAccounts: 'accounts',
  AccountsBilling: 'accounts',
  AccountsManagerAccounts: 'accounts',
  AccountsPortfolios: 'accounts',
  AccountsProfiles: 'accounts',
  TestAccount: 'accounts',
  ExportsSnapshots: 'exports',
  ChangeHistory: 'history',
  AmazonAttribution: 'attribution',
  AmazonMarketingStreamSubscriptions: 'stream',
  AudiencesDiscovery: 'audiences',
  RecommendationsAudienceInsights: 'audiences',
  BrandBenchmarks: 'brand',
  BrandMetrics: 'brand',
  BrandStoresManagement: 'brand',
  StoresAnalytics: 'brand',
  CampaignConversionTracking: 'conversions',
  Conversions: 'conversions',
  DataProviderData: 'conversions',
  CreativesAssets: 'creatives',
  ModerationResults: 'creatives',
  UnifiedPreModerationResults: 'creatives',
  Forecasts: 'forecasts',
  MediaPlanningReachForecasting: 'forecasts',
  Locations: 'products',
  ProductsEligibility: 'products',
  ProductsMetadata: 'products',
  RecommendationsInsightsPartnerOpportunities: 'insights',
  RecommendationsInsightsPersonaBuilder: 'insights',
  RecommendationsInsightsTacticalRecommendations: 'insights',
};

/**
 * Amazon Ads: toolsets group the spec files by product (ADS_TOOLSET_OF_STEM; an unmapped file gets its
 * stem in kebab case); `AdsAPIv1All` loses method+path overlaps to the per-product files. The identity
 * headers (ClientId, Scope, the AMC advertiser/marketplace) are the server's to send. Creating a report,
 * an export or an AMC query run only produces a read-side artefact, as today's create_report does.
 */
export const AMAZON_ADS_CATALOG: CatalogOptions = {
  family: 'amazon-ads',
  toolsetOf: (file) => ADS_TOOLSET_OF_STEM[file.stem] ?? snakeToKebab(file.stem),
  serverHeaders: [
    'Amazon-Advertising-API-ClientId',
    'Amazon-Ads-ClientId',
    'Amazon-Advertising-API-Scope',
    'Amazon-Advertising-API-AdvertiserId',
    'Amazon-Advertising-API-MarketplaceId',
    'Authorization',
  ],
  readOperations: [
    'createAsyncReport',
    'createWorkflowExecution',
    'AdGroupExport',
    'AdExport',
    'CampaignExport',
    'TargetExport',
  ],
  preferFile: (a, b) => rank(a) - rank(b),
};

function rank(file: SpecFile): number {
  return file.stem === 'AdsAPIv1All' ? 1 : 0;
}

function snakeToKebab(stem: string): string {
  return stem
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

export const CATALOG_PRESETS: Record<string, CatalogOptions> = {
  'sp-api': SP_API_CATALOG,
  'amazon-ads': AMAZON_ADS_CATALOG,
};
