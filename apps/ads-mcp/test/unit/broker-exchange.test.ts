// Openbridge token brokering failing, as ads-mcp reports it: Openbridge's code family, its error bodies read (the key hidden), rejected vs throttled vs down.
import { AuthError, UpstreamHttpError } from '@obmcp/contract';
import { OPENBRIDGE_DEFAULT_HOSTS, operationUrl } from '@obmcp/openbridge-upstream';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialExchange } from '../../src/auth/credential-exchange.js';
import { createOpenbridgeSource } from '../../src/auth/openbridge-source.js';
import { openbridgeChain, REFRESH_TOKEN } from '../support/openbridge-chain.js';

const IDENTITY = 7460;
const TOKEN_URL = operationUrl(OPENBRIDGE_DEFAULT_HOSTS, 'getAmazonAdvertisingToken', {
  remote_identity_id: IDENTITY,
});

let mock: SetupServer;
let brokered = 0;
beforeAll(() => {
  mock = startMockServer();
  mock.events.on('request:start', ({ request }) => {
    if (request.url === TOKEN_URL) brokered += 1;
  });
});
afterEach(() => {
  mock.resetHandlers();
  brokered = 0;
});
afterAll(() => mock.close());

function source(env: Record<string, string> = { OBMCP_MOCK: '1' }) {
  const { config, fetcher, limits, jwt } = openbridgeChain({ env, limiterEnv: {} });
  const broker = createCredentialExchange(config, fetcher, { openbridgeLimits: limits, issuedFor: jwt });
  return createOpenbridgeSource(broker, () => IDENTITY, 'fallback-client-id');
}

const answer = (status: number, body: JsonBodyType) =>
  mock.use(http.get(TOKEN_URL, () => HttpResponse.json(body, { status })));

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('Openbridge token brokering failing', () => {
  it('an identity Openbridge refuses (403): auth_error with the brokering hints, its detail read, the key hidden', async () => {
    answer(403, { errors: [{ status: '403', detail: `identity revoked for key ${REFRESH_TOKEN}` }] });
    const error = await failure(source().get('na'));
    expect(error).toBeInstanceOf(AuthError);
    const e = error as AuthError;
    expect(e.summary).toMatch(/^Openbridge token brokering rejected the configured credentials \(HTTP 403/);
    expect(e.hints[0]).toContain('set_active_identity');
    expect(e.hints[1]).toContain('Re-authorize the Amazon Advertising identity');
    const shown = JSON.stringify([e.message, e.summary, e.details]);
    expect(shown).toContain('identity revoked');
    expect(shown).not.toContain('unit-secret');
    expect(brokered).toBe(1);
  });

  it('down (503): retried, then OPENBRIDGE_HTTP_503 with the retry hint', async () => {
    answer(503, { errors: [{ status: '503', detail: 'Service Unavailable' }] });
    const error = await failure(source({ OBMCP_MOCK: '1', ADS_API_MAX_ATTEMPTS: '2' }).get('na'));
    expect(error).toBeInstanceOf(UpstreamHttpError);
    const e = error as UpstreamHttpError;
    expect(e.status).toBe(503);
    expect(e.prefix).toBe('OPENBRIDGE');
    expect(e.summary).toBe(
      'Openbridge token brokering credential exchange failed with HTTP 503; no access token could be obtained.',
    );
    expect(e.hints).toEqual(['The credential service failed server-side; retry after a short backoff.']);
    expect(brokered).toBe(2);
  });

  it('throttled (429): the wait hint, Openbridge named', async () => {
    answer(429, { errors: [{ status: '429', detail: 'Too Many Requests' }] });
    const error = await failure(source({ OBMCP_MOCK: '1', ADS_API_MAX_ATTEMPTS: '1' }).get('na'));
    const e = error as UpstreamHttpError;
    expect(e.status).toBe(429);
    expect(e.summary).toBe('Openbridge token brokering throttled the credential exchange (HTTP 429).');
    expect(e.hints).toEqual(['Wait before retrying: the credential service throttles token requests.']);
  });
});
