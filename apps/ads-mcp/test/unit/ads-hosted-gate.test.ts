// Unit (src): --hosted's Login with Amazon for Ads as a browser meets it: the authorize URL (ADS_API_AUTHORIZE_URL
// or Amazon's), the app's LWA client id, then at the callback the code exchanged at the region's token host (or
// ADS_API_LWA_ENDPOINT), the user read from ADS_API_PROFILE_URL (or Amazon's) and the profiles listed at the
// region's Ads host (or ADS_API_ENDPOINT); the gate's log and warning lines reach the server's logger.
import { createHash, randomBytes } from 'node:crypto';
import type { Logger } from '@obmcp/contract';
import { startMockServer } from '@obmcp/upstream-mocks';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { adsHostedGate } from '../../src/hosted.js';

const ORIGIN = 'https://ads.hosted.example';
const CLIENT_REDIRECT = 'http://127.0.0.1:33418/callback';
const APP = {
  ADS_API_CLIENT_ID: 'amzn1.application-oa2-client.hosted',
  ADS_API_CLIENT_SECRET: 'hosted-secret',
  ADS_API_REFRESH_TOKEN: 'Atzr|server-own',
};

interface Seen {
  method: string;
  url: string;
  body: string;
  headers: Record<string, string>;
}
const seen: Seen[] = [];
let mocks: SetupServer;
beforeAll(() => {
  mocks = startMockServer();
});
afterEach(() => {
  mocks.resetHandlers();
  seen.length = 0;
});
afterAll(() => mocks.close());

/** Amazon's side: the code exchange, the user profile and the Ads profiles, at whatever hosts they are asked. */
function amazonAt(token: string, user: string, ads: string): void {
  const record = async (request: Request) => {
    seen.push({
      method: request.method,
      url: request.url,
      body: await request.clone().text(),
      headers: Object.fromEntries(request.headers),
    });
  };
  mocks.use(
    http.post(token, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ access_token: 'Atza|hosted-access', refresh_token: 'Atzr|hosted-refresh' });
    }),
    http.get(user, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ user_id: 'amzn1.account.HOSTEDUSER' });
    }),
    http.get(`${ads}/v2/profiles`, async ({ request }) => {
      await record(request);
      return HttpResponse.json([
        { profileId: 4242, countryCode: 'DE', accountInfo: { name: 'Hosted GmbH' } },
      ]);
    }),
  );
}

function recordingLogger(lines: string[]): Logger {
  const log =
    (level: string) =>
    (message: string): void => {
      lines.push(`${level} ${message}`);
    };
  const logger: Logger = {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: () => logger,
  } as unknown as Logger;
  return logger;
}

/** Registers a client, approves the consent page and answers where the browser is sent (Amazon's authorize URL). */
async function toAmazon(gate: Awaited<ReturnType<typeof adsHostedGate>>) {
  const call = async (path: string, init: RequestInit = {}) =>
    (await gate.handle(new Request(new URL(path, ORIGIN), init), { address: '203.0.113.9' })) as Response;
  const registered = await call('/oauth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [CLIENT_REDIRECT], token_endpoint_auth_method: 'none' }),
  });
  const { client_id } = (await registered.json()) as { client_id: string };
  const verifier = randomBytes(32).toString('base64url');
  const page = await call(
    `/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id,
      redirect_uri: CLIENT_REDIRECT,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      state: 'client-state',
      resource: `${ORIGIN}/mcp`,
    })}`,
  );
  expect(page.status).toBe(200);
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const request = /name="request" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const consented = await call('/oauth/consent', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ request, decision: 'approve' }).toString(),
  });
  const amazon = new URL(consented.headers.get('location') ?? '');
  const back = async (params: Record<string, string>) =>
    call(
      `/oauth/callback?${new URLSearchParams({ state: amazon.searchParams.get('state') ?? '', ...params })}`,
      {
        headers: { cookie },
      },
    );
  return { amazon, back };
}

const VAULT = () => `k1:${randomBytes(32).toString('base64')}`;

describe('adsHostedGate', () => {
  it('Amazon’s own login: www.amazon.com authorize, the region’s token host, api.amazon.com profile, the region’s Ads host', async () => {
    const config = loadConfig({ OBMCP_MOCK: '1', ...APP, ADS_API_REGION: 'eu' });
    const lines: string[] = [];
    const gate = await adsHostedGate(
      config,
      { OBMCP_HOSTED_PUBLIC_URL: ORIGIN, OBMCP_VAULT_KEYS: VAULT() },
      recordingLogger(lines),
    );
    expect(gate.origin).toBe(ORIGIN);
    // No signing key configured: the gate's warning reaches the server's logger as a warn line.
    expect(lines.filter((l) => l.startsWith('warn '))).toEqual([
      'warn OBMCP_HOSTED_SIGNING_JWK is unset: access tokens are signed with a key made at start (one replica only; logins end at restart)',
    ]);
    const { amazon, back } = await toAmazon(gate);
    expect(`${amazon.origin}${amazon.pathname}`).toBe('https://www.amazon.com/ap/oa');
    expect(amazon.searchParams.get('client_id')).toBe(APP.ADS_API_CLIENT_ID);
    expect(amazon.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/oauth/callback`);

    amazonAt(
      'https://api.amazon.co.uk/auth/o2/token',
      'https://api.amazon.com/user/profile',
      'https://advertising-api-eu.amazon.com',
    );
    const picker = await back({ code: 'code-1' });
    expect(picker.status).toBe(200);
    expect(await picker.text()).toContain('Hosted GmbH DE');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST https://api.amazon.co.uk/auth/o2/token',
      'GET https://api.amazon.com/user/profile',
      'GET https://advertising-api-eu.amazon.com/v2/profiles',
    ]);
    const exchange = new URLSearchParams(seen[0]?.body);
    expect(exchange.get('client_id')).toBe(APP.ADS_API_CLIENT_ID);
    expect(exchange.get('client_secret')).toBe(APP.ADS_API_CLIENT_SECRET);
    expect(exchange.get('code')).toBe('code-1');
    expect(seen[2]?.headers['amazon-advertising-api-clientid']).toBe(APP.ADS_API_CLIENT_ID);
  });

  it('every override: ADS_API_AUTHORIZE_URL, ADS_API_LWA_ENDPOINT, ADS_API_PROFILE_URL and ADS_API_ENDPOINT', async () => {
    const config = loadConfig({
      OBMCP_MOCK: '1',
      ...APP,
      ADS_API_REGION: 'fe',
      ADS_API_LWA_ENDPOINT: 'https://lwa.proxy.example/auth/o2/token',
      ADS_API_ENDPOINT: 'https://ads.proxy.example',
    });
    const gate = await adsHostedGate(
      config,
      {
        OBMCP_HOSTED_PUBLIC_URL: ORIGIN,
        OBMCP_VAULT_KEYS: VAULT(),
        ADS_API_AUTHORIZE_URL: 'https://login.proxy.example/ap/oa',
        ADS_API_PROFILE_URL: 'https://profile.proxy.example/user/profile',
      },
      recordingLogger([]),
    );
    const { amazon, back } = await toAmazon(gate);
    expect(`${amazon.origin}${amazon.pathname}`).toBe('https://login.proxy.example/ap/oa');
    expect(amazon.searchParams.get('client_id')).toBe(APP.ADS_API_CLIENT_ID);
    amazonAt(
      'https://lwa.proxy.example/auth/o2/token',
      'https://profile.proxy.example/user/profile',
      'https://ads.proxy.example',
    );
    expect((await back({ code: 'code-2' })).status).toBe(200);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST https://lwa.proxy.example/auth/o2/token',
      'GET https://profile.proxy.example/user/profile',
      'GET https://ads.proxy.example/v2/profiles',
    ]);
  });

  it('the region’s own hosts without overrides (fe): its token host and Ads host', async () => {
    const config = loadConfig({ OBMCP_MOCK: '1', ...APP, ADS_API_REGION: 'fe' });
    const gate = await adsHostedGate(
      config,
      { OBMCP_HOSTED_PUBLIC_URL: ORIGIN, OBMCP_VAULT_KEYS: VAULT() },
      recordingLogger([]),
    );
    const { back } = await toAmazon(gate);
    amazonAt(
      'https://api.amazon.co.jp/auth/o2/token',
      'https://api.amazon.com/user/profile',
      'https://advertising-api-fe.amazon.com',
    );
    expect((await back({ code: 'code-3' })).status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual([
      'https://api.amazon.co.jp/auth/o2/token',
      'https://api.amazon.com/user/profile',
      'https://advertising-api-fe.amazon.com/v2/profiles',
    ]);
  });

  it('its events are the server’s info lines, named for hosted auth (a denial at Amazon)', async () => {
    const config = loadConfig({ OBMCP_MOCK: '1', ...APP });
    const lines: string[] = [];
    const gate = await adsHostedGate(
      config,
      { OBMCP_HOSTED_PUBLIC_URL: ORIGIN, OBMCP_VAULT_KEYS: VAULT() },
      recordingLogger(lines),
    );
    const { back } = await toAmazon(gate);
    await back({ error: 'access_denied' });
    expect(lines.filter((l) => l.startsWith('info '))).toEqual(['info hosted auth: upstream_denied']);
    expect(seen).toEqual([]);
  });
});
