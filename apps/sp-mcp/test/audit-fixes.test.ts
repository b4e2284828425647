// SP audit fixes (shared/reference/audits/sp-faithfulness.md), each proven on the request sent upstream.
import { silentLogger } from '@obmcp/contract';
import { startMockServer } from '@obmcp/upstream-mocks';
import { http } from 'msw';
import type { SetupServer } from 'msw/node';
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
  // list_reports is listed with the reports toolset (outside the default list).
  SP_API_TOOLSETS: 'curated,reports',
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
});
