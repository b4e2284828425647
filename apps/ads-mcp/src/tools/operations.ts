// Recipes of the Ads operations the curated tools call, copied from the vendored OpenAPI specs
// (file stem, operationId, method, path, request/response media types, scope); test/operations.test.ts
// checks every entry against the spec files.
export type AdsScopeKind = 'none' | 'profile' | 'amc';

export interface AdsOperation {
  /** Spec file stem under amazon-ads/ (e.g. 'SponsoredProducts'). */
  api: string;
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Request body media type (Content-Type), when the operation takes a body. */
  contentType?: string;
  /** The 2xx response media type (Accept). */
  accept: string;
  scope: AdsScopeKind;
  /** The spec declares the Amazon-Ads-AccountId header (AMC: the AMC account id). */
  accountIdHeader?: boolean;
}

const sp = (
  operationId: string,
  method: AdsOperation['method'],
  path: string,
  media: string,
): AdsOperation => ({
  api: 'SponsoredProducts',
  operationId,
  method,
  path,
  contentType: media,
  accept: media,
  scope: 'profile',
});

const SP_CAMPAIGN = 'application/vnd.spCampaign.v3+json';
const SP_NEG_KEYWORD = 'application/vnd.spNegativeKeyword.v3+json';
const SP_CAMPAIGN_NEG_KEYWORD = 'application/vnd.spCampaignNegativeKeyword.v3+json';
const AMC_EXECUTIONS = 'application/vnd.amcworkflowexecutions.v1+json';
const AMC_WORKFLOWS = 'application/vnd.amcworkflows.v1+json';
const AMC_SCHEDULES = 'application/vnd.amcschedules.v1+json';
const AMC_INSTANCES = 'application/vnd.amcinstances.v1+json';
const EXEC = '/amc/reporting/{instanceId}/workflowExecutions';

const amc = (
  api: 'AMCWorkflow' | 'AMCAdmin',
  operationId: string,
  method: AdsOperation['method'],
  path: string,
  media: string,
  extra: Partial<AdsOperation> = {},
): AdsOperation => ({
  api,
  operationId,
  method,
  path,
  ...(method === 'POST' || method === 'PUT' ? { contentType: media } : {}),
  accept: media,
  scope: 'amc',
  ...extra,
});

export const OPS = {
  listProfiles: {
    api: 'AccountsProfiles',
    operationId: 'listProfiles',
    method: 'GET',
    path: '/v2/profiles',
    accept: 'application/json',
    scope: 'none',
  },
  listSpCampaigns: sp('ListSponsoredProductsCampaigns', 'POST', '/sp/campaigns/list', SP_CAMPAIGN),
  createSpCampaigns: sp('CreateSponsoredProductsCampaigns', 'POST', '/sp/campaigns', SP_CAMPAIGN),
  updateSpCampaigns: sp('UpdateSponsoredProductsCampaigns', 'PUT', '/sp/campaigns', SP_CAMPAIGN),
  listSpAdGroups: sp(
    'ListSponsoredProductsAdGroups',
    'POST',
    '/sp/adGroups/list',
    'application/vnd.spAdGroup.v3+json',
  ),
  listSpKeywords: sp(
    'ListSponsoredProductsKeywords',
    'POST',
    '/sp/keywords/list',
    'application/vnd.spKeyword.v3+json',
  ),
  listSpProductAds: sp(
    'ListSponsoredProductsProductAds',
    'POST',
    '/sp/productAds/list',
    'application/vnd.spProductAd.v3+json',
  ),
  listSpNegativeKeywords: sp(
    'ListSponsoredProductsNegativeKeywords',
    'POST',
    '/sp/negativeKeywords/list',
    SP_NEG_KEYWORD,
  ),
  createSpNegativeKeywords: sp(
    'CreateSponsoredProductsNegativeKeywords',
    'POST',
    '/sp/negativeKeywords',
    SP_NEG_KEYWORD,
  ),
  listSpCampaignNegativeKeywords: sp(
    'ListSponsoredProductsCampaignNegativeKeywords',
    'POST',
    '/sp/campaignNegativeKeywords/list',
    SP_CAMPAIGN_NEG_KEYWORD,
  ),
  createSpCampaignNegativeKeywords: sp(
    'CreateSponsoredProductsCampaignNegativeKeywords',
    'POST',
    '/sp/campaignNegativeKeywords',
    SP_CAMPAIGN_NEG_KEYWORD,
  ),
  spKeywordRecommendations: sp(
    'getRankedKeywordRecommendation',
    'POST',
    '/sp/targets/keywords/recommendations',
    'application/vnd.spkeywordsrecommendation.v5+json',
  ),
  spBidRecommendations: sp(
    'GetThemeBasedBidRecommendationForAdGroup_v1',
    'POST',
    '/sp/targets/bid/recommendations',
    'application/vnd.spthemebasedbidrecommendation.v5+json',
  ),
  listPortfolios: {
    api: 'AccountsPortfolios',
    operationId: 'ListPortfolios',
    method: 'POST',
    path: '/portfolios/list',
    contentType: 'application/vnd.spPortfolio.v3+json',
    accept: 'application/vnd.spPortfolio.v3+json',
    scope: 'profile',
  },
  listSbCampaigns: {
    api: 'SponsoredBrandsV4',
    operationId: 'ListSponsoredBrandsCampaigns',
    method: 'POST',
    path: '/sb/v4/campaigns/list',
    contentType: 'application/vnd.sbcampaignresource.v4+json',
    accept: 'application/vnd.sbcampaignresource.v4+json',
    scope: 'profile',
  },
  listSdCampaigns: {
    api: 'SponsoredDisplay',
    operationId: 'listCampaigns',
    method: 'GET',
    path: '/sd/campaigns',
    accept: 'application/json',
    scope: 'profile',
  },
  createReport: {
    api: 'ReportingVersion3',
    operationId: 'createAsyncReport',
    method: 'POST',
    path: '/reporting/reports',
    contentType: 'application/vnd.createasyncreportrequest.v3+json',
    accept: 'application/vnd.createasyncreportresponse.v3+json',
    scope: 'profile',
  },
  getReport: {
    api: 'ReportingVersion3',
    operationId: 'getAsyncReport',
    method: 'GET',
    path: '/reporting/reports/{reportId}',
    accept: 'application/vnd.getasyncreportresponse.v3+json',
    scope: 'profile',
  },
  listAmcAccounts: {
    api: 'AMCAdmin',
    operationId: 'AmcpLinkListAmcAccounts',
    method: 'GET',
    path: '/amc/accounts',
    accept: 'application/vnd.amcaudiencesconnections.v1+json',
    scope: 'none',
  },
  listAmcInstances: amc('AMCAdmin', 'listInstances', 'GET', '/amc/instances', AMC_INSTANCES),
  createAmcExecution: amc('AMCWorkflow', 'createWorkflowExecution', 'POST', EXEC, AMC_EXECUTIONS),
  listAmcExecutions: amc('AMCWorkflow', 'listWorkflowExecutions', 'GET', EXEC, AMC_EXECUTIONS),
  getAmcExecution: amc(
    'AMCWorkflow',
    'getWorkflowExecution',
    'GET',
    `${EXEC}/{workflowExecutionId}`,
    AMC_EXECUTIONS,
  ),
  getAmcDownloadUrls: amc(
    'AMCWorkflow',
    'getWorkflowExecutionDownloadUrls',
    'GET',
    `${EXEC}/{workflowExecutionId}/downloadUrls`,
    AMC_EXECUTIONS,
  ),
  listAmcWorkflows: amc(
    'AMCWorkflow',
    'listWorkflows',
    'GET',
    '/amc/reporting/{instanceId}/workflows',
    AMC_WORKFLOWS,
  ),
  getAmcWorkflow: amc(
    'AMCWorkflow',
    'getWorkflow',
    'GET',
    '/amc/reporting/{instanceId}/workflows/{workflowId}',
    AMC_WORKFLOWS,
  ),
  listAmcSchedules: amc(
    'AMCWorkflow',
    'listSchedules',
    'GET',
    '/amc/reporting/{instanceId}/schedules',
    AMC_SCHEDULES,
    { accountIdHeader: true },
  ),
  getAmcSchedule: amc(
    'AMCWorkflow',
    'getSchedule',
    'GET',
    '/amc/reporting/{instanceId}/schedules/{scheduleId}',
    AMC_SCHEDULES,
    { accountIdHeader: true },
  ),
} as const satisfies Record<string, AdsOperation>;

/** `_meta["io.obmcp/operation"]` of a curated tool that calls `op`. */
export function operationMeta(op: AdsOperation) {
  return { api: op.api, operationId: op.operationId, method: op.method, path: op.path };
}
