// Unit: the endpoint overrides (ADS_API_ENDPOINT, ADS_API_LWA_ENDPOINT) read through the contract's env reader.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const CREDS = {
  OBMCP_MOCK: '1',
  ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.unit',
  ADS_API_CLIENT_SECRET: 'unit-secret',
  ADS_API_REFRESH_TOKEN: 'Atzr|unit',
};

describe('endpoint overrides', () => {
  it('are unset by default (regional hosts) and kept without trailing slashes', () => {
    expect(loadConfig(CREDS)).not.toHaveProperty('endpoint');
    const c = loadConfig({
      ...CREDS,
      ADS_API_ENDPOINT: 'https://proxy.internal/ads/',
      ADS_API_LWA_ENDPOINT: 'http://127.0.0.1:9000/auth/o2/token',
    });
    expect(c.endpoint).toBe('https://proxy.internal/ads');
    expect(c.lwaEndpoint).toBe('http://127.0.0.1:9000/auth/o2/token');
  });

  it('anything but an http(s) URL stops startup with a message naming the variable and value', () => {
    expect(() => loadConfig({ ...CREDS, ADS_API_ENDPOINT: 'advertising-api.amazon.com' })).toThrow(
      'ADS_API_ENDPOINT must be an http(s) URL (got "advertising-api.amazon.com")',
    );
    expect(() => loadConfig({ ...CREDS, ADS_API_LWA_ENDPOINT: 'file:///etc/passwd' })).toThrow(
      'ADS_API_LWA_ENDPOINT must be an http(s) URL',
    );
  });
});
