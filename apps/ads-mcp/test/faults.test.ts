// Every OBMCP_MOCK_FAULT scenario on a representative tool (list_campaigns) → the expected envelope.
// One server for the scenarios (a fault switch flips them between calls), one for the short timeout.
import { callTool, createFaultSwitch, type TestServer } from '@obmcp/test-kit';
import type { FaultScenario } from '@obmcp/upstream-mocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, metaOf, ok, start, US_PROFILE } from './helpers.js';

const base = { ADS_API_PROFILE_ID: String(US_PROFILE) };

interface Expected {
  kind: string;
  code: string;
  retryable: boolean;
  retryAfter?: number;
}

/** In the order they run: the 429 with Retry-After last (it blocks the operation's limiter bucket for 2 s). */
const CASES: Array<[FaultScenario, Expected]> = [
  ['http_401', { kind: 'auth_error', code: 'ADS_API_HTTP_401', retryable: false }],
  ['http_403', { kind: 'auth_error', code: 'ADS_API_HTTP_403', retryable: false }],
  ['http_404', { kind: 'ads_api_http', code: 'ADS_API_HTTP_404', retryable: false }],
  ['http_429', { kind: 'rate_limited', code: 'RATE_LIMITED', retryable: true }],
  ['http_500', { kind: 'ads_api_http', code: 'ADS_API_HTTP_500', retryable: true }],
  [
    'http_503_retry_after',
    { kind: 'ads_api_http', code: 'ADS_API_HTTP_503', retryable: true, retryAfter: 2 },
  ],
  ['html_200', { kind: 'ads_api_client', code: 'UPSTREAM_INVALID_RESPONSE', retryable: true }],
  ['truncated_json', { kind: 'ads_api_client', code: 'UPSTREAM_INVALID_RESPONSE', retryable: true }],
  ['reset', { kind: 'ads_api_client', code: 'UPSTREAM_UNREACHABLE', retryable: true }],
  ['http_429_retry_after', { kind: 'rate_limited', code: 'RATE_LIMITED', retryable: true, retryAfter: 2 }],
];

async function expectFault(s: TestServer, scenario: FaultScenario, want: Expected): Promise<void> {
  const env = await fail(s, 'list_campaigns', { stateFilter: ['ENABLED'] });
  expect(env).toMatchObject({
    error_kind: want.kind,
    error_code: want.code,
    retryable: want.retryable,
    tool: 'list_campaigns',
  });
  const meta = metaOf(env);
  if (want.retryAfter === undefined) expect(meta.retry_after_seconds).toBeUndefined();
  else expect(meta.retry_after_seconds).toBe(want.retryAfter);
  if (scenario.startsWith('http_')) expect(typeof meta.request_id).toBe('string');
  if (want.kind === 'auth_error')
    expect(env.hints.some((h) => h.includes('ADS_API_REFRESH_TOKEN'))).toBe(true);
  if (scenario === 'http_429') expect(env.details[0]).toMatchObject({ issue: 'Too Many Requests' });
  // The server survives the failure.
  expect((await ok(s, 'get_region')).region).toBe('na');
}

describe('OBMCP_MOCK_FAULT scenarios on list_campaigns', () => {
  const faults = createFaultSwitch();
  let s: TestServer;
  beforeAll(async () => {
    // A test-only limiter rule roomy enough for every scenario (with retries) on one operation's bucket.
    s = await start({ ...base, ...faults.env, OBMCP_MOCK_RATE_LIMIT: '1000/1000' });
  });
  afterAll(async () => {
    await s?.close();
    faults.dispose();
  });

  it('warning_header → success with an upstream_warning in _meta.warnings', async () => {
    faults.set('warning_header');
    const r = await ok(s, 'list_campaigns');
    const warnings = metaOf(r).warnings as Array<{ kind: string; summary: string }>;
    expect(warnings[0]).toMatchObject({ kind: 'upstream_warning' });
    expect(warnings[0]?.summary).toContain('cached response');
  });

  for (const [scenario, want] of CASES) {
    it(`${scenario} → ${want.kind} / ${want.code}`, async () => {
      faults.set(scenario);
      await expectFault(s, scenario, want);
    });
  }
});

describe('OBMCP_MOCK_FAULT on list_campaigns, servers of their own', () => {
  it('timeout → ads_api_client / UPSTREAM_TIMEOUT (300 ms, one attempt)', async () => {
    const t = await start({
      ...base,
      OBMCP_MOCK_FAULT: 'timeout',
      ADS_API_TIMEOUT_MS: '300',
      ADS_API_MAX_ATTEMPTS: '1',
    });
    try {
      await expectFault(t, 'timeout', { kind: 'ads_api_client', code: 'UPSTREAM_TIMEOUT', retryable: true });
    } finally {
      await t.close();
    }
  });

  it('a decimal Retry-After (1.5) is kept as retry_after_seconds', async () => {
    const s = await start(base);
    try {
      const env = await fail(s, 'list_campaigns', { nameFilter: ['THROTTLE_DECIMAL'] });
      expect(env).toMatchObject({ error_kind: 'rate_limited', error_code: 'RATE_LIMITED', retryable: true });
      expect(metaOf(env).retry_after_seconds).toBe(1.5);
    } finally {
      await s.close();
    }
  });

  it('http_401 on list_profiles adds the missing-scope hint', async () => {
    const s = await start({ OBMCP_MOCK_FAULT: 'http_401' });
    try {
      const out = await callTool(s.client, 'list_profiles', {});
      expect(out.envelope?.error_kind).toBe('auth_error');
      expect(out.envelope?.hints.join(' ')).toContain('advertising::campaign_management');
    } finally {
      await s.close();
    }
  });
});
