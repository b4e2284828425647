// Sponsored Brands v4 campaign list, Sponsored Display campaigns (GET, query filters), portfolios list,
// each with the media types and shapes of SponsoredBrandsV4.json, SponsoredDisplay.json and
// AccountsPortfolios.json.
import { http, type RequestHandler } from 'msw';
import { withFault } from '../with-fault.js';
import { renderAdsFault } from './fault.js';
import { guard, readJson } from './guard.js';
import { ADS_HOSTS, regionOfUrl } from './hosts.js';
import { scopesOf } from './profiles.js';
import { adsJson } from './respond.js';
import type { Row } from './state.js';

const SB_MEDIA = 'application/vnd.sbcampaignresource.v4+json';
const PORTFOLIO_MEDIA = 'application/vnd.spPortfolio.v3+json';

function seed(scope: string) {
  const base = scope.slice(0, 4);
  const sb: Row[] = [1, 2].map((i) => ({
    campaignId: `${base}5000000000${i}`,
    name: `Mock brand campaign ${i}`,
    state: i === 1 ? 'ENABLED' : 'PAUSED',
    budget: 50 * i,
    budgetType: 'DAILY',
    brandEntityId: `ENTITYBRAND${i}`,
    startDate: '2024-02-01',
    portfolioId: `${base}7000000000${i}`,
  }));
  const sd: Row[] = [1, 2].map((i) => ({
    campaignId: Number(`${base}6000000000${i}`),
    name: `Mock display campaign ${i}`,
    state: i === 1 ? 'enabled' : 'paused',
    budget: 20 * i,
    budgetType: 'daily',
    costType: 'cpc',
    tactic: 'T00020',
    startDate: '20240301',
    portfolioId: Number(`${base}7000000000${i}`),
  }));
  const portfolios: Row[] = [1, 2].map((i) => ({
    portfolioId: `${base}7000000000${i}`,
    name: `Mock portfolio ${i}`,
    state: 'ENABLED',
    inBudget: true,
    budget: { amount: 500 * i, currencyCode: 'USD', policy: 'MONTHLY_RECURRING' },
  }));
  return { sb, sd, portfolios };
}

function includeOf(filter: unknown): string[] | undefined {
  const include = (filter as { include?: unknown } | undefined)?.include;
  return Array.isArray(include) ? include.map(String) : undefined;
}

function filtered(rows: Row[], body: Row, fields: Record<string, string>): Row[] {
  let out = rows;
  for (const [filter, field] of Object.entries(fields)) {
    const ids = includeOf(body[filter]);
    if (ids) out = out.filter((r) => ids.includes(String(r[field])));
  }
  return out;
}

const scoped = (request: Request, extra: Parameters<typeof guard>[1]) =>
  guard(request, { scope: true, ...extra }, scopesOf(regionOfUrl(request.url)));
const scopeOf = (request: Request) => request.headers.get('amazon-advertising-api-scope') ?? '';

export const campaignReadHandlers: RequestHandler[] = Object.values(ADS_HOSTS).flatMap((host) => [
  http.post(
    `${host}/sb/v4/campaigns/list`,
    withFault('api', renderAdsFault, async ({ request }) => {
      const rejected = scoped(request, { contentType: SB_MEDIA, accept: SB_MEDIA, spErrors: true });
      if (rejected) return rejected;
      const body = (await readJson(request)) ?? {};
      const rows = filtered(seed(scopeOf(request)).sb, body, {
        campaignIdFilter: 'campaignId',
        portfolioIdFilter: 'portfolioId',
        stateFilter: 'state',
      });
      return adsJson({ campaigns: rows, totalCount: rows.length }, 200, SB_MEDIA);
    }),
  ),
  http.get(
    `${host}/sd/campaigns`,
    withFault('api', renderAdsFault, ({ request }) => {
      const rejected = scoped(request, {});
      if (rejected) return rejected;
      const q = new URL(request.url).searchParams;
      let rows = seed(scopeOf(request)).sd;
      const states = q.get('stateFilter')?.split(',');
      if (states) rows = rows.filter((r) => states.includes(String(r.state)));
      const ids = q.get('campaignIdFilter')?.split(',');
      if (ids) rows = rows.filter((r) => ids.includes(String(r.campaignId)));
      const start = Number(q.get('startIndex') ?? 0) || 0;
      const count = Number(q.get('count') ?? 100) || 100;
      return adsJson(rows.slice(start, start + count));
    }),
  ),
  http.post(
    `${host}/portfolios/list`,
    withFault('api', renderAdsFault, async ({ request }) => {
      const rejected = scoped(request, {
        contentType: PORTFOLIO_MEDIA,
        accept: PORTFOLIO_MEDIA,
        spErrors: true,
      });
      if (rejected) return rejected;
      const body = (await readJson(request)) ?? {};
      const rows = filtered(seed(scopeOf(request)).portfolios, body, {
        portfolioIdFilter: 'portfolioId',
        stateFilter: 'state',
      });
      return adsJson({ portfolios: rows, totalResults: rows.length }, 200, PORTFOLIO_MEDIA);
    }),
  ),
]);
