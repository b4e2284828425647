// Unit: env → config — credentials required outside mock mode, region aliases, defaults, version sync.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, MissingCredentialsError } from '../../src/config.js';
import { spBaseUrl } from '../../src/http/hosts.js';
import { VERSION } from '../../src/version.js';

describe('loadConfig', () => {
  it('SP_API_ENDPOINT replaces the regional (and sandbox) host; it and SP_API_LWA_ENDPOINT must be http(s) URLs', () => {
    const c = loadConfig({ OBMCP_MOCK: '1', SP_API_ENDPOINT: 'http://127.0.0.1:9000/', SP_API_SANDBOX: '1' });
    expect(c.endpoint).toBe('http://127.0.0.1:9000');
    expect(spBaseUrl(c.region, c.sandbox, c.endpoint)).toBe('http://127.0.0.1:9000');
    expect(spBaseUrl('eu', true, undefined)).toBe('https://sandbox.sellingpartnerapi-eu.amazon.com');
    expect(() => loadConfig({ OBMCP_MOCK: '1', SP_API_ENDPOINT: 'sellingpartnerapi-na.amazon.com' })).toThrow(
      'SP_API_ENDPOINT must be an http(s) URL (got "sellingpartnerapi-na.amazon.com")',
    );
    expect(() => loadConfig({ OBMCP_MOCK: '1', SP_API_LWA_ENDPOINT: 'ftp://x' })).toThrow(
      'SP_API_LWA_ENDPOINT',
    );
  });
  it('names every missing credential outside mock mode', () => {
    try {
      loadConfig({});
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MissingCredentialsError);
      expect((error as MissingCredentialsError).missing).toEqual([
        'SP_API_CLIENT_ID',
        'SP_API_CLIENT_SECRET',
        'SP_API_REFRESH_TOKEN (or SP_API_IDENTITIES_FILE)',
      ]);
    }
  });
  it('accepts mock mode without credentials and uses the mock-mode timeout (15 s)', () => {
    const c = loadConfig({ OBMCP_MOCK: '1' });
    expect(c).toMatchObject({
      mock: true,
      region: 'na',
      sandbox: false,
      enableWrites: false,
      timeoutMs: 15_000,
      documentTimeoutMs: 15_000,
    });
  });
  it('resolves region aliases and rejects unknown regions and bad numbers', () => {
    expect(loadConfig({ OBMCP_MOCK: '1', SP_API_REGION: 'Europe' }).region).toBe('eu');
    expect(loadConfig({ OBMCP_MOCK: '1', SP_API_REGION: 'japan' }).region).toBe('fe');
    expect(() => loadConfig({ OBMCP_MOCK: '1', SP_API_REGION: 'mars' })).toThrow(/SP_API_REGION/);
    expect(() => loadConfig({ OBMCP_MOCK: '1', SP_API_TIMEOUT_MS: 'soon' })).toThrow(/SP_API_TIMEOUT_MS/);
    expect(() => loadConfig({ OBMCP_MOCK: '1', SP_API_ENABLE_WRITES: 'maybe' })).toThrow(
      /SP_API_ENABLE_WRITES/,
    );
  });
  it('keeps version.ts equal to package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
  });
});
