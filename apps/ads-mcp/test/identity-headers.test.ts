// Every Ads operation's identity headers against its API family's rule: profile-scoped families send Scope, AMC the
// advertiser/marketplace, DSP v1 the account, manager-level APIs the manager account; none declares nothing at all.
import { MISSING_IDENTITY_HEADER_ERRATA } from '@obmcp/upstream-specs';
import { describe, expect, it } from 'vitest';
import { adsCatalog } from '../src/operations/catalog.js';

type Rule = 'profile' | 'amc' | 'account' | 'manager' | 'client';

/**
 * The scoping rule of each API family (spec file stem); a family listing several rules mixes resources of
 * several levels (named per operation below). A file that is not listed fails: its rule must be decided.
 */
const FAMILY: Record<string, readonly Rule[]> = {
  AMCAdAudience: ['client'],
  AMCAdmin: ['amc', 'client'],
  AMCRuleAudience: ['client'],
  AMCWorkflow: ['amc'],
  AccountsAccountBudgets: ['profile'],
  AccountsAdsAccounts: ['client'],
  AccountsBilling: ['client', 'profile', 'account'],
  AccountsManagerAccounts: ['client'],
  AccountsPortfolios: ['profile'],
  AccountsProfiles: ['client'],
  AdsAPIv1All: ['profile', 'client'],
  AdsAPIv1Beta: ['client', 'account', 'profile'],
  AdsAPIv1DSP: ['account'],
  AdsAPIv1SponsoredBrands: ['profile'],
  AdsAPIv1SponsoredProducts: ['profile'],
  AmazonAttribution: ['profile'],
  AmazonDSPAdvertisers: ['profile'],
  AmazonDSPAudiences: ['profile'],
  AmazonDSPConversions: ['profile'],
  AmazonDSPMeasurement: ['profile'],
  AmazonDSPTargetKPIRecommendations: ['profile'],
  AmazonMarketingStreamSubscriptions: ['profile', 'client'],
  AudiencesDiscovery: ['profile'],
  BrandBenchmarks: ['manager'],
  BrandMetrics: ['profile'],
  BrandStoresManagement: ['profile'],
  CampaignConversionTracking: ['profile'],
  ChangeHistory: ['profile'],
  CreativesAssets: ['profile'],
  DataProviderData: ['client'],
  ExportsSnapshots: ['profile'],
  Forecasts: ['client'],
  Locations: ['profile'],
  MediaPlanningReachForecasting: ['profile'],
  ModerationResults: ['profile'],
  ProductsEligibility: ['profile'],
  ProductsMetadata: ['profile'],
  RecommendationsAudienceInsights: ['profile'],
  RecommendationsInsightsPartnerOpportunities: ['manager'],
  RecommendationsInsightsPersonaBuilder: ['profile'],
  RecommendationsInsightsTacticalRecommendations: ['profile'],
  ReportingMarketingMixModeling: ['manager'],
  ReportingVersion3: ['profile'],
  SPSnapshotsSuggestedKeywords: ['profile'],
  SponsoredBrandsV3: ['profile'],
  SponsoredBrandsV4: ['profile'],
  SponsoredDisplay: ['profile'],
  SponsoredProducts: ['profile', 'account'],
  StoresAnalytics: ['profile'],
  TestAccount: ['client'],
  UnifiedPreModerationResults: ['profile'],
};

/** In a mixed family, the operations of the less common level (the rest follow the family's first rule). */
const BY_OPERATION: Record<string, Rule> = {
  'AMCAdmin GET /amc/accounts': 'client',
  'AccountsBilling POST /billing/paymentProfiles': 'account',
  'AmazonMarketingStreamSubscriptions POST /dsp/streams/subscriptions': 'client',
  'AmazonMarketingStreamSubscriptions GET /dsp/streams/subscriptions/{subscriptionId}': 'client',
  'AmazonMarketingStreamSubscriptions GET /dsp/streams/subscriptions': 'client',
  'AmazonMarketingStreamSubscriptions PUT /dsp/streams/subscriptions/{subscriptionId}': 'client',
  'SponsoredProducts POST /sp/global/targets/bid/recommendations': 'account',
};

const IDENTITY = [
  'amazon-advertising-api-clientid',
  'amazon-ads-clientid',
  'amazon-advertising-api-scope',
  'amazon-advertising-api-advertiserid',
  'amazon-advertising-api-marketplaceid',
  'amazon-ads-accountid',
  'amazon-advertising-api-manager-account',
];

function headersOf(op: ReturnType<typeof adsCatalog>['operations'][number]) {
  const server = new Set((op.recipe.serverHeaders ?? []).map((h) => h.toLowerCase()));
  const required = new Set(
    op.recipe.params.filter((p) => p.in === 'header' && p.required).map((p) => p.name.toLowerCase()),
  );
  const any = new Set([
    ...server,
    ...op.recipe.params.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase()),
  ]);
  return { server, required, any };
}

function satisfies(rule: Rule, h: ReturnType<typeof headersOf>): boolean {
  switch (rule) {
    case 'profile':
      return h.server.has('amazon-advertising-api-scope');
    case 'amc':
      return (
        h.server.has('amazon-advertising-api-advertiserid') &&
        h.server.has('amazon-advertising-api-marketplaceid')
      );
    case 'account':
      return h.required.has('amazon-ads-accountid');
    case 'manager':
      return h.required.has('amazon-advertising-api-manager-account');
    case 'client':
      return (
        !h.server.has('amazon-advertising-api-scope') && !h.server.has('amazon-advertising-api-advertiserid')
      );
  }
}

describe('Ads identity headers by API family', () => {
  const ops = adsCatalog().operations;

  it('no operation declares no identity header at all (the 20 the specs left bare are settled by errata)', () => {
    const bare = ops.filter((op) => !IDENTITY.some((h) => headersOf(op).any.has(h)));
    expect(bare.map((op) => `${op.meta.api} ${op.meta.method} ${op.meta.path}`)).toEqual([]);
    expect(MISSING_IDENTITY_HEADER_ERRATA).toHaveLength(20);
  });

  it("every operation follows its family's rule (mixed families name the exceptions)", () => {
    const wrong: string[] = [];
    for (const op of ops) {
      const key = `${op.meta.api} ${op.meta.method} ${op.meta.path}`;
      const rules = FAMILY[op.meta.api];
      if (!rules) {
        wrong.push(`${key}: family ${op.meta.api} has no rule`);
        continue;
      }
      const h = headersOf(op);
      const expected = BY_OPERATION[key];
      if (expected !== undefined ? !satisfies(expected, h) : !rules.some((r) => satisfies(r, h)))
        wrong.push(
          `${key}: headers ${[...h.any].sort().join(', ')} break rule ${expected ?? rules.join('|')}`,
        );
      if (rules.length === 1 && !satisfies(rules[0] as Rule, h)) wrong.push(`${key}: not ${rules[0]}`);
    }
    expect(wrong).toEqual([]);
  });
});
