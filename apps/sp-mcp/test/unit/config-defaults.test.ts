// The settings an operator gets without setting them (production and mock mode), each variable read, and the secrets the logger hides.
import { describe, expect, it } from 'vitest';
import { configSecrets, loadConfig, MissingCredentialsError } from '../../src/config.js';

const CREDS = {
  SP_API_CLIENT_ID: 'amzn1.application-oa2-client.x',
  SP_API_CLIENT_SECRET: 'client-secret',
  SP_API_REFRESH_TOKEN: 'Atzr|refresh',
};

describe('loadConfig defaults', () => {
  it('production: 20 s calls, 60 s documents, three attempts within 30 s, LWA twice within 5 s, 50 MiB documents, RDTs on', () => {
    expect(loadConfig(CREDS)).toMatchObject({
      mock: false,
      clientId: CREDS.SP_API_CLIENT_ID,
      clientSecret: CREDS.SP_API_CLIENT_SECRET,
      refreshToken: CREDS.SP_API_REFRESH_TOKEN,
      region: 'na',
      sandbox: false,
      identitiesFile: undefined,
      activeIdentity: undefined,
      sellerId: undefined,
      enableWrites: false,
      timeoutMs: 20_000,
      documentTimeoutMs: 60_000,
      maxAttempts: 3,
      retryMaxTotalMs: 30_000,
      retryDelays: { baseDelayMs: 500, maxDelayMs: 8_000 },
      tokenRetry: { baseDelayMs: 500, maxDelayMs: 2_000, maxTotalMs: 5_000 },
      limiterMaxWaitMs: 2_000,
      pollTimeScale: 1,
      maxDocumentBytes: 50 * 1024 * 1024,
      lwaEndpoint: 'https://api.amazon.com/auth/o2/token',
      endpoint: undefined,
      toolsets: undefined,
      restrictedDataTokens: true,
    });
  });

  it('mock mode: short timeouts, retries and waits; no credentials needed', () => {
    expect(loadConfig({ OBMCP_MOCK: '1' })).toMatchObject({
      mock: true,
      clientId: '',
      clientSecret: '',
      refreshToken: '',
      timeoutMs: 15_000,
      documentTimeoutMs: 15_000,
      retryMaxTotalMs: 1_500,
      retryDelays: { baseDelayMs: 20, maxDelayMs: 200 },
      tokenRetry: { baseDelayMs: 20, maxDelayMs: 100, maxTotalMs: 500 },
      limiterMaxWaitMs: 500,
    });
    expect(loadConfig({ OBMCP_MOCK: '0', ...CREDS }).mock).toBe(false);
  });

  it('each variable is read', () => {
    const c = loadConfig({
      ...CREDS,
      SP_API_REGION: 'fe',
      SP_API_SANDBOX: 'true',
      SP_API_IDENTITIES_FILE: '/etc/ids.json',
      SP_API_ACTIVE_IDENTITY: 'jp',
      SP_API_SELLER_ID: 'A1SELLER',
      SP_API_ENABLE_WRITES: '1',
      SP_API_TIMEOUT_MS: '90000',
      SP_API_MAX_ATTEMPTS: '5',
      SP_API_RETRY_MAX_TOTAL_MS: '1000',
      SP_API_LIMITER_MAX_WAIT_MS: '0',
      SP_API_MAX_DOCUMENT_BYTES: '2048',
      SP_API_TOOLSETS: 'orders',
      SP_API_RESTRICTED_DATA_TOKENS: 'false',
    });
    expect(c).toMatchObject({
      region: 'fe',
      sandbox: true,
      identitiesFile: '/etc/ids.json',
      activeIdentity: 'jp',
      sellerId: 'A1SELLER',
      enableWrites: true,
      timeoutMs: 90_000,
      // A document is never given less time than a call.
      documentTimeoutMs: 90_000,
      maxAttempts: 5,
      retryMaxTotalMs: 1_000,
      limiterMaxWaitMs: 0,
      maxDocumentBytes: 2048,
      toolsets: 'orders',
      restrictedDataTokens: false,
    });
    expect(() => loadConfig({ ...CREDS, SP_API_MAX_ATTEMPTS: '11' })).toThrow(/SP_API_MAX_ATTEMPTS/);
    expect(() => loadConfig({ ...CREDS, SP_API_TIMEOUT_MS: '99' })).toThrow(/SP_API_TIMEOUT_MS/);
    expect(() => loadConfig({ ...CREDS, SP_API_MAX_DOCUMENT_BYTES: '1023' })).toThrow(
      /SP_API_MAX_DOCUMENT_BYTES/,
    );
    expect(() => loadConfig({ ...CREDS, SP_API_LIMITER_MAX_WAIT_MS: '120001' })).toThrow(
      /SP_API_LIMITER_MAX_WAIT_MS/,
    );
    expect(() => loadConfig({ ...CREDS, SP_API_RETRY_MAX_TOTAL_MS: '600001' })).toThrow(
      /SP_API_RETRY_MAX_TOTAL_MS/,
    );
  });

  it('credentials: an identities file or --hosted replaces the refresh token; the secret and client id are still required', () => {
    const { SP_API_REFRESH_TOKEN: _, ...app } = CREDS;
    expect(loadConfig({ ...app, SP_API_IDENTITIES_FILE: '/x.json' }).refreshToken).toBe('');
    expect(loadConfig({ ...app, OBMCP_HOSTED: '1' }).refreshToken).toBe('');
    expect(() => loadConfig(app)).toThrow(MissingCredentialsError);
    const missing = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as MissingCredentialsError).missing;
      }
      return [];
    };
    expect(missing({ ...CREDS, SP_API_CLIENT_ID: '' })).toEqual(['SP_API_CLIENT_ID']);
    expect(missing({ SP_API_CLIENT_ID: 'c', SP_API_REFRESH_TOKEN: 'r' })).toEqual(['SP_API_CLIENT_SECRET']);
    expect(missing({ ...app, OBMCP_HOSTED: '0' })).toEqual([
      'SP_API_REFRESH_TOKEN (or SP_API_IDENTITIES_FILE)',
    ]);
    expect(() => loadConfig({ OBMCP_MOCK: '1', SP_API_REGION: 'x'.repeat(100) })).toThrow(
      `SP_API_REGION must be one of na, eu, fe or an alias such as europe or japan (got "${'x'.repeat(40)}")`,
    );
  });

  it('configSecrets: the secret, the refresh token and the client id, never empty strings', () => {
    expect(configSecrets(loadConfig(CREDS))).toEqual([
      'client-secret',
      'Atzr|refresh',
      CREDS.SP_API_CLIENT_ID,
    ]);
    expect(configSecrets(loadConfig({ OBMCP_MOCK: '1' }))).toEqual([]);
  });
});
