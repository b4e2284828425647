// Credential sources: direct LWA (faults, expiry refresh) and Openbridge-brokered (identities, token).
import { spawnSync } from 'node:child_process';
import { appEntry } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { fail, ok, start, US_PROFILE } from './helpers.js';

describe('direct LWA', () => {
  it('OBMCP_MOCK_AUTH_FAULT=http_401 → auth_error AUTHENTICATION_ERROR', async () => {
    const s = await start({ OBMCP_MOCK_AUTH_FAULT: 'http_401' });
    try {
      const env = await fail(s, 'list_profiles');
      expect(env).toMatchObject({
        error_kind: 'auth_error',
        error_code: 'AUTHENTICATION_ERROR',
        retryable: false,
      });
    } finally {
      await s.close();
    }
  });

  it('OBMCP_MOCK_AUTH_FAULT=http_500 → a retryable ADS_API_HTTP_500 (an outage, not bad credentials)', async () => {
    const s = await start({ OBMCP_MOCK_AUTH_FAULT: 'http_500' });
    try {
      const env = await fail(s, 'list_profiles');
      expect(env).toMatchObject({
        error_kind: 'ads_api_http',
        error_code: 'ADS_API_HTTP_500',
        retryable: true,
      });
      expect(env.details[0]).toMatchObject({ credential_exchange: true });
      expect(env.hints[0]).toContain('retry');
      expect(env.hints.join(' ')).not.toContain('ADS_API_REFRESH_TOKEN');
    } finally {
      await s.close();
    }
  });

  it('a revoked refresh token (invalid_grant) → auth_error naming the upstream code', async () => {
    const s = await start({ ADS_API_REFRESH_TOKEN: 'Atzr|revoked-token-value' });
    try {
      const env = await fail(s, 'list_profiles');
      expect(env.error_kind).toBe('auth_error');
      expect(env.details[0]).toMatchObject({
        upstream_code: 'invalid_grant',
        received_type: 'upstream_error',
      });
    } finally {
      await s.close();
    }
  });

  it('an access token expired upstream is refreshed once and the call succeeds', async () => {
    const s = await start({ OBMCP_MOCK_EXPIRED_TOKENS: '1' });
    try {
      const r = await ok(s, 'list_profiles');
      expect(r.count).toBe(2);
    } finally {
      await s.close();
    }
  });

  it('identity tools are not listed in direct mode', async () => {
    const s = await start();
    try {
      const names = (await s.client.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain('list_identities');
      expect((await fail(s, 'list_identities')).error_kind).toBe('tool_not_found');
    } finally {
      await s.close();
    }
  });
});

describe('Openbridge-brokered', () => {
  const ob = { ADS_AUTH_MODE: 'openbridge' };

  it('lists type-14 identities, gates unknown ids, brokers a token and calls the Ads API', async () => {
    const s = await start(ob);
    try {
      const none = await fail(s, 'list_profiles');
      expect(none).toMatchObject({
        error_kind: 'mcp_input_validation',
        error_code: 'INPUT_VALIDATION_FAILED',
      });
      expect(none.details[0]?.path).toBe('identityId');
      const list = await ok(s, 'list_identities');
      const ids = (list.identities as Array<{ id: number }>).map((i) => i.id);
      expect(ids).toEqual(expect.arrayContaining([7460, 7462, 8120]));
      expect(ids).not.toContain(7461);
      const bad = await fail(s, 'set_active_identity', { identityId: 7469 });
      expect(bad).toMatchObject({
        error_kind: 'mcp_input_validation',
        error_code: 'SCHEMA_IDENTITY_NOT_FOUND',
        retryable: false,
      });
      expect(bad.details[0]).toMatchObject({ path: 'identityId', received_type: 'integer' });
      expect(bad.hints.join(' ')).toMatch(/Did you mean identityId=746[02]/);
      const eu = await ok(s, 'set_active_identity', { identityId: 7462 });
      expect(eu.region).toBe('eu');
      const set = await ok(s, 'set_active_identity', { identityId: 7460 });
      expect(set.region).toBe('na');
      const profiles = await ok(s, 'list_profiles');
      expect(profiles.count).toBe(2);
      await ok(s, 'set_active_profile', { profileId: US_PROFILE });
      expect((await ok(s, 'list_campaigns')).count).toBe(3);
    } finally {
      await s.close();
    }
  });

  it('set_active_identity falls through when the identity listing fails', async () => {
    const s = await start({ ...ob, OBMCP_MOCK_FAULT: 'http_500' });
    try {
      const r = await ok(s, 'set_active_identity', { identityId: 7460 });
      expect(r.identity).toBeNull();
    } finally {
      await s.close();
    }
  });

  it('OBMCP_MOCK_AUTH_FAULT=http_500 on the Openbridge exchange → OPENBRIDGE_HTTP_500, as openbridge-mcp says', async () => {
    const s = await start({ ...ob, OPENBRIDGE_IDENTITY_ID: '7460', OBMCP_MOCK_AUTH_FAULT: 'http_500' });
    try {
      const env = await fail(s, 'list_profiles');
      expect(env).toMatchObject({
        error_kind: 'ads_api_http',
        error_code: 'OPENBRIDGE_HTTP_500',
        retryable: true,
      });
    } finally {
      await s.close();
    }
  });

  it('OBMCP_MOCK_AUTH_FAULT on the Openbridge exchange → auth_error', async () => {
    const s = await start({ ...ob, OPENBRIDGE_IDENTITY_ID: '7460', OBMCP_MOCK_AUTH_FAULT: 'http_401' });
    try {
      const env = await fail(s, 'list_profiles');
      expect(env).toMatchObject({ error_kind: 'auth_error', error_code: 'AUTHENTICATION_ERROR' });
      expect(env.hints.join(' ')).toContain('OPENBRIDGE_REFRESH_TOKEN');
    } finally {
      await s.close();
    }
  });
});

describe('startup', () => {
  it('missing credentials outside mock mode → one stderr line, exit 2', () => {
    const res = spawnSync(process.execPath, [appEntry('ads-mcp')], {
      env: { PATH: process.env.PATH ?? '' },
      input: '',
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(res.status).toBe(2);
    const lines = res.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ads-mcp: missing credentials: .*ADS_API_CLIENT_ID.*OPENBRIDGE_REFRESH_TOKEN/);
  });
});
