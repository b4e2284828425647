// Every OBMCP_MOCK_FAULT / OBMCP_MOCK_AUTH_FAULT scenario on a representative tool → the expected envelope.
// In process: one server per channel (a fault switch flips the scenario between calls), plus the few that need
// their own (fresh servers on the same switch).
import {
  assertEnvelope,
  callTool,
  createFaultSwitch,
  type FaultSwitch,
  type TestServer,
  type ToolCallOutcome,
} from '@obmcp/test-kit';
import type { FaultScenario } from '@obmcp/upstream-mocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './harness.js';

const SERVER_ENV = { OPENBRIDGE_TIMEOUT_MS: '400', OPENBRIDGE_ENABLE_PRIVILEGED_TOOLS: 'true' };

async function call(
  server: TestServer,
  name = 'get_subscription_by_id',
  args: Record<string, unknown> = { subscription_id: 107003 },
): Promise<ToolCallOutcome> {
  const out = await callTool(server.client, name, args);
  // the server survives: a second call still answers
  const again = await callTool(server.client, 'get_capabilities', {});
  expect(again.result).toBeDefined();
  return out;
}

/**
 * One in-process server whose `channel` fault a switch flips per test, and `once`: a fresh server of its own
 * (its own limiter bucket and JWT cache) on the same switch, for one call under one scenario.
 */
function switchedServer(channel: 'api' | 'auth') {
  let faults: FaultSwitch | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    faults = createFaultSwitch(channel);
    server = await start({ ...SERVER_ENV, ...faults.env });
  });
  afterAll(async () => {
    await server?.close();
    faults?.dispose();
  });
  const switched = () => {
    if (!faults || !server) throw new Error('server did not start');
    return { faults, server };
  };
  const withFault = (scenario: FaultScenario | 'none', name?: string, args?: Record<string, unknown>) => {
    const { faults, server } = switched();
    faults.set(scenario);
    return call(server, name, args);
  };
  /** A fresh server under `scenario` (with `env` on top), handed to `use`; the switch goes back to none after. */
  const fresh = async <T>(
    scenario: FaultScenario,
    use: (server: TestServer) => Promise<T>,
    env: Record<string, string> = {},
    options: { recordUpstream?: boolean } = {},
  ): Promise<T> => {
    const { faults } = switched();
    faults.set(scenario);
    const own = await start({ ...SERVER_ENV, ...faults.env, ...env }, options);
    try {
      return await use(own);
    } finally {
      await own.close();
      faults.set('none');
    }
  };
  const once = (scenario: FaultScenario, name?: string, args?: Record<string, unknown>) =>
    fresh(scenario, (own) => call(own, name, args));
  return { withFault, once, fresh };
}

const API_CASES: Array<[FaultScenario, Record<string, unknown>]> = [
  ['http_401', { error_kind: 'auth_error', error_code: 'OPENBRIDGE_HTTP_401', retryable: false }],
  ['http_403', { error_kind: 'auth_error', error_code: 'OPENBRIDGE_HTTP_403', retryable: false }],
  ['http_404', { error_kind: 'sp_api_http', error_code: 'OPENBRIDGE_HTTP_404', retryable: false }],
  ['http_500', { error_kind: 'sp_api_http', error_code: 'OPENBRIDGE_HTTP_500', retryable: true }],
  ['http_503_retry_after', { error_kind: 'sp_api_http', error_code: 'OPENBRIDGE_HTTP_503', retryable: true }],
  ['html_200', { error_kind: 'sp_api_client', error_code: 'UPSTREAM_INVALID_RESPONSE', retryable: true }],
  [
    'truncated_json',
    { error_kind: 'sp_api_client', error_code: 'UPSTREAM_INVALID_RESPONSE', retryable: true },
  ],
  ['timeout', { error_kind: 'sp_api_client', error_code: 'UPSTREAM_TIMEOUT', retryable: true }],
  ['reset', { error_kind: 'sp_api_client', error_code: 'UPSTREAM_UNREACHABLE', retryable: true }],
  // A 429 carries Retry-After (60, or 2) and blocks the one per-IP limiter bucket until then: the first runs
  // last in the switched server, the second in a server of its own.
  ['http_429', { error_kind: 'rate_limited', error_code: 'RATE_LIMITED', retryable: true }],
];

function expectApiFault(scenario: FaultScenario, expected: Record<string, unknown>, out: ToolCallOutcome) {
  const { envelope } = out;
  assertEnvelope(envelope);
  expect(envelope).toMatchObject({ ...expected, tool: 'get_subscription_by_id', _envelope_version: 1 });
  if (scenario === 'http_429') expect(envelope._meta?.retry_after_seconds).toBe(60);
  if (scenario.endsWith('retry_after')) expect(envelope._meta?.retry_after_seconds).toBe(2);
  if (scenario.startsWith('http_')) {
    expect(envelope.details[0]).toMatchObject({ path: '', received_type: 'upstream_error' });
    expect(envelope._meta?.request_id).toMatch(/^ob-mock-/);
  }
  if (scenario === 'http_404') {
    expect(envelope.hints).toContain('Verify the subscription id belongs to the authenticated account.');
  }
}

describe('OBMCP_MOCK_FAULT on the API hosts', () => {
  const { withFault, once, fresh } = switchedServer('api');

  it('warning_header → success with _meta.warnings', async () => {
    const { result, envelope } = await withFault('warning_header');
    expect(envelope).toBeUndefined();
    expect((result?._meta as Record<string, unknown> | undefined)?.warnings).toEqual([
      { kind: 'upstream_warning', summary: '199 - "cached response"', details: [], hints: [] },
    ]);
  });

  it.each(API_CASES)('%s', async (scenario, expected) => {
    expectApiFault(scenario, expected, await withFault(scenario));
  });

  it('http_429_retry_after (a server of its own: a fresh per-IP bucket)', async () => {
    const expected = { error_kind: 'rate_limited', error_code: 'RATE_LIMITED', retryable: true };
    expectApiFault('http_429_retry_after', expected, await once('http_429_retry_after'));
  });

  it('the brokered-token exchange is an API request: an API fault reaches get_amazon_api_access_token, and it is recorded', async () => {
    await fresh(
      'http_500',
      async (server) => {
        const { envelope } = await callTool(server.client, 'get_amazon_api_access_token', {
          remote_identity_id: 7460,
        });
        expect(envelope).toMatchObject({ error_code: 'OPENBRIDGE_HTTP_500', retryable: true });
        const sent = server
          .upstreamRequests()
          .filter((r) => new URL(r.url).pathname === '/service/amzadv/token/7460');
        // A GET: retried like any read (OPENBRIDGE_MAX_RETRIES 0 here), each attempt in the log.
        expect(sent).toHaveLength(1);
      },
      { OPENBRIDGE_MAX_RETRIES: '0' },
      { recordUpstream: true },
    );
  });

  it('bounded retries: a 503 with Retry-After 2 is retried once and still reported with retry_after_seconds', async () => {
    // That the wait is the 2 s asked for is proven without a clock in retry-after.test.ts.
    await fresh(
      'http_503_retry_after',
      async (server) => {
        const { envelope } = await callTool(server.client, 'get_subscription_by_id', {
          subscription_id: 107003,
        });
        expect(envelope).toMatchObject({
          error_code: 'OPENBRIDGE_HTTP_503',
          _meta: { retry_after_seconds: 2 },
        });
        const sent = server.upstreamRequests().filter((r) => new URL(r.url).pathname === '/v2/sub/107003');
        expect(sent).toHaveLength(2);
      },
      { OPENBRIDGE_MAX_RETRIES: '1' },
      { recordUpstream: true },
    );
  });
});

describe('OBMCP_MOCK_AUTH_FAULT on the credential exchanges', () => {
  // No JWT is cached while every exchange fails, so each scenario meets the exchange itself.
  const { withFault } = switchedServer('auth');

  it('http_401 at the JWT exchange → auth_error AUTHENTICATION_ERROR', async () => {
    const { envelope } = await withFault('http_401');
    assertEnvelope(envelope);
    expect(envelope).toMatchObject({
      error_kind: 'auth_error',
      error_code: 'AUTHENTICATION_ERROR',
      retryable: false,
    });
  });

  it('http_403 at the JWT exchange → auth_error', async () => {
    const { envelope } = await withFault('http_403');
    expect(envelope).toMatchObject({ error_kind: 'auth_error', retryable: false });
  });

  it('http_500 at the JWT exchange → retryable OPENBRIDGE_HTTP_500 naming the authentication service', async () => {
    const { envelope } = await withFault('http_500');
    expect(envelope).toMatchObject({
      error_kind: 'sp_api_http',
      error_code: 'OPENBRIDGE_HTTP_500',
      retryable: true,
    });
    expect(envelope?.summary).toMatch(/authentication/i);
  });

  it('timeout at the JWT exchange → UPSTREAM_TIMEOUT', async () => {
    const { envelope } = await withFault('timeout');
    expect(envelope).toMatchObject({ error_kind: 'sp_api_client', error_code: 'UPSTREAM_TIMEOUT' });
  });
});
