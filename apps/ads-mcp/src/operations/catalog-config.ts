// How ads-mcp's catalog is built from the vendored Amazon Ads specs (read by `obmcp-openapi-tools generate`,
// never at run time): toolsets by product, the identity headers the server sends, read-like POSTs, dedupe.
import type { CatalogOptions } from '@obmcp/openapi-tools/generate';
import type { SpecFile } from '@obmcp/upstream-specs';

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
 * an export, a snapshot or an AMC query run only produces a read-side artefact, as today's create_report does.
 */
export const catalogConfig: CatalogOptions = {
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
    'requestSnapshot',
    'createSnapshot',
    // POSTs that only read, by their specs' own words (not their method): budget usage needs only the
    // "advertisercampaignview" permission; the others "get", "return", "check" or "read" and change nothing.
    'spCampaignsBudgetUsage',
    'sbCampaignsBudgetUsage',
    'sdCampaignsBudgetUsage',
    'portfolioBudgetUsage',
    'productEligibility',
    'ProgramEligibility',
    'ProductMetadata',
    'SPGetBudgetRulesRecommendation',
    'SBGetBudgetRulesRecommendation',
    'SBCampaignPerformanceForecasts',
    'createSDForecast',
    'SBQueryRecommendationType',
    'DSPRetrieveCampaignForecast',
  ],
  preferFile: (a, b, declaredBy) => rank(a, declaredBy) - rank(b, declaredBy),
  // The curated recommendation tools are written for the current (v5) request and answer: the specs
  // also declare v3 and v4 of the same vendor type.
  mediaTypes: {
    'SponsoredProducts.getRankedKeywordRecommendation': 'application/vnd.spkeywordsrecommendation.v5+json',
    'SponsoredProducts.GetThemeBasedBidRecommendationForAdGroup_v1':
      'application/vnd.spthemebasedbidrecommendation.v5+json',
  },
};

/**
 * A method+path one per-product Ads API v1 file declares is served from that file; one that several products
 * declare (campaigns, ad groups, ads, targets: SP, SB, SD, ST and DSP disagree on enums, required fields and
 * headers) is served from `AdsAPIv1All`, the union Amazon publishes, so no product's call is refused before it
 * is sent. Files outside v1 never share a path with All.
 */
function rank(file: SpecFile, declaredBy: readonly string[]): number {
  const products = declaredBy.filter((s) => s.startsWith('AdsAPIv1') && s !== 'AdsAPIv1All').length;
  if (file.stem === 'AdsAPIv1All') return products > 1 ? -1 : 1;
  return 0;
}

function snakeToKebab(stem: string): string {
  return stem
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}
