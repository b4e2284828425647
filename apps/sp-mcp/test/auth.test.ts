// Auth: LWA faults → auth_error, invalid_grant hints, refresh-once on 403 expired, startup without credentials.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { assertEnvelope, callTool } from '@obmcp/test-kit';
import { describe, expect, it } from 'vitest';
import { startSp, US } from './helpers.js';

const ENTRY = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

describe('LWA and token handling', () => {
  it('OBMCP_MOCK_AUTH_FAULT=http_401 → auth_error (invalid_client), not retryable', async () => {
    const sp = await startSp({ OBMCP_MOCK_AUTH_FAULT: 'http_401' });
    try {
      const { envelope } = await callTool(sp.client, 'get_marketplace_participations');
      assertEnvelope(envelope);
      expect(envelope).toMatchObject({
        error_kind: 'auth_error',
        error_code: 'AUTHENTICATION_ERROR',
        retryable: false,
      });
      expect(envelope.details[0]).toMatchObject({ upstream_code: 'invalid_client' });
      expect(envelope.hints.join(' ')).toContain('SP_API_CLIENT_SECRET');
    } finally {
      await sp.close();
    }
  });

  it('OBMCP_MOCK_AUTH_FAULT=http_500 → after a bounded retry, a retryable SP_API_HTTP_500 (an outage, not bad credentials)', async () => {
    const sp = await startSp({ OBMCP_MOCK_AUTH_FAULT: 'http_500' });
    try {
      const { envelope } = await callTool(sp.client, 'get_order', { orderId: '902-3159896-1390916' });
      assertEnvelope(envelope);
      expect(envelope).toMatchObject({
        error_kind: 'sp_api_http',
        error_code: 'SP_API_HTTP_500',
        retryable: true,
      });
      expect(envelope.details[0]).toMatchObject({ credential_exchange: true });
      expect(envelope.summary).toMatch(/Login with Amazon/);
    } finally {
      await sp.close();
    }
  });

  it('a revoked refresh token → invalid_grant auth_error with a re-authorize hint', async () => {
    const sp = await startSp({ SP_API_REFRESH_TOKEN: 'Atzr|revoked-token-value' });
    try {
      const { envelope } = await callTool(sp.client, 'get_orders', {
        marketplaceIds: [US],
        createdAfter: '2026-03-01T00:00:00Z',
      });
      assertEnvelope(envelope);
      expect(envelope).toMatchObject({ error_kind: 'auth_error', error_code: 'AUTHENTICATION_ERROR' });
      expect(envelope.details[0]).toMatchObject({ upstream_code: 'invalid_grant', upstream_status: 400 });
      expect(envelope.hints[0]).toMatch(/re-authorize/i);
      expect(JSON.stringify(envelope)).not.toContain('revoked-token-value');
    } finally {
      await sp.close();
    }
  });

  it('403 "access token you provided has expired" → refresh once, retry once, success', async () => {
    const sp = await startSp({ OBMCP_MOCK_EXPIRED_TOKENS: '1' });
    try {
      const out = await callTool(sp.client, 'get_order', { orderId: '902-3159896-1390916' });
      expect(out.envelope).toBeUndefined();
      expect((out.result!.order as { AmazonOrderId: string }).AmazonOrderId).toBe('902-3159896-1390916');
      expect(sp.stderr()).toContain('refreshing once');
    } finally {
      await sp.close();
    }
  });

  it('a token that stays expired is reported as auth_error SP_API_HTTP_403 after one refresh', async () => {
    const sp = await startSp({ OBMCP_MOCK_EXPIRED_TOKENS: '1000' });
    try {
      const { envelope } = await callTool(sp.client, 'get_order', { orderId: '902-3159896-1390916' });
      assertEnvelope(envelope);
      expect(envelope).toMatchObject({ error_kind: 'auth_error', error_code: 'SP_API_HTTP_403' });
      expect(envelope.details[0]?.issue).toContain('expired');
      expect((sp.stderr().match(/refreshing once/g) ?? []).length).toBe(1);
    } finally {
      await sp.close();
    }
  });

  it('missing credentials outside mock mode → one stderr line naming them, exit code 2', () => {
    const run = spawnSync(process.execPath, [ENTRY], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('SP_API_CLIENT_ID');
    expect(lines[0]).toContain('SP_API_CLIENT_SECRET');
    expect(lines[0]).toContain('SP_API_REFRESH_TOKEN');
  });

  it('an invalid SP_API_REGION is a fatal config error (exit 2)', () => {
    const run = spawnSync(process.execPath, [ENTRY], {
      env: { PATH: process.env.PATH ?? '', OBMCP_MOCK: '1', SP_API_REGION: 'mars' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('SP_API_REGION');
  });
});
