// Openbridge-brokered Amazon tokens in process against the msw mocks: a JWT the broker rejects is refreshed once, through the pipeline.
import { envelopeFromThrown } from '@obmcp/contract/envelope';
import { OPENBRIDGE_DEFAULT_HOSTS, operationUrl } from '@obmcp/openbridge-upstream';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialExchange } from '../src/auth/credential-exchange.js';
import { createOpenbridgeSource } from '../src/auth/openbridge-source.js';
import { profile } from '../src/profile.js';
import { openbridgeChain } from './support/openbridge-chain.js';

const IDENTITY = 7460;
const TOKEN_URL = operationUrl(OPENBRIDGE_DEFAULT_HOSTS, 'getAmazonAdvertisingToken', {
  remote_identity_id: IDENTITY,
});
let mock: SetupServer;
let jwtExchanges = 0;
/** The Bearer JWT of each brokered-token request, in order. */
let brokerJwts: string[] = [];

beforeAll(() => {
  mock = startMockServer();
  mock.events.on('request:start', ({ request }) => {
    if (request.url === TOKEN_URL) brokerJwts.push(request.headers.get('authorization') ?? '');
    if (new URL(request.url).pathname === '/auth/api/ref') jwtExchanges += 1;
  });
});
afterEach(() => {
  mock.resetHandlers();
  jwtExchanges = 0;
  brokerJwts = [];
});
afterAll(() => mock.close());

/** ads-mcp's brokered-credential wiring as server.ts builds it. */
function source() {
  const { config, fetcher, limits, jwt } = openbridgeChain({ limiterEnv: {} });
  const broker = createCredentialExchange(config, fetcher, { openbridgeLimits: limits, issuedFor: jwt });
  return createOpenbridgeSource(broker, () => IDENTITY, 'fallback-client-id');
}

// The service host's answer to a JWT it no longer accepts (the mock's own 401 body on that host).
const jwtRejected = () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 });

describe('Openbridge token brokering and the JWT', () => {
  it('a JWT the broker rejects with 401: one more exchange, one resend with the new JWT, the token comes back', async () => {
    mock.use(http.get(TOKEN_URL, jwtRejected, { once: true }));
    const credentials = await source().get('na');
    expect(credentials.accessToken).toMatch(/\S/);
    expect(jwtExchanges).toBe(2);
    expect(brokerJwts).toHaveLength(2);
    expect(brokerJwts[1]).toMatch(/^Bearer \S+\.\S+\.\S+$/);
    expect(brokerJwts[1]).not.toBe(brokerJwts[0]);
  });

  it('still rejected after the one refresh: auth_error with the brokering hints, no further exchange', async () => {
    mock.use(http.get(TOKEN_URL, jwtRejected));
    const error = await source()
      .get('na')
      .then(
        () => expect.unreachable('brokering should have failed'),
        (e: unknown) => e,
      );
    const envelope = envelopeFromThrown(error, { profile, tool: 'list_profiles' });
    expect(envelope).toMatchObject({ error_kind: 'auth_error', retryable: false });
    expect(envelope.hints.join(' ')).toMatch(/identity/i);
    expect([jwtExchanges, brokerJwts.length]).toEqual([2, 2]);
  });
});
