// What a seller's agent notices of the Orders rules: a too-recent end date is refused before sending, and
// page 2 accepts page 1's own filters back (arrays in any order), as the tool's hint invites.
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
  SP_API_TOOLSETS: 'curated,orders',
};
const US = 'ATVPDKIKX0DER';
const CA = 'A2EUQ1WTGCTBG2';
const ORDER_PATHS = ['/orders/2026-01-01/orders', '/orders/v0/orders'];

const seen: URL[] = [];
let mocks: SetupServer;
beforeAll(() => {
  mocks = startMockServer([
    http.all(/sellingpartnerapi-(na|eu|fe)\.amazon\.com\//, ({ request }) => {
      seen.push(new URL(request.url));
    }),
  ]);
});
afterAll(() => mocks.close());

const host = () => createServer(loadConfig(ENV), { logger: silentLogger, env: ENV }).host;
const envelopeOf = (outcome: CallOutcome): Envelope | undefined =>
  outcome.ok ? undefined : outcome.envelope;
async function ordersSentDuring(run: () => Promise<unknown>): Promise<URL[]> {
  const before = seen.length;
  await run();
  return seen.slice(before).filter((u) => ORDER_PATHS.includes(u.pathname));
}
const ago = (ms: number) => new Date(Date.now() - ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('Orders end dates: at least two minutes before now', () => {
  const start = ago(86_400_000);
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['search_orders', { createdAfter: start, createdBefore: ago(30_000) }, 'createdBefore'],
    ['search_orders', { lastUpdatedAfter: start, lastUpdatedBefore: ago(60_000) }, 'lastUpdatedBefore'],
    [
      'get_orders',
      { marketplaceIds: [US], createdAfter: start, createdBefore: ago(90_000) },
      'createdBefore',
    ],
    [
      'get_orders',
      { marketplaceIds: [US], lastUpdatedAfter: start, lastUpdatedBefore: ago(0) },
      'lastUpdatedBefore',
    ],
  ];
  for (const [tool, args, key] of cases)
    it(`${tool}: a ${key} under two minutes old is refused with its pointer and nothing is sent`, async () => {
      let outcome: CallOutcome | undefined;
      const sent = await ordersSentDuring(async () => {
        outcome = await host().call(tool, args);
      });
      expect(sent).toEqual([]);
      const envelope = outcome && envelopeOf(outcome);
      expect(envelope?.error_code).toBe('INPUT_VALIDATION_FAILED');
      expect(envelope?.summary).toBe(`${key} must be at least two minutes before now.`);
      expect(envelope?.details.map((d) => d.path)).toEqual([key]);
      expect(envelope?.retryable).toBe(false);
    });

  it('an end date five minutes old is sent', async () => {
    let outcome: CallOutcome | undefined;
    const sent = await ordersSentDuring(async () => {
      outcome = await host().call('search_orders', { createdAfter: start, createdBefore: ago(300_000) });
    });
    expect(outcome && envelopeOf(outcome)).toBeUndefined();
    expect(sent).toHaveLength(1);
  });
});

describe('search_orders page 2 with page 1 filters sent back', () => {
  async function firstPage(server: ReturnType<typeof host>) {
    const page1 = await server.call('search_orders', {
      createdAfter: '2026-03-01T00:00:00Z',
      marketplaceIds: [US, CA],
      maxResultsPerPage: 1,
    });
    const token = page1.ok
      ? (page1.value as { pagination?: { nextToken?: string } }).pagination?.nextToken
      : undefined;
    expect(token).toBeTruthy();
    return token as string;
  }

  for (const order of [
    [US, CA],
    [CA, US],
  ])
    it(`the same marketplaceIds (${order.join(', ')}) are accepted and the page is requested`, async () => {
      const server = host();
      const token = await firstPage(server);
      let outcome: CallOutcome | undefined;
      const sent = await ordersSentDuring(async () => {
        outcome = await server.call('search_orders', {
          paginationToken: token,
          createdAfter: '2026-03-01T00:00:00Z',
          marketplaceIds: order,
        });
      });
      expect(outcome && envelopeOf(outcome)).toBeUndefined();
      expect(sent).toHaveLength(1);
      expect(sent[0]?.searchParams.get('paginationToken')).toBe(token);
    });

  it('a different marketplaceIds set is still refused before sending', async () => {
    const server = host();
    const token = await firstPage(server);
    let outcome: CallOutcome | undefined;
    const sent = await ordersSentDuring(async () => {
      outcome = await server.call('search_orders', { paginationToken: token, marketplaceIds: [US] });
    });
    expect(sent).toEqual([]);
    expect(outcome && envelopeOf(outcome)?.details.map((d) => d.path)).toEqual(['marketplaceIds']);
  });
});
