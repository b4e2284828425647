// JWT provider in-process against the msw mock: 200/202, caching until 5 min before expires_at, dedupe.
import { RateLimitedError } from '@obmcp/contract';
import { createFetcher } from '@obmcp/http-kit';
import { startMockServer } from '@obmcp/upstream-mocks';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJwtProvider, REFRESH_EARLY_MS } from '../src/auth/jwt-provider.js';
import { readJwtClaims } from '@obmcp/openbridge-upstream';
import { inProcessPipeline } from './in-process-pipeline.js';

let mock: SetupServer;
let exchanges = 0;

beforeAll(() => {
  mock = startMockServer();
  mock.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/auth/api/ref') exchanges += 1;
  });
});
afterEach(() => {
  exchanges = 0;
  delete process.env.OBMCP_MOCK_OPENBRIDGE_AUTH_STATUS;
  delete process.env.OBMCP_MOCK_OPENBRIDGE_JWT_TTL;
});
afterAll(() => mock.close());

function provider(now?: () => number) {
  return createJwtProvider({
    fetcher: createFetcher({ timeoutMs: 2_000 }),
    hosts: { auth: 'https://authentication.api.openbridge.io' },
    refreshToken: 'unit-key:unit-secret',
    maxRetries: 0,
    now,
  });
}

describe('JWT provider', () => {
  it.each(['200', '202'])(
    'accepts HTTP %s and reads data.attributes.token with expires_at',
    async (status) => {
      process.env.OBMCP_MOCK_OPENBRIDGE_AUTH_STATUS = status;
      const jwt = await provider().jwt();
      expect(jwt.split('.')).toHaveLength(3);
      const claims = readJwtClaims(jwt);
      expect(claims.accountId).toBe(3558);
      expect(claims.expiresAtMs).toBeGreaterThan(Date.now() + 50 * 60_000);
    },
  );

  it('caches the JWT and dedupes concurrent refreshes', async () => {
    const p = provider();
    const tokens = await Promise.all(Array.from({ length: 8 }, () => p.jwt()));
    expect(new Set(tokens).size).toBe(1);
    await p.jwt();
    expect(await p.principal()).toEqual({ accountId: 3558, userId: 4071 });
    expect(exchanges).toBe(1);
  });

  it('refreshes 5 minutes before expires_at, and after invalidate()', async () => {
    let clock = Date.now();
    const p = provider(() => clock);
    const first = await p.jwt();
    const expiresAt = readJwtClaims(first).expiresAtMs ?? 0;
    clock = expiresAt - REFRESH_EARLY_MS - 1_000;
    expect(await p.jwt()).toBe(first);
    expect(exchanges).toBe(1);
    clock = expiresAt - REFRESH_EARLY_MS + 1_000;
    await p.jwt();
    expect(exchanges).toBe(2);
    p.invalidate();
    await p.jwt();
    expect(exchanges).toBe(3);
  });

  it('a JWT shorter-lived than the buffer is fetched on every call (never used stale)', async () => {
    process.env.OBMCP_MOCK_OPENBRIDGE_JWT_TTL = '120';
    const p = provider();
    await p.jwt();
    await p.jwt();
    expect(exchanges).toBe(2);
  });
});

describe('the JWT exchange and the per-IP budget', () => {
  it('spends from the same budget as every Openbridge request (Openbridge counts them all)', async () => {
    // A budget of two requests that does not refill within the test.
    const { listSubscriptions: list } = inProcessPipeline({
      OBMCP_MOCK: '1',
      OBMCP_MOCK_RATE_LIMIT: '0.001/2',
    });
    await list();
    expect(exchanges).toBe(1);
    // The JWT exchange took the budget's other request: the next call is refused before it is sent.
    await expect(list()).rejects.toBeInstanceOf(RateLimitedError);
  });
});
