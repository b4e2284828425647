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

/** Every correction, each with its reason. Keep this list short: a spec that can be read as it stands is. */
export const SPEC_ERRATA: readonly SpecErratum[] = [
  ...BILLING_DATE_ERRATA,
  MMM_REPORT_ID,
  RECOMMENDATION_ID,
  BASE_BILLING_PROFILE_REQUIRED,
  ARCHIVE_LOCATION_FILTER,
  ...SP_SNAPSHOT_ID_ERRATA,
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
