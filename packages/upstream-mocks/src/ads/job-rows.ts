// The entities an export (common model, upper-case states) or a snapshot (v2 shape, lower-case states) lists.
import { type Row, spEntities } from './state.js';

const SP = 'SPONSORED_PRODUCTS';

/** Export rows of one kind for a profile, filtered by the request's state and ad product filters. */
export function exportRows(kind: string, scope: string, filters: Row): Row[] {
  const e = spEntities(scope);
  const states = Array.isArray(filters.stateFilter) ? filters.stateFilter : ['ENABLED', 'PAUSED'];
  const products = Array.isArray(filters.adProductFilter) ? filters.adProductFilter : [SP];
  if (!products.includes(SP)) return [];
  const byKind: Record<string, Row[]> = {
    campaigns: e.campaigns.map((c) => ({
      campaignId: c.campaignId,
      adProduct: SP,
      name: c.name,
      state: c.state,
      startDate: c.startDate,
      targetingSettings: c.targetingType === 'AUTO' ? 'AUTO' : 'MANUAL',
      budgets: [{ budgetType: 'MONETARY', recurrenceTimePeriod: 'DAILY', budgetValue: c.budget }],
    })),
    adGroups: e.adGroups.map((g) => ({
      adGroupId: g.adGroupId,
      campaignId: g.campaignId,
      adProduct: SP,
      name: g.name,
      state: g.state,
      defaultBid: g.defaultBid,
    })),
    ads: e.productAds.map((a) => ({
      adId: a.adId,
      adGroupId: a.adGroupId,
      campaignId: a.campaignId,
      adProduct: SP,
      state: a.state,
      creative: { products: [{ productIdType: 'ASIN', productId: a.asin }] },
    })),
    targets: [...e.keywords, ...e.negativeKeywords].map((k) => ({
      targetId: k.keywordId,
      adGroupId: k.adGroupId,
      campaignId: k.campaignId,
      adProduct: SP,
      state: k.state,
      negative: String(k.matchType).startsWith('NEGATIVE'),
      targetLevel: 'AD_GROUP',
      targetType: 'KEYWORD',
      targetDetails: { keywordTarget: { keyword: k.keywordText, matchType: k.matchType } },
    })),
  };
  return (byKind[kind] ?? []).filter((r) => states.includes(r.state) && targetFiltersKeep(r, filters));
}

/** A targets export's own filters (TargetsUniversalApiExportRequest); other rows have none of these fields. */
function targetFiltersKeep(row: Row, filters: Row): boolean {
  const keeps = (filter: unknown, value: unknown) => !Array.isArray(filter) || filter.includes(value);
  if (row.targetId === undefined) return true;
  return (
    keeps(filters.negativeFilter, row.negative) &&
    keeps(filters.targetLevelFilter, row.targetLevel) &&
    keeps(filters.targetTypeFilter, row.targetType)
  );
}

/** `enabled, paused` → its states (default enabled and paused, as both snapshot APIs document). */
function statesOf(stateFilter: unknown): string[] {
  const text = typeof stateFilter === 'string' ? stateFilter : 'enabled,paused';
  return text.split(',').map((s) => s.trim().toLowerCase());
}

const lower = (v: unknown) => String(v).toLowerCase();

/** Snapshot rows of one record type (SP v2 or SD) for a profile: entities in the v2 shape. */
export function snapshotRows(product: 'sp' | 'sd', recordType: string, scope: string, body: Row): Row[] {
  const e = spEntities(scope);
  const campaigns = e.campaigns.map((c) => ({
    campaignId: Number(c.campaignId),
    name: c.name,
    state: lower(c.state),
    startDate: String(c.startDate).replaceAll('-', ''),
    ...(product === 'sp'
      ? {
          campaignType: 'sponsoredProducts',
          targetingType: lower(c.targetingType),
          dailyBudget: (c.budget as { budget?: number }).budget,
          premiumBidAdjustment: false,
        }
      : { tactic: 'T00020', budgetType: 'daily', budget: (c.budget as { budget?: number }).budget }),
  }));
  const adGroups = e.adGroups.map((g) => ({
    adGroupId: Number(g.adGroupId),
    campaignId: Number(g.campaignId),
    name: g.name,
    state: lower(g.state),
    defaultBid: g.defaultBid,
  }));
  const productAds = e.productAds.map((a) => ({
    adId: Number(a.adId),
    adGroupId: Number(a.adGroupId),
    campaignId: Number(a.campaignId),
    state: lower(a.state),
    ...(product === 'sp' ? { sku: a.sku } : { asin: a.asin }),
  }));
  const keywords = (rows: Row[]) =>
    rows.map((k) => ({
      keywordId: Number(k.keywordId),
      adGroupId: Number(k.adGroupId),
      campaignId: Number(k.campaignId),
      keywordText: k.keywordText,
      // v2 match types: exact, phrase, broad, negativeExact, negativePhrase.
      matchType: lower(k.matchType).replace(
        /^negative_(\w)/,
        (_m, c: string) => `negative${c.toUpperCase()}`,
      ),
      state: lower(k.state),
    }));
  const byType: Record<string, Row[]> = {
    campaigns,
    adGroups,
    productAds,
    ...(product === 'sp'
      ? { keywords: keywords(e.keywords), negativeKeywords: keywords(e.negativeKeywords) }
      : {}),
  };
  const states = statesOf(body.stateFilter);
  return (byType[recordType] ?? []).filter((r) => states.includes(String(r.state)));
}
