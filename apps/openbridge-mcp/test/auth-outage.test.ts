// A 408 from the Openbridge authentication host in process: a retryable outage whose summary and hints agree, never "rejected".
import { silentLogger } from '@obmcp/mcp-server/testing';
import { assertEnvelope } from '@obmcp/test-kit';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createServer } from '../src/server.js';

const AUTH = 'https://authentication.api.openbridge.io/auth/api/ref';
// No retries: the envelope, not the retry schedule, is under test here.
const ENV = { OBMCP_MOCK: '1', OPENBRIDGE_MAX_RETRIES: '0', CODE_MODE: 'off' };

let mocks: SetupServer;
beforeAll(() => {
  mocks = startMockServer();
});
afterEach(() => mocks.resetHandlers());
afterAll(() => mocks.close());

async function envelopeWhenAuthAnswers(answer: () => Response) {
  mocks.use(http.post(AUTH, answer));
  const { host } = createServer(loadConfig(ENV), { logger: silentLogger, env: ENV });
  const outcome = await host.call('get_subscriptions', {});
  if (outcome.ok) throw new Error('the call should have failed');
  assertEnvelope(outcome.envelope);
  return outcome.envelope;
}

describe('the JWT exchange answered 408', () => {
  it('is a retryable OPENBRIDGE_HTTP_408 whose summary and hints speak of an outage', async () => {
    const envelope = await envelopeWhenAuthAnswers(() =>
      HttpResponse.json(
        { errors: [{ status: '408', title: 'Request Timeout', detail: 'The request timed out.' }] },
        { status: 408 },
      ),
    );
    expect(envelope).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_408', retryable: true });
    expect(envelope.error_kind).not.toBe('auth_error');
    expect(envelope.details[0]).toMatchObject({ credential_exchange: true });
    expect(envelope.summary).toMatch(/failed with HTTP 408 while exchanging the refresh token/);
    const text = [envelope.summary, ...envelope.hints].join(' ');
    expect(text).not.toMatch(/rejected|OPENBRIDGE_REFRESH_TOKEN must be/);
    expect(envelope.hints.join(' ')).toMatch(/retry/i);
  });

  it('whereas a 401 there is a rejected refresh token (auth_error, with the fix-your-token hint)', async () => {
    const envelope = await envelopeWhenAuthAnswers(() =>
      HttpResponse.json(
        { errors: [{ status: '401', title: 'Unauthorized', detail: 'Invalid refresh token.' }] },
        { status: 401 },
      ),
    );
    expect(envelope).toMatchObject({ error_kind: 'auth_error', retryable: false });
    expect(envelope.summary).toMatch(/rejected the configured refresh token/);
    expect(envelope.hints.join(' ')).toContain('OPENBRIDGE_REFRESH_TOKEN');
  });
});
