// Corrections applied on read to spec values that contradict their own documentation (the files stay as published).
import type { SpecFile } from './spec-files.js';

export interface SpecErratum {
  family: SpecFile['family'];
  stem: string;
  /** JSON pointer (RFC 6901) of the corrected value. */
  pointer: string;
  /**
   * The value as published (undefined: the spec leaves the member out and the erratum adds it); the
   * correction applies only while the file still says this.
   */
  published: unknown;
  corrected: unknown;
  reason: string;
}

const BILLING_DATE_REASON =
  'The pattern is a JavaScript regex literal: its delimiting slashes became part of the pattern, so no ' +
  'string can match it and be a `format: date` "in the format YYYY-MM-DD" (the description) at once. ' +
  'Without the slashes it is the date the description asks for.';

const BILLING_DATE_ERRATA: SpecErratum[] = ['startDate', 'endDate'].map((field) => ({
  family: 'amazon-ads',
  stem: 'AccountsBilling',
  pointer: `/components/schemas/CreateBillingStatementRequest/properties/${field}/pattern`,
  published: '/([0-9]{4})-(?:[0-9]{2})-([0-9]{2})/',
  corrected: '([0-9]{4})-(?:[0-9]{2})-([0-9]{2})',
  reason: BILLING_DATE_REASON,
}));

/** `/mmm/v1/reports/{reportId}` (GET getMmmReport, DELETE deleteMmmReport) declares no parameter at all. */
const MMM_REPORT_ID: SpecErratum = {
  family: 'amazon-ads',
  stem: 'ReportingMarketingMixModeling',
  pointer: '/paths/~1mmm~1v1~1reports~1{reportId}/parameters',
  published: undefined,
  corrected: [
    {
      name: 'reportId',
      in: 'path',
      required: true,
      description:
        'The report identifier, found in the response to creating a report with `POST /mmm/v1/reports`.',
      schema: { type: 'string' },
    },
  ],
  reason:
    'The path template has a {reportId} placeholder that no parameter (path- or operation-level) declares, ' +
    "so no request could name a report; the operations' descriptions say the reportId comes from " +
    'POST /mmm/v1/reports. Declared as the required string path parameter every placeholder is.',
};

/** UpdateRecommendationRequest requires `recommendationId` but declares only three other properties. */
const RECOMMENDATION_ID: SpecErratum = {
  family: 'amazon-ads',
  stem: 'RecommendationsInsightsTacticalRecommendations',
  pointer: '/components/schemas/UpdateRecommendationRequest/properties/recommendationId',
  published: undefined,
  corrected: {
    type: 'string',
    description:
      'The identifier of the recommendation being updated (the same as the path recommendationId).',
  },
  reason:
    'The schema lists recommendationId in `required` but never declares it, so a closed body could never ' +
    'carry it and every request would miss a required field. Declared as the string identifier the ' +
    'path parameter of the same name is.',
};

/** BaseBillingProfile requires two names only CreateBillingProfile (its allOf sibling there) declares. */
const BASE_BILLING_PROFILE_REQUIRED: SpecErratum = {
  family: 'amazon-ads',
  stem: 'AccountsBilling',
  pointer: '/components/schemas/BaseBillingProfile/required',
  published: ['address', 'billingParty', 'billingProfileName', 'isBillTo', 'purchaseOrderNumber'],
  corrected: ['address', 'billingProfileName', 'purchaseOrderNumber'],
  reason:
    'BaseBillingProfile requires billingParty and isBillTo without declaring them. CreateBillingProfile ' +
    'declares and requires both itself; UpdateBillingProfile (PUT /billingProfiles) declares neither, so ' +
    'an update could never be valid. The base keeps the names it declares; creation still requires the two.',
};

/** ArchiveLocationRequest requires `LocationExpressionIdFilter`; the property it declares is lower camel case. */
const ARCHIVE_LOCATION_FILTER: SpecErratum = {
  family: 'amazon-ads',
  stem: 'SponsoredDisplay',
  pointer: '/components/schemas/ArchiveLocationRequest/required',
  published: ['LocationExpressionIdFilter'],
  corrected: ['locationExpressionIdFilter'],
  reason:
    'The required name differs in case from the only property, locationExpressionIdFilter, so no body ' +
    'could be valid; every other Sponsored Display request names its properties in lower camel case.',
};

const SP_SNAPSHOT_ID_REASON =
  'The path types snapshotId as a number while the SnapshotResponse every request answers types it as a ' +
  'string, and Amazon issues string ids (amzn1.clicksAPI.v1.p<n>.<hex>.<uuid>), so no id the API hands ' +
  'out could be sent back. Typed as the string the answer declares (the Sponsored Display twin does so).';

/** SP v2 snapshots: getSnapshotStatus and downloadSnapshot take back the snapshotId requestSnapshot answered. */
const SP_SNAPSHOT_ID_ERRATA: SpecErratum[] = [
  '/paths/~1v2~1sp~1snapshots~1{snapshotId}/get/parameters/2/schema/type',
  '/paths/~1v2~1sp~1snapshots~1{snapshotId}~1download/get/parameters/2/schema/type',
].map((pointer) => ({
  family: 'amazon-ads',
  stem: 'SPSnapshotsSuggestedKeywords',
  pointer,
  published: 'number',
  corrected: 'string',
  reason: SP_SNAPSHOT_ID_REASON,
}));

/**
 * Operations whose spec declares no identity header at all (not even ClientId), although their API family
 * scopes every request: each gets the family's header, as the file's own sibling operations declare it.
 * `index` is the operation's declared parameter count (the header is appended) or undefined (no list yet).
 */
interface MissingHeader {
  stem: string;
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  index?: number;
}

const escapePointer = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

function headerErrata(ops: readonly MissingHeader[], header: unknown, reason: string): SpecErratum[] {
  return ops.map(({ stem, method, path, index }) => {
    const base = `/paths/${escapePointer(path)}/${method}/parameters`;
    return {
      family: 'amazon-ads',
      stem,
      pointer: index === undefined ? base : `${base}/${index}`,
      published: undefined,
      corrected: index === undefined ? [header] : header,
      reason,
    };
  });
}

/** The profile-scope header as files without a parameter component of their own declare it. */
const SCOPE_HEADER = {
  name: 'Amazon-Advertising-API-Scope',
  in: 'header',
  required: true,
  description:
    'The identifier of a profile associated with the advertiser account (`GET /v2/profiles`); the server sends the active profile.',
  schema: { type: 'string' },
};

const SB_V3_SCOPE = headerErrata(
  [
    { stem: 'SponsoredBrandsV3', method: 'post', path: '/sb/targets' },
    { stem: 'SponsoredBrandsV3', method: 'put', path: '/sb/targets' },
    { stem: 'SponsoredBrandsV3', method: 'post', path: '/sb/targets/list' },
    { stem: 'SponsoredBrandsV3', method: 'delete', path: '/sb/targets/{targetId}', index: 1 },
    { stem: 'SponsoredBrandsV3', method: 'post', path: '/sb/negativeTargets' },
    { stem: 'SponsoredBrandsV3', method: 'put', path: '/sb/negativeTargets' },
    { stem: 'SponsoredBrandsV3', method: 'post', path: '/sb/negativeTargets/list' },
    { stem: 'SponsoredBrandsV3', method: 'get', path: '/sb/negativeTargets/{negativeTargetId}', index: 1 },
    { stem: 'SponsoredBrandsV3', method: 'delete', path: '/sb/negativeTargets/{negativeTargetId}', index: 1 },
  ],
  { $ref: '#/components/parameters/profileHeader' },
  'Sponsored Brands v3 scopes every request to an advertiser profile: 30 of the 39 operations of this file ' +
    '(keywords, negative keywords, campaigns, ad groups, GET /sb/targets/{targetId}) declare its required ' +
    '`profileHeader` (Amazon-Advertising-API-Scope); only these 9 target operations declare no header at all, ' +
    "not even the ClientId every Ads request carries, so the omission is the file's, not the API's.",
);

const SP_V2_BID_RECOMMENDATIONS_SCOPE = headerErrata(
  [{ stem: 'SPSnapshotsSuggestedKeywords', method: 'post', path: '/v2/sp/targets/bidRecommendations' }],
  { $ref: '#/components/parameters/profileHeader' },
  'Sponsored Products v2 is profile-scoped: the other 10 operations of this file (snapshots, keyword ' +
    'suggestions, the other bid recommendations) declare the required `profileHeader`; this one declares no ' +
    "header at all, and its targets belong to a profile's ad groups.",
);

const BILLING_SCOPE = headerErrata(
  [
    { stem: 'AccountsBilling', method: 'post', path: '/billing/statuses' },
    { stem: 'AccountsBilling', method: 'get', path: '/invoices', index: 5 },
    { stem: 'AccountsBilling', method: 'get', path: '/invoices/{invoiceId}', index: 1 },
  ],
  { $ref: '#/components/parameters/AdPaymentsProfileHeader' },
  'These three declare no header at all, while every other operation of the file declares ClientId and the ' +
    "advertiser identity; invoices and billing statuses belong to an advertiser, and the file's own " +
    '`AdPaymentsProfileHeader` (Scope) is what the advertiser-level billing operations (POST /billing/invoices/pay, ' +
    'the payment agreements and payment methods) declare. Declared with that component (optional, as the file has it).',
);

const STORES_SCOPE = headerErrata(
  [
    { stem: 'StoresAnalytics', method: 'post', path: '/stores/{brandEntityId}/asinMetrics', index: 1 },
    { stem: 'StoresAnalytics', method: 'post', path: '/stores/{brandEntityId}/insights', index: 1 },
  ],
  SCOPE_HEADER,
  'Both operations require the advertiser permission `advertiser_campaign_edit` (their descriptions), which ' +
    'Amazon grants per advertiser profile, and the file declares no header at all (not even ClientId): ' +
    'declared as the required Scope every profile-level operation carries.',
);

const HISTORY_SCOPE = headerErrata(
  [{ stem: 'ChangeHistory', method: 'post', path: '/history' }],
  SCOPE_HEADER,
  'The description says "Only events that belong to the authenticated Advertiser can be queried": the ' +
    'advertiser is the profile the Scope header names, and the file declares no header at all.',
);

const MMM_MANAGER_ACCOUNT = headerErrata(
  [
    { stem: 'ReportingMarketingMixModeling', method: 'post', path: '/mmm/v1/brandGroups/list' },
    { stem: 'ReportingMarketingMixModeling', method: 'post', path: '/mmm/v1/reports' },
    { stem: 'ReportingMarketingMixModeling', method: 'get', path: '/mmm/v1/reports/{reportId}' },
    { stem: 'ReportingMarketingMixModeling', method: 'delete', path: '/mmm/v1/reports/{reportId}' },
  ],
  {
    name: 'Amazon-Advertising-API-Manager-Account',
    in: 'header',
    required: true,
    description: 'The Global Manager Account the report belongs to (`GET /managerAccounts`).',
    schema: { type: 'string' },
  },
  'Marketing Mix Modeling is authorized per manager account, not per profile: DELETE /mmm/v1/reports/{reportId} ' +
    'says "Authorized resource type: Global Manager Account ID, Parameter name: Amazon-Advertising-API-Manager-Account" ' +
    'in its description, and no operation of the file declares any header. Declared on all four as that ' +
    'required header (an argument: the server has no manager account of its own).',
);

/** Every Ads operation whose spec declares no identity header, settled by its family's rule (see each reason). */
export const MISSING_IDENTITY_HEADER_ERRATA: readonly SpecErratum[] = [
  ...SB_V3_SCOPE,
  ...SP_V2_BID_RECOMMENDATIONS_SCOPE,
  ...BILLING_SCOPE,
  ...STORES_SCOPE,
  ...HISTORY_SCOPE,
  ...MMM_MANAGER_ACCOUNT,
];

/** Every correction, each with its reason. Keep this list short: a spec that can be read as it stands is. */
export const SPEC_ERRATA: readonly SpecErratum[] = [
  ...BILLING_DATE_ERRATA,
  MMM_REPORT_ID,
  RECOMMENDATION_ID,
  BASE_BILLING_PROFILE_REQUIRED,
  ARCHIVE_LOCATION_FILTER,
  ...SP_SNAPSHOT_ID_ERRATA,
  ...MISSING_IDENTITY_HEADER_ERRATA,
];

const decodeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The object holding the pointer's last token, and that token; undefined when the path is absent. */
function parentOf(doc: unknown, pointer: string): [Record<string, unknown>, string] | undefined {
  const tokens = pointer.split('/').slice(1).map(decodeToken);
  const last = tokens.pop();
  let node: unknown = doc;
  for (const token of tokens) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return typeof node === 'object' && node !== null && last !== undefined
    ? [node as Record<string, unknown>, last]
    : undefined;
}

/** The errata of this file whose published value the document still holds. */
export function pendingErrata(file: SpecFile, doc: unknown): SpecErratum[] {
  return SPEC_ERRATA.filter((e) => {
    if (e.family !== file.family || e.stem !== file.stem) return false;
    const at = parentOf(doc, e.pointer);
    return at !== undefined && JSON.stringify(at[0][at[1]]) === JSON.stringify(e.published);
  });
}

/** Applies this file's errata in place (only where the published value is still there). */
export function applyErrata<T>(file: SpecFile, doc: T): T {
  for (const erratum of pendingErrata(file, doc)) {
    const at = parentOf(doc, erratum.pointer);
    if (at) at[0][at[1]] = erratum.corrected;
  }
  return doc;
}
