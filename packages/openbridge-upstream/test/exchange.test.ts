// The one refresh-token → JWT exchange: its request from the catalog, the JWT's claims, and every failure's envelope.
import {
  AuthError,
  type Logger,
  RateLimitedError,
  UpstreamHttpError,
  UpstreamTransportError,
} from '@obmcp/contract';
import { describe, expect, it } from 'vitest';
import { createLimiter } from '@obmcp/http-kit';
import { openbridgeLimits } from '../src/budget.js';
import {
  exchangeRefreshToken,
  type JwtExchangeOptions,
  jwtExchangePipeline,
  REFRESH_TOKEN_HINTS,
} from '../src/exchange.js';
import { type Canned, fakeFetcher, jwtWith } from './support/fake-fetcher.js';

const hosts = { auth: 'https://auth.example' };
const KEY = 'key-id:key-secret';

function exchange(answers: Canned[], extra: Partial<JwtExchangeOptions> = {}, signal?: AbortSignal) {
  const fetcher = fakeFetcher(answers);
  const pipeline = jwtExchangePipeline({
    fetcher,
    hosts,
    secrets: () => [KEY],
    retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxTotalMs: 10 },
    ...extra,
  });
  return { fetcher, run: () => exchangeRefreshToken(pipeline, KEY, signal) };
}

const tokenBody = (token: unknown) => ({ data: { type: 'APIAuth', attributes: { token } } });

describe('exchangeRefreshToken', () => {
  it.each([200, 202])(
    'HTTP %s: POSTs the APIAuth body to the catalog path and reads the claims',
    async (status) => {
      const token = jwtWith({ expires_at: 2_000_000_000, account_id: 3558, user_id: '4071' });
      const { fetcher, run } = exchange([{ status, body: tokenBody(token) }]);
      expect(await run()).toEqual({
        value: token,
        expiresAt: 2_000_000_000_000,
        accountId: 3558,
        userId: 4071,
      });
      const [req] = fetcher.sent;
      expect(req?.method).toBe('POST');
      expect(String(req?.url)).toBe('https://auth.example/auth/api/ref');
      expect(JSON.parse(String(req?.body))).toEqual({
        data: { type: 'APIAuth', attributes: { refresh_token: KEY } },
      });
    },
  );

  it('a JWT without an expiry is kept for an hour', async () => {
    const before = Date.now();
    const { run } = exchange([{ status: 200, body: tokenBody(jwtWith({})) }]);
    const issued = await run();
    expect(issued.expiresAt).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(issued.expiresAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(issued.accountId).toBeUndefined();
  });

  it.each([
    ['no token', { data: { attributes: {} } }, 'undefined'],
    ['no attributes', { data: {} }, 'undefined'],
    ['no data', {}, 'undefined'],
    ['a token that is not a JWT', tokenBody('not-a-jwt'), 'string'],
    ['a null body', null, 'undefined'],
  ])('%s → UPSTREAM_INVALID_RESPONSE', async (_name, body, receivedType) => {
    const { run } = exchange([{ status: 200, body }]);
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamTransportError);
    expect(error).toMatchObject({
      code: 'UPSTREAM_INVALID_RESPONSE',
      summary: 'Openbridge authentication response carried no JWT at data.attributes.token.',
      details: [
        { path: 'data/attributes/token', issue: 'missing or not a JWT', received_type: receivedType },
      ],
    });
  });

  it('a rejected token → AuthError with the one refresh-token hint, the key redacted from details', async () => {
    const { run } = exchange([{ status: 401, body: { errors: [{ detail: `bad key ${KEY}` }] } }]);
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      summary: 'Openbridge authentication rejected the configured refresh token (HTTP 401).',
      hints: [...REFRESH_TOKEN_HINTS],
    });
    expect(JSON.stringify((error as AuthError).details)).not.toContain('key-secret');
    expect(REFRESH_TOKEN_HINTS.join(' ')).toContain('OPENBRIDGE_REFRESH_TOKEN');
  });

  it('an outage stays an OPENBRIDGE_HTTP failure, never "rejected", without the token hint', async () => {
    const { run } = exchange([{ status: 503, body: { message: 'down' } }]);
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect(error).toMatchObject({
      status: 503,
      prefix: 'OPENBRIDGE',
      summary: 'Openbridge authentication failed with HTTP 503 while exchanging the refresh token.',
    });
    expect((error as UpstreamHttpError).hints).not.toContain(REFRESH_TOKEN_HINTS[0]);
  });

  it("spends from the budget it is given, logs the catalog's operation name, and honours the caller's signal", async () => {
    const token = jwtWith({ expires_at: 2_000_000_000 });
    const lines: Array<Record<string, unknown>> = [];
    const log = {
      debug: (_msg: string, fields?: Record<string, unknown>) => lines.push(fields ?? {}),
      info: (_msg: string, fields?: Record<string, unknown>) => lines.push(fields ?? {}),
      warn: (_msg: string, fields?: Record<string, unknown>) => lines.push(fields ?? {}),
      error: (_msg: string, fields?: Record<string, unknown>) => lines.push(fields ?? {}),
      child: () => log,
    } as unknown as Logger;
    // A budget of one request that does not refill within the test.
    const limits = openbridgeLimits(createLimiter({ maxWaitMs: 0 }), {
      OBMCP_MOCK: '1',
      OBMCP_MOCK_RATE_LIMIT: '0.001/1',
    });
    const answers = [
      { status: 200, body: tokenBody(token) },
      { status: 200, body: tokenBody(token) },
    ];
    const { run } = exchange(answers, { limits, log });
    expect((await run()).value).toBe(token);
    await expect(run()).rejects.toBeInstanceOf(RateLimitedError);
    expect(JSON.stringify(lines)).toContain('refreshTokenExchange');
    const caller = new AbortController();
    const given = exchange([{ status: 200, body: tokenBody(token) }], {}, caller.signal);
    await given.run();
    const sent = given.fetcher.sent[0]?.signal;
    expect(sent?.aborted).toBe(false);
    caller.abort();
    expect(sent?.aborted).toBe(true);
  });

  it('a transport failure passes through unchanged', async () => {
    const { run } = exchange([]);
    await expect(run()).rejects.not.toBeInstanceOf(AuthError);
  });
});
