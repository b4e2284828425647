// The upstream side of a hosted e2e: the Amazon login fake on loopback, the API mocks (msw) with loopback passed through, a log of whose token each call carried.
import { randomBytes } from 'node:crypto';
import { refreshTokenOfAccessToken, startMockServer } from '@obmcp/upstream-mocks';
import { type AmazonAuthFake, startAmazonAuthFake } from '@obmcp/upstream-mocks/amazon-auth';
import { http, passthrough } from 'msw';
import type { SetupServer } from 'msw/node';

export interface Upstreams {
  fake: AmazonAuthFake;
  msw: SetupServer;
  /** The seller (SP) or Amazon user (Ads) whose LWA token each API call carried, in order. */
  callers: string[];
  /** Every header value an upstream request carried (the MCP tokens must never be among them). */
  headerValues: string[];
  /** Each API call's host and Ads profile scope header, in order (which region and profile a call used). */
  requests: { host: string; scope: string | null }[];
  vaultKeys: string;
  close(): Promise<void>;
}

export async function startUpstreams(): Promise<Upstreams> {
  const fake = await startAmazonAuthFake();
  const msw = startMockServer([http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough())]);
  const callers: string[] = [];
  const headerValues: string[] = [];
  const requests: Upstreams['requests'] = [];
  msw.events.on('request:start', ({ request }) => {
    if (request.url.startsWith('http://127.0.0.1')) return;
    headerValues.push(...request.headers.values());
    requests.push({
      host: new URL(request.url).host,
      scope: request.headers.get('amazon-advertising-api-scope'),
    });
    const token =
      request.headers.get('x-amz-access-token') ??
      request.headers.get('authorization')?.replace(/^Bearer /, '');
    const account =
      token === undefined || token === null
        ? undefined
        : fake.accountOfRefreshToken(refreshTokenOfAccessToken(token) ?? '');
    if (account !== undefined) callers.push(account.sellingPartnerId);
  });
  return {
    fake,
    msw,
    callers,
    headerValues,
    requests,
    vaultKeys: `k1:${randomBytes(32).toString('base64')}`,
    close: async () => {
      msw.close();
      await fake.close();
    },
  };
}

/** sp-mcp's hosted login against the fake: the SP app registration, LWA and Seller Central consent, the vault key. */
export const spLoginEnv = (up: Upstreams): Record<string, string> => ({
  SP_API_CLIENT_ID: up.fake.spApp.clientId,
  SP_API_CLIENT_SECRET: up.fake.spApp.clientSecret,
  SP_API_LWA_ENDPOINT: `${up.fake.url}/auth/o2/token`,
  SP_API_APPLICATION_ID: up.fake.spApp.applicationId,
  SP_API_CONSENT_URL: `${up.fake.url}/apps/authorize/consent`,
  SP_API_APP_DRAFT: 'true',
  OBMCP_VAULT_KEYS: up.vaultKeys,
});

/** ads-mcp's hosted login against the fake: the LWA security profile, authorize and profile endpoints, the vault key. */
export const adsLoginEnv = (up: Upstreams): Record<string, string> => ({
  ADS_API_CLIENT_ID: up.fake.adsClient.clientId,
  ADS_API_CLIENT_SECRET: up.fake.adsClient.clientSecret,
  ADS_API_REFRESH_TOKEN: '',
  ADS_API_LWA_ENDPOINT: `${up.fake.url}/auth/o2/token`,
  ADS_API_AUTHORIZE_URL: `${up.fake.url}/ap/oa`,
  ADS_API_PROFILE_URL: `${up.fake.url}/user/profile`,
  OBMCP_VAULT_KEYS: up.vaultKeys,
});
