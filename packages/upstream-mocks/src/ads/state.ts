// Per-process mock state: SP entities per profile, report, AMC execution, export and snapshot lifecycles.
import type { AdsJob } from './job-progress.js';

export type Row = Record<string, unknown>;

export interface SpEntities {
  campaigns: Row[];
  adGroups: Row[];
  keywords: Row[];
  productAds: Row[];
  negativeKeywords: Row[];
}

const spByScope = new Map<string, SpEntities>();
let nextId = 900000000000000;

export function newId(): string {
  nextId += 1;
  return String(nextId);
}

function seed(scope: string): SpEntities {
  const base = scope.slice(0, 4);
  const campaigns: Row[] = [1, 2, 3].map((i) => ({
    campaignId: `${base}0000000000${i}`,
    name: `Mock campaign ${i}`,
    targetingType: i === 3 ? 'AUTO' : 'MANUAL',
    state: i === 2 ? 'PAUSED' : 'ENABLED',
    budget: { budgetType: 'DAILY', budget: 10 * i },
    startDate: '2024-01-01',
    dynamicBidding: { strategy: 'LEGACY_FOR_SALES', placementBidding: [] },
  }));
  const adGroups: Row[] = campaigns.map((c, i) => ({
    adGroupId: `${base}1000000000${i + 1}`,
    campaignId: c.campaignId,
    name: `Mock ad group ${i + 1}`,
    state: 'ENABLED',
    defaultBid: 0.75,
  }));
  const keywords: Row[] = adGroups.flatMap((g, i) =>
    (['EXACT', 'PHRASE'] as const).map((matchType, j) => ({
      keywordId: `${base}2000000000${i + 1}${j}`,
      campaignId: g.campaignId,
      adGroupId: g.adGroupId,
      keywordText: `mock keyword ${i + 1}${j}`,
      matchType,
      state: 'ENABLED',
      bid: 0.5,
    })),
  );
  const productAds: Row[] = adGroups.map((g, i) => ({
    adId: `${base}3000000000${i + 1}`,
    campaignId: g.campaignId,
    adGroupId: g.adGroupId,
    asin: `B0MOCK000${i + 1}`,
    sku: `MOCK-SKU-${i + 1}`,
    state: 'ENABLED',
  }));
  const negativeKeywords: Row[] = adGroups.slice(0, 1).map((g) => ({
    keywordId: `${base}4000000000${1}`,
    campaignId: g.campaignId,
    adGroupId: g.adGroupId,
    keywordText: 'free',
    matchType: 'NEGATIVE_PHRASE',
    state: 'ENABLED',
  }));
  return { campaigns, adGroups, keywords, productAds, negativeKeywords };
}

export function spEntities(scope: string): SpEntities {
  let entities = spByScope.get(scope);
  if (!entities) {
    entities = seed(scope);
    spByScope.set(scope, entities);
  }
  return entities;
}

export interface MockReport {
  reportId: string;
  fingerprint: string;
  body: Row;
  polls: number;
  createdAt: string;
  rows: number;
}
export const reports = new Map<string, MockReport>();

export interface MockExecution {
  workflowExecutionId: string;
  instanceId: string;
  workflowId: string;
  sql: string | undefined;
  request: Row;
  polls: number;
  createTime: string;
  /** Set by UpdateWorkflowExecution with status CANCELLED while it was PENDING or RUNNING. */
  cancelled?: boolean;
}
export const executions = new Map<string, MockExecution>();

/** The ids the apps' tool examples document: a COMPLETED report and a SUCCEEDED AMC execution. */
export const SEED_REPORT_ID = '0e5f7c9a-1b2c-4d3e-8f90-123456789abc';
/** A report seeded PENDING (until its first getReport): the one deleteAsyncReport can cancel without a create. */
export const SEED_PENDING_REPORT_ID = '7d2e4f6a-8b9c-4a1d-9e2f-3a4b5c6d7e8f';
/** A sponsored ads export (exports.ts): the media type it was created in decides the Accept its polls need. */
export interface ExportRecord {
  exportId: string;
  /** The export path's kind: campaigns, adGroups, ads, targets. */
  kind: string;
  media: string;
  /** The profile it was created for (its rows are that profile's entities). */
  scope: string;
  /** The request body (stateFilter, adProductFilter, …). */
  filters: Row;
  job: AdsJob;
  createdAt: string;
}

export const exportsById = new Map<string, ExportRecord>();

/** A v2 snapshot (snapshots.ts): SP `/v2/sp/{recordType}/snapshot` or SD `/sd/{recordType}/snapshot`. */
export interface SnapshotRecord {
  snapshotId: string;
  product: 'sp' | 'sd';
  recordType: string;
  scope: string;
  body: Row;
  job: AdsJob;
}

export const snapshotsById = new Map<string, SnapshotRecord>();

export const SEED_EXECUTION_ID = '3f1c2b7e-9a4d-4c1e-b2f3-5d6e7f8a9b0c';

function seedLifecycles(): void {
  reports.set(SEED_REPORT_ID, {
    reportId: SEED_REPORT_ID,
    fingerprint: `seed|${SEED_REPORT_ID}`,
    body: {
      name: 'Seeded SP campaigns report',
      startDate: '2026-04-01',
      endDate: '2026-04-07',
      configuration: {
        adProduct: 'SPONSORED_PRODUCTS',
        reportTypeId: 'spCampaigns',
        groupBy: ['campaign'],
        columns: ['impressions', 'clicks', 'cost', 'campaignId', 'startDate', 'endDate'],
        timeUnit: 'SUMMARY',
        format: 'GZIP_JSON',
      },
    },
    polls: 2,
    createdAt: '2026-04-08T09:00:00.000Z',
    rows: 5,
  });
  reports.set(SEED_PENDING_REPORT_ID, {
    reportId: SEED_PENDING_REPORT_ID,
    fingerprint: `seed|${SEED_PENDING_REPORT_ID}`,
    body: {
      name: 'Seeded pending SP campaigns report',
      startDate: '2026-04-08',
      endDate: '2026-04-14',
      configuration: {
        adProduct: 'SPONSORED_PRODUCTS',
        reportTypeId: 'spCampaigns',
        groupBy: ['campaign'],
        columns: ['impressions', 'clicks', 'cost', 'campaignId'],
        timeUnit: 'SUMMARY',
        format: 'GZIP_JSON',
      },
    },
    polls: 0,
    createdAt: '2026-04-15T09:00:00.000Z',
    rows: 5,
  });
  executions.set(SEED_EXECUTION_ID, {
    workflowExecutionId: SEED_EXECUTION_ID,
    instanceId: 'amcabc123def',
    workflowId: 'weekly_reach',
    sql: undefined,
    request: { workflowId: 'weekly_reach', timeWindowType: 'MOST_RECENT_WEEK' },
    polls: 2,
    createTime: '2026-04-08T09:00:00.000Z',
  });
}
seedLifecycles();

/** Test helper: forget everything but the seeded examples (in-process tests only). */
export function resetAdsMockState(): void {
  spByScope.clear();
  reports.clear();
  executions.clear();
  exportsById.clear();
  snapshotsById.clear();
  seedLifecycles();
}
