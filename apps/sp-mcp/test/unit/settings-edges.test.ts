// Settings an operator reads back: every wrong place of an identities file named, the missing variables in the message, the log level variable, LWA's own host kept when another LWA endpoint is set, currencies of unknown ids.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RedirectHosts } from '@obmcp/http-kit';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { currencyOf } from '../../src/hints/currencies.js';
import { spBaseUrl } from '../../src/http/hosts.js';
import { spRedirectHosts } from '../../src/http/redirect-hosts.js';
import { isRestrictedReportType } from '../../src/restricted/restricted-report-types.js';
import { loadIdentities } from '../../src/session/identities.js';

describe('settings an operator reads back', () => {
  it('an identities file wrong in several places names each of them', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'sp-ids-')), 'identities.json');
    writeFileSync(
      path,
      JSON.stringify({
        identities: [
          { id: 'bad id', refreshToken: 'Atzr|a' },
          { id: 'ok', refreshTokenEnv: 'lower' },
        ],
      }),
    );
    expect(() =>
      loadIdentities(
        loadConfig({ SP_API_CLIENT_ID: 'c', SP_API_CLIENT_SECRET: 's', SP_API_IDENTITIES_FILE: path }),
        {},
      ),
    ).toThrow(/^SP_API_IDENTITIES_FILE is invalid at identities\.0\.id, identities\.1\.refreshTokenEnv$/);
  });

  it('missing credentials are listed in the message, comma-separated', () => {
    expect(() => loadConfig({})).toThrow(
      /^missing required environment variables: SP_API_CLIENT_ID, SP_API_CLIENT_SECRET, SP_API_REFRESH_TOKEN \(or SP_API_IDENTITIES_FILE\)$/,
    );
  });

  it('SP_API_LOG_LEVEL sets the log level', () => {
    expect(loadConfig({ OBMCP_MOCK: '1', SP_API_LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(loadConfig({ OBMCP_MOCK: '1', SP_API_LOG_LEVEL: 'error' }).logLevel).toBe('error');
  });

  it("LWA's hosts stay allowed when SP_API_LWA_ENDPOINT points elsewhere", () => {
    const hosts = new RedirectHosts(
      spRedirectHosts(
        loadConfig({ OBMCP_MOCK: '1', SP_API_LWA_ENDPOINT: 'https://lwa.internal/auth/o2/token' }),
      ),
    );
    expect(hosts.allows('api.amazon.com')).toBe(true);
    expect(hosts.allows('lwa.internal')).toBe(true);
  });

  it('an unknown marketplace id has no currency', () => {
    expect(currencyOf('')).toBeUndefined();
    expect(currencyOf('UK')).toBeUndefined();
    expect(currencyOf('A1F83G8C2ARO7P')).toBe('GBP');
  });
});

describe('hosts and restricted report types', () => {
  it("spBaseUrl: the region's production or sandbox host, unless SP_API_ENDPOINT replaces it", () => {
    expect(spBaseUrl('fe', false)).toBe('https://sellingpartnerapi-fe.amazon.com');
    expect(spBaseUrl('na', true)).toBe('https://sandbox.sellingpartnerapi-na.amazon.com');
    expect(spBaseUrl('eu', true, 'http://127.0.0.1:9')).toBe('http://127.0.0.1:9');
  });

  it('isRestrictedReportType: the listed types only, never an inherited name', () => {
    expect(isRestrictedReportType('GET_FLAT_FILE_ACTIONABLE_ORDER_DATA_SHIPPING')).toBe(true);
    expect(isRestrictedReportType('SC_VAT_TAX_REPORT')).toBe(true);
    expect(isRestrictedReportType('GET_MERCHANT_LISTINGS_ALL_DATA')).toBe(false);
    expect(isRestrictedReportType('toString')).toBe(false);
    expect(isRestrictedReportType(undefined)).toBe(false);
  });
});
