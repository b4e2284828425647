// An LWA 408 (the token host timed out) in process: a retryable outage whose summary and hints agree, never "check your credentials".
import { assertEnvelope } from '@obmcp/test-kit';
import { silentLogger } from '@obmcp/mcp-server/testing';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createServer } from '../src/server.js';

const LWA = 'https://api.amazon.com/auth/o2/token';
const ENV = {
  OBMCP_MOCK: '1',
  SP_API_CLIENT_ID: 'mock-sp-client-id',
  SP_API_CLIENT_SECRET: 'mock-sp-client-secret',
  SP_API_REFRESH_TOKEN: 'mock-sp-refresh-token',
  CODE_MODE: 'off',
};

let mocks: SetupServer;
let lwaRequests = 0;
beforeAll(() => {
  mocks = startMockServer();
  mocks.events.on('request:start', ({ request }) => {
    if (request.url === LWA) lwaRequests += 1;
  });
});
afterEach(() => {
  mocks.resetHandlers();
  lwaRequests = 0;
});
afterAll(() => mocks.close());

async function envelopeOfCall() {
  const { host } = createServer(loadConfig(ENV), { logger: silentLogger, env: ENV });
  const outcome = await host.call('get_marketplace_participations', {});
  expect(outcome.ok).toBe(false);
  if (outcome.ok) throw new Error('unreachable');
  assertEnvelope(outcome.envelope);
  return outcome.envelope;
}

// A 408 comes from the host's front end, with LWA's own error body or with none at all.
const ANSWERS: ReadonlyArray<[string, () => Response]> = [
  ['no body', () => new HttpResponse(null, { status: 408 })],
  [
    'an LWA error body with an unknown code',
    () =>
      HttpResponse.json(
        { error: 'request_timeout', error_description: 'Request timed out' },
        { status: 408 },
      ),
  ],
];

describe('an LWA 408 is an outage everywhere in the envelope', () => {
  it.each(ANSWERS)('%s: a retryable SP_API_HTTP_408 that speaks of an outage', async (_, answer) => {
    mocks.use(http.post(LWA, answer));
    const envelope = await envelopeOfCall();
    expect(envelope).toMatchObject({
      error_kind: 'sp_api_http',
      error_code: 'SP_API_HTTP_408',
      retryable: true,
    });
    expect(envelope.details[0]).toMatchObject({ credential_exchange: true });
    // At most the exchange's own 2 attempts: the API call's retry does not repeat a failed exchange.
    expect(lwaRequests).toBeGreaterThanOrEqual(1);
    expect(lwaRequests).toBeLessThanOrEqual(2);
    const text = [envelope.summary, ...envelope.hints].join(' ');
    expect(envelope.summary).toMatch(/Login with Amazon/);
    expect(envelope.hints.join(' ')).toMatch(/temporarily unavailable|failed server-side/);
    expect(text).not.toMatch(/check the LWA credentials|SP_API_CLIENT_SECRET|re-authorize|unknown_error/i);
  });

  it('a 401 from the same host is still a rejected credential (the contrast the 408 must not fall into)', async () => {
    mocks.use(
      http.post(LWA, () =>
        HttpResponse.json(
          { error: 'invalid_client', error_description: 'Client authentication failed' },
          { status: 401 },
        ),
      ),
    );
    const envelope = await envelopeOfCall();
    expect(envelope).toMatchObject({ error_kind: 'auth_error', retryable: false });
    expect(envelope.hints.join(' ')).toContain('SP_API_CLIENT_SECRET');
    expect(lwaRequests).toBe(1);
  });
});
