// Each OBMCP_MOCK_FAULT scenario on a representative tool (get_order): kind, code, retryable, _meta.
// One server; a fault switch flips the scenario between calls.
import { assertEnvelope, callTool, createFaultSwitch, type TestServer } from '@obmcp/test-kit';
import type { FaultScenario } from '@obmcp/upstream-mocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSp } from './helpers.js';

interface Expectation {
  kind?: string;
  code?: string;
  retryable?: boolean;
  retryAfter?: number | 'absent';
  success?: boolean;
}

/**
 * In the order they run. Until warning_header succeeds, get_order's restricted-data token is not cached, so
 * each failing scenario meets the fault at the Tokens API call first (as with a fresh server). The 429 with
 * Retry-After runs last: it blocks the operation's limiter bucket for 2 s.
 */
const CASES: Array<[FaultScenario, Expectation]> = [
  ['http_401', { kind: 'auth_error', code: 'SP_API_HTTP_401', retryable: false }],
  ['http_403', { kind: 'auth_error', code: 'SP_API_HTTP_403', retryable: false }],
  ['http_404', { kind: 'sp_api_http', code: 'SP_API_HTTP_404', retryable: false }],
  ['http_429', { kind: 'rate_limited', code: 'RATE_LIMITED', retryable: true, retryAfter: 'absent' }],
  ['http_500', { kind: 'sp_api_http', code: 'SP_API_HTTP_500', retryable: true }],
  ['http_503_retry_after', { kind: 'sp_api_http', code: 'SP_API_HTTP_503', retryable: true, retryAfter: 2 }],
  ['html_200', { kind: 'sp_api_client', code: 'UPSTREAM_INVALID_RESPONSE', retryable: true }],
  ['truncated_json', { kind: 'sp_api_client', code: 'UPSTREAM_INVALID_RESPONSE', retryable: true }],
  ['timeout', { kind: 'sp_api_client', code: 'UPSTREAM_TIMEOUT', retryable: true }],
  ['reset', { kind: 'sp_api_client', code: 'UPSTREAM_UNREACHABLE', retryable: true }],
  ['warning_header', { success: true }],
  ['http_429_retry_after', { kind: 'rate_limited', code: 'RATE_LIMITED', retryable: true, retryAfter: 2 }],
];

describe('OBMCP_MOCK_FAULT scenarios on get_order', () => {
  const faults = createFaultSwitch();
  let sp: TestServer;
  beforeAll(async () => {
    // A test-only limiter rule roomy enough for twelve scenarios (with retries) on one operation's bucket.
    sp = await startSp({ ...faults.env, SP_API_TIMEOUT_MS: '300', OBMCP_MOCK_RATE_LIMIT: '1000/1000' });
  });
  afterAll(async () => {
    await sp?.close();
    faults.dispose();
  });

  it.each(CASES)('%s', async (scenario, want) => {
    faults.set(scenario);
    const out = await callTool(sp.client, 'get_order', { orderId: '902-3159896-1390916' });
    if (want.success) {
      expect(out.envelope).toBeUndefined();
      const meta = out.result?._meta as { warnings?: Array<{ kind: string; summary: string }> };
      expect(meta.warnings?.[0]).toMatchObject({ kind: 'upstream_warning' });
      expect(meta.warnings?.[0]?.summary).toContain('cached response');
      return;
    }
    const env = out.envelope;
    assertEnvelope(env);
    expect(env).toMatchObject({
      error_kind: want.kind,
      error_code: want.code,
      retryable: want.retryable,
      tool: 'get_order',
    });
    const meta = (env._meta ?? {}) as Record<string, unknown>;
    if (want.retryAfter === 'absent') expect(meta.retry_after_seconds).toBeUndefined();
    else if (want.retryAfter !== undefined) expect(meta.retry_after_seconds).toBe(want.retryAfter);
    // SP-API never sends rate headers on 401/403/429/5xx; nothing may be invented.
    if (scenario !== 'http_404') expect(meta.rate_limit).toBeUndefined();
    if (scenario.startsWith('http_')) {
      expect(typeof meta.request_id).toBe('string');
      expect(env.details[0]).toMatchObject({ received_type: 'upstream_error' });
    }
    if (scenario === 'html_200' || scenario === 'truncated_json') {
      expect(JSON.stringify(env)).not.toMatch(/DOCTYPE|Service Temporarily|"tru/);
    }
  });
});
