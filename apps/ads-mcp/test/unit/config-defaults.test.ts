// The settings an operator gets without setting them, the auth mode the credentials choose, each variable read, and the secrets kept out of logs and errors.
import { describe, expect, it } from 'vitest';
import { adsRetry, configSecrets, loadConfig } from '../../src/config.js';

const DIRECT = {
  ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.x',
  ADS_API_CLIENT_SECRET: 'client-secret',
  ADS_API_REFRESH_TOKEN: 'Atzr|refresh',
};

describe('loadConfig', () => {
  it('production defaults: 30 s calls, three attempts within 20 s, 2 s limiter waits, 50 MiB and 1 000 report rows', () => {
    const c = loadConfig(DIRECT);
    expect(c).toMatchObject({
      mock: false,
      authMode: 'direct',
      lwa: {
        clientId: DIRECT.ADS_API_CLIENT_ID,
        clientSecret: 'client-secret',
        refreshToken: 'Atzr|refresh',
      },
      region: 'na',
      enableWrites: false,
      timeoutMs: 30_000,
      maxAttempts: 3,
      retryBudgetMs: 20_000,
      retryDelays: { baseDelayMs: 1_000, maxDelayMs: 8_000 },
      limiterMaxWaitMs: 2_000,
      pollTimeScale: 1,
      reportMaxBytes: 50 * 1024 * 1024,
      reportMaxRows: 1_000,
      toolsets: undefined,
    });
    for (const key of ['openbridge', 'profileId', 'uploadDir', 'endpoint', 'lwaEndpoint'])
      expect(c).not.toHaveProperty(key);
    expect(adsRetry(c)).toEqual({
      maxAttempts: 3,
      baseDelayMs: 1_000,
      maxDelayMs: 8_000,
      maxTotalMs: 20_000,
    });
  });

  it('mock mode: shorter timeout, retry budget, backoff and limiter wait', () => {
    expect(loadConfig({ ...DIRECT, OBMCP_MOCK: '1' })).toMatchObject({
      mock: true,
      timeoutMs: 15_000,
      retryBudgetMs: 1_000,
      retryDelays: { baseDelayMs: 50, maxDelayMs: 8_000 },
      limiterMaxWaitMs: 500,
    });
  });

  it('each variable is read', () => {
    expect(
      loadConfig({
        ...DIRECT,
        ADS_API_REGION: 'fe',
        ADS_API_PROFILE_ID: '42',
        ADS_API_ENABLE_WRITES: 'true',
        ADS_API_TIMEOUT_MS: '1000',
        ADS_API_MAX_ATTEMPTS: '1',
        ADS_API_RETRY_BUDGET_MS: '0',
        ADS_REPORT_MAX_BYTES: '2048',
        ADS_REPORT_MAX_ROWS: '5',
        ADS_API_UPLOAD_DIR: '/srv/uploads',
        ADS_API_TOOLSETS: 'all',
      }),
    ).toMatchObject({
      region: 'fe',
      profileId: 42,
      enableWrites: true,
      timeoutMs: 1_000,
      maxAttempts: 1,
      retryBudgetMs: 0,
      reportMaxBytes: 2048,
      reportMaxRows: 5,
      uploadDir: '/srv/uploads',
      toolsets: 'all',
    });
    for (const bad of [
      { ADS_API_PROFILE_ID: '0' },
      { ADS_API_TIMEOUT_MS: '99' },
      { ADS_API_MAX_ATTEMPTS: '11' },
      { ADS_API_RETRY_BUDGET_MS: '600001' },
      { ADS_REPORT_MAX_BYTES: '1023' },
      { ADS_REPORT_MAX_ROWS: '100001' },
      { ADS_API_REGION: 'mars' },
    ])
      expect(() => loadConfig({ ...DIRECT, ...bad }), JSON.stringify(bad)).toThrow(Object.keys(bad)[0]);
  });

  it('the auth mode: direct when the LWA credentials are complete, Openbridge when only its token is set, ADS_AUTH_MODE wins', () => {
    const ob = { OPENBRIDGE_REFRESH_TOKEN: 'ob-key:ob-secret' };
    expect(loadConfig({ ...DIRECT, ...ob }).authMode).toBe('direct');
    const brokered = loadConfig({ ...ob, ADS_API_CLIENT_ID: 'fallback-id', OPENBRIDGE_IDENTITY_ID: '7460' });
    expect(brokered.authMode).toBe('openbridge');
    expect(brokered.openbridge).toEqual({
      refreshToken: 'ob-key:ob-secret',
      identityId: 7460,
      clientIdFallback: 'fallback-id',
    });
    expect(brokered).not.toHaveProperty('lwa');
    expect(loadConfig(ob).openbridge).toEqual({ refreshToken: 'ob-key:ob-secret' });
    expect(loadConfig({ ...DIRECT, ...ob, ADS_AUTH_MODE: 'openbridge' }).authMode).toBe('openbridge');
    expect(() => loadConfig({ ...DIRECT, ADS_AUTH_MODE: 'openbridge' })).toThrow(
      'missing credentials: ADS_AUTH_MODE=openbridge needs OPENBRIDGE_REFRESH_TOKEN',
    );
    // --hosted: the app's security profile is enough, each user brings their refresh token.
    const { ADS_API_REFRESH_TOKEN: _, ...app } = DIRECT;
    expect(loadConfig({ ...app, OBMCP_HOSTED: '1' })).toMatchObject({
      authMode: 'direct',
      lwa: { refreshToken: '' },
    });
    expect(() => loadConfig(app)).toThrow(
      /^missing credentials: set ADS_API_CLIENT_ID, ADS_API_CLIENT_SECRET and ADS_API_REFRESH_TOKEN/,
    );
    expect(() => loadConfig({ ...DIRECT, ADS_API_CLIENT_SECRET: '' })).toThrow(/missing credentials/);
    expect(() => loadConfig({})).toThrow(/or OPENBRIDGE_REFRESH_TOKEN \(Openbridge-brokered\)/);
  });

  it('configSecrets: the LWA secret and refresh token, or the Openbridge token; nothing empty', () => {
    expect(configSecrets(loadConfig(DIRECT))).toEqual(['client-secret', 'Atzr|refresh']);
    expect(configSecrets(loadConfig({ OPENBRIDGE_REFRESH_TOKEN: 'ob-key:ob-secret' }))).toEqual([
      'ob-key:ob-secret',
    ]);
    const { ADS_API_REFRESH_TOKEN: _, ...app } = DIRECT;
    expect(configSecrets(loadConfig({ ...app, OBMCP_HOSTED: '1' }))).toEqual(['client-secret']);
  });
});
