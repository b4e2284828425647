// Credential edges a user would notice: Openbridge named in a brokering outage, brokering spends Openbridge's per-IP budget, the JWT refreshed five minutes early, an LWA lifetime sent as text, the code of a missing identity, options left out of the config.
import { DomainValidationError, RateLimitedError, type UpstreamHttpError } from '@obmcp/contract';
import { createFetcher } from '@obmcp/http-kit';
import { OPENBRIDGE_DEFAULT_HOSTS, operationUrl } from '@obmcp/openbridge-upstream';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialExchange } from '../../src/auth/credential-exchange.js';
import { createLwaSource } from '../../src/auth/lwa.js';
import { identityPipeline, listAdsIdentities } from '../../src/auth/openbridge-identities.js';
import { createOpenbridgeSource } from '../../src/auth/openbridge-source.js';
import { adsRetry, loadConfig } from '../../src/config.js';
import { openbridgeChain, REFRESH_TOKEN } from '../support/openbridge-chain.js';

const IDENTITY = 7460;
const TOKEN_URL = operationUrl(OPENBRIDGE_DEFAULT_HOSTS, 'getAmazonAdvertisingToken', {
  remote_identity_id: IDENTITY,
});
const SRI_URL = operationUrl(OPENBRIDGE_DEFAULT_HOSTS, 'listSharedRemoteIdentities');
const LWA = 'https://api.amazon.com/auth/o2/token';

let mock: SetupServer;
let exchanges = 0;
let brokered = 0;
let grants = 0;
beforeAll(() => {
  mock = startMockServer();
  mock.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/auth/api/ref') exchanges += 1;
    if (request.url === TOKEN_URL) brokered += 1;
    if (request.url === LWA) grants += 1;
  });
});
afterEach(() => {
  mock.resetHandlers();
  exchanges = 0;
  brokered = 0;
  grants = 0;
  delete process.env.OBMCP_MOCK_OPENBRIDGE_JWT_TTL;
});
afterAll(() => mock.close());

function brokering(
  limiterEnv: Record<string, string> = {},
  env: Record<string, string> = { OBMCP_MOCK: '1' },
) {
  const { config, fetcher, limits, jwt } = openbridgeChain({ env, limiterEnv });
  const broker = createCredentialExchange(config, fetcher, { openbridgeLimits: limits, issuedFor: jwt });
  return createOpenbridgeSource(broker, () => IDENTITY, 'fallback-client-id');
}

describe('Openbridge brokering', () => {
  it('an outage names Openbridge in its detail', async () => {
    mock.use(http.get(TOKEN_URL, () => HttpResponse.json({ errors: [] }, { status: 500 })));
    const error = await brokering({}, { OBMCP_MOCK: '1', ADS_API_MAX_ATTEMPTS: '1' })
      .get('na')
      .catch((e: unknown) => e);
    expect((error as UpstreamHttpError).details[0]?.issue).toBe(
      'Openbridge answered HTTP 500 to the credential exchange; no access token was obtained, so the API was not called',
    );
  });

  it("spends from Openbridge's per-IP budget: past it, rate_limited and nothing sent", async () => {
    // Two requests that do not refill within the test: the JWT exchange and the brokered token.
    const source = brokering({ OBMCP_MOCK: '1', OBMCP_MOCK_RATE_LIMIT: '0.001/2' });
    await source.get('na');
    expect([exchanges, brokered]).toEqual([1, 1]);
    source.invalidate('na');
    await expect(source.get('na')).rejects.toBeInstanceOf(RateLimitedError);
    expect(brokered).toBe(1);
  });

  it('the JWT is refreshed five minutes before it expires', async () => {
    process.env.OBMCP_MOCK_OPENBRIDGE_JWT_TTL = '200';
    const { jwt } = openbridgeChain();
    await jwt.headers('default');
    await jwt.headers('default');
    expect(exchanges).toBe(2);
  });

  it('no active identity is an input validation failure', async () => {
    const source = createOpenbridgeSource(
      async () => ({}),
      () => undefined,
      'c',
    );
    const error = await source.get('na').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainValidationError);
    expect((error as DomainValidationError).code).toBe('INPUT_VALIDATION_FAILED');
  });

  it('an identity listing failure carries no hints of its own', async () => {
    mock.use(
      http.get(SRI_URL, () => HttpResponse.json({ errors: [{ detail: 'bad page' }] }, { status: 400 })),
    );
    const { config, fetcher, limits, jwt } = openbridgeChain({ limiterEnv: {} });
    const pipeline = identityPipeline({
      fetcher,
      jwt,
      refreshToken: REFRESH_TOKEN,
      limits,
      retry: { ...adsRetry(config), maxAttempts: 1 },
    });
    const error = (await listAdsIdentities(pipeline).catch((e: unknown) => e)) as UpstreamHttpError;
    expect(error.hints).toEqual([]);
  });
});

describe('direct LWA', () => {
  it('an expires_in sent as text is not trusted: the documented hour', async () => {
    mock.use(http.post(LWA, () => HttpResponse.json({ access_token: 'Atza|text', expires_in: '200' })));
    const config = loadConfig({
      OBMCP_MOCK: '1',
      ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.mock-ads',
      ADS_API_CLIENT_SECRET: 'mock-ads-secret',
      ADS_API_REFRESH_TOKEN: 'Atzr|mock-ads-refresh',
    });
    if (config.lwa === undefined) throw new Error('direct mode expected');
    const source = createLwaSource(
      createCredentialExchange(config, createFetcher({ timeoutMs: 5_000 })),
      config.lwa,
    );
    await source.get('na');
    await source.get('na');
    expect(grants).toBe(1);
  });
});

describe('the Openbridge config', () => {
  it('leaves out the identity and the fallback client id when they are not set', () => {
    expect(loadConfig({ OPENBRIDGE_REFRESH_TOKEN: 'k:s' }).openbridge).toStrictEqual({ refreshToken: 'k:s' });
  });
});
