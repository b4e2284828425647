// SP audit fixes (shared/reference/audits/sp-faithfulness.md), each proven on the request sent upstream.
import { silentLogger } from '@obmcp/mcp-server/testing';
import { startMockServer } from '@obmcp/upstream-mocks';
import { http } from 'msw';
import type { SetupServer } from 'msw/node';
import type { CallOutcome, Envelope } from '@obmcp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createServer } from '../src/server.js';

const ENV = {
  OBMCP_MOCK: '1',
  SP_API_CLIENT_ID: 'mock-sp-client-id',
  SP_API_CLIENT_SECRET: 'mock-sp-client-secret',
  SP_API_REFRESH_TOKEN: 'mock-sp-refresh-token',
  SP_API_SELLER_ID: 'A2MOCKSELLER01',
  CODE_MODE: 'off',
  // search_orders and list_reports are listed with their API's toolset (outside the default list).
  SP_API_TOOLSETS: 'curated,orders,reports',
};

describe('SP audit fixes (requests the real API would reject)', () => {
  const seen: URL[] = [];
  let mocks: SetupServer;
  beforeAll(() => {
    // Records every SP-API request, then lets the regular mocks answer it.
    const record = http.all(/sellingpartnerapi-(na|eu|fe)\.amazon\.com\//, ({ request }) => {
      seen.push(new URL(request.url));
    });
    mocks = startMockServer([record]);
  });
  afterAll(() => mocks.close());
  const host = () => createServer(loadConfig(ENV), { logger: silentLogger, env: ENV }).host;
  const last = (path: string) => [...seen].reverse().find((u) => u.pathname === path);

  it('S1-1: list_reports with nextToken sends the token as the only parameter', async () => {
    await host().call('list_reports', { nextToken: 'abc', reportTypes: ['GET_MERCHANT_LISTINGS_ALL_DATA'] });
    const url = last('/reports/2021-06-30/reports');
    expect(url && [...url.searchParams.keys()]).toEqual(['nextToken']);
  });

  it('S1-3: search_catalog_items with identifiersType SKU sends the seller id', async () => {
    await host().call('search_catalog_items', {
      marketplaceIds: ['ATVPDKIKX0DER'],
      identifiers: ['SKU-1'],
      identifiersType: 'SKU',
    });
    expect(last('/catalog/2022-04-01/items')?.searchParams.get('sellerId')).toBe('A2MOCKSELLER01');
  });

  const US = 'ATVPDKIKX0DER';
  const ORDERS_2026 = '/orders/2026-01-01/orders';
  const envelopeOf = (outcome: CallOutcome): Envelope | undefined =>
    outcome.ok ? undefined : outcome.envelope;
  const resultOf = (outcome: CallOutcome) => (outcome.ok ? (outcome.value as Record<string, unknown>) : {});
  const nextToken = (outcome: CallOutcome) =>
    (resultOf(outcome).pagination as { nextToken?: string } | undefined)?.nextToken;
  /** Requests to `path` sent while `run` ran. */
  async function sentDuring(path: string, run: () => Promise<unknown>): Promise<URL[]> {
    const before = seen.length;
    await run();
    return seen.slice(before).filter((u) => u.pathname === path);
  }

  it("S1-2: search_orders page 2 with only paginationToken resends page 1's filters", async () => {
    const server = host();
    const page1 = await server.call('search_orders', {
      createdAfter: '2026-03-01T00:00:00Z',
      marketplaceIds: [US],
      maxResultsPerPage: 1,
    });
    const token = nextToken(page1);
    expect(token).toBeTruthy();
    let page2: CallOutcome | undefined;
    const [url] = await sentDuring(ORDERS_2026, async () => {
      page2 = await server.call('search_orders', { paginationToken: token, maxResultsPerPage: 2 });
    });
    expect(page2 && envelopeOf(page2)).toBeUndefined();
    expect(url?.searchParams.get('paginationToken')).toBe(token);
    expect(url?.searchParams.get('createdAfter')).toBe('2026-03-01T00:00:00Z');
    expect(url?.searchParams.get('marketplaceIds')).toBe(US);
    expect(url?.searchParams.get('maxResultsPerPage')).toBe('2');
  });

  it('S1-2: a paginationToken with filters other than page 1 is refused before any request', async () => {
    const server = host();
    const token = nextToken(
      await server.call('search_orders', { createdAfter: '2026-03-01T00:00:00Z', maxResultsPerPage: 1 }),
    );
    let outcome: CallOutcome | undefined;
    const sent = await sentDuring(ORDERS_2026, async () => {
      outcome = await server.call('search_orders', {
        paginationToken: token,
        createdAfter: '2026-03-01T00:00:00Z',
        marketplaceIds: [US],
      });
    });
    expect(sent).toEqual([]);
    const envelope = outcome && envelopeOf(outcome);
    expect(envelope?.error_code).toBe('INPUT_VALIDATION_FAILED');
    expect(envelope?.details.map((d) => d.path)).toEqual(['marketplaceIds']);
  });

  it('S1-2: a paginationToken this server did not issue needs the page-1 filters', async () => {
    const sent = await sentDuring(ORDERS_2026, async () => {
      const outcome = await host().call('search_orders', { paginationToken: 'from-another-session' });
      expect(envelopeOf(outcome)?.error_code).toBe('INPUT_VALIDATION_FAILED');
      expect(envelopeOf(outcome)?.summary).toContain('filters of the request that returned it');
    });
    expect(sent).toEqual([]);
  });

  it('severity-3 #1: date combinations the Orders models forbid are refused before any request', async () => {
    const server = host();
    const cases: Array<[string, Record<string, unknown>, string[]]> = [
      [
        'search_orders',
        { createdAfter: '2026-03-01T00:00:00Z', lastUpdatedBefore: '2026-03-05T00:00:00Z' },
        ['createdAfter', 'lastUpdatedBefore'],
      ],
      [
        'search_orders',
        { lastUpdatedAfter: '2026-03-01T00:00:00Z', createdBefore: '2026-03-05T00:00:00Z' },
        ['createdBefore', 'lastUpdatedAfter'],
      ],
      [
        'get_orders',
        {
          marketplaceIds: [US],
          createdAfter: '2026-03-01T00:00:00Z',
          lastUpdatedAfter: '2026-03-01T00:00:00Z',
        },
        ['createdAfter', 'lastUpdatedAfter'],
      ],
      [
        'get_orders',
        {
          marketplaceIds: [US],
          lastUpdatedAfter: '2026-03-01T00:00:00Z',
          createdBefore: '2026-03-05T00:00:00Z',
        },
        ['createdBefore', 'lastUpdatedAfter'],
      ],
      [
        'search_orders',
        { createdAfter: '2026-03-05T00:00:00Z', createdBefore: '2026-03-01T00:00:00Z' },
        ['createdBefore'],
      ],
    ];
    const before = seen.length;
    for (const [tool, args, paths] of cases) {
      const envelope = envelopeOf(await server.call(tool, args));
      expect(envelope?.error_code, JSON.stringify(args)).toBe('INPUT_VALIDATION_FAILED');
      expect(envelope?.details.map((d) => d.path)).toEqual(paths);
    }
    expect(seen.slice(before).filter((u) => u.pathname.startsWith('/orders/'))).toEqual([]);
  });
});
