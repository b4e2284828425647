// --hosted's SP-API login as sp-mcp sets it up: the app id it needs, Seller Central's consent page (region, draft
// apps), the LWA code exchange with this app's client and token host, and the gate's log lines.
import type { hostedGateFromEnv } from '@obmcp/hosted-auth';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { spHostedGate, spHostedSetup } from '../../src/hosted.js';

// The gate's own setup is hosted-auth's (tested there): here, what sp-mcp hands it.
type HostedSetup = Parameters<typeof hostedGateFromEnv>[0];

const TOKEN_URL = 'https://lwa.example.test/auth/o2/token';
const ENV = {
  SP_API_CLIENT_ID: 'amzn1.application-oa2-client.app',
  SP_API_CLIENT_SECRET: 'client-secret',
  SP_API_LWA_ENDPOINT: TOKEN_URL,
  SP_API_APPLICATION_ID: 'amzn1.sp.solution.app1',
  OBMCP_HOSTED: '1',
};
const CALLBACK = 'https://sp.example.com/oauth/upstream/callback';
const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };

async function setupOf(env: Record<string, string>): Promise<HostedSetup> {
  return spHostedSetup(loadConfig(env), env, logger as never);
}
async function consentPage(env: Record<string, string>): Promise<URL> {
  const response = await (await setupOf(env)).upstream.begin({
    loginId: 'login-1',
    callbackUrl: CALLBACK,
  } as never);
  return new URL(response.headers.get('location') ?? '');
}

const exchanges: URLSearchParams[] = [];
const lwa = setupServer(
  http.post(TOKEN_URL, async ({ request }) => {
    exchanges.push(new URLSearchParams(await request.text()));
    return HttpResponse.json({ access_token: 'Atza|a', refresh_token: 'Atzr|seller' });
  }),
);
beforeAll(() => lwa.listen({ onUnhandledRequest: 'error' }));
afterAll(() => lwa.close());

describe('spHostedGate', () => {
  it('refuses to start without SP_API_APPLICATION_ID (or with it empty)', async () => {
    for (const id of [undefined, '']) {
      const env: Record<string, string> = { ...ENV };
      if (id === undefined) delete env.SP_API_APPLICATION_ID;
      else env.SP_API_APPLICATION_ID = id;
      await expect(spHostedGate(loadConfig(env), env, logger as never)).rejects.toThrow(
        '--hosted needs SP_API_APPLICATION_ID (your SP-API app id)',
      );
    }
  });

  it('names the server and hands the environment on', async () => {
    const setup = await setupOf(ENV);
    expect(setup).toMatchObject({ server: 'sp', serverName: 'obmcp for Amazon SP-API', env: ENV });
    expect(setup.upstream.id).toBe('sp');
  });

  it('sends the seller to Seller Central’s consent page for this app (no beta for a published app)', async () => {
    const url = await consentPage(ENV);
    expect(`${url.origin}${url.pathname}`).toBe('https://sellercentral.amazon.com/apps/authorize/consent');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      application_id: 'amzn1.sp.solution.app1',
      state: 'login-1',
      redirect_uri: CALLBACK,
    });
  });

  it('SP_API_CONSENT_URL picks the region’s Seller Central; SP_API_APP_DRAFT=true adds version=beta', async () => {
    const url = await consentPage({
      ...ENV,
      SP_API_CONSENT_URL: 'https://sellercentral-europe.amazon.com/apps/authorize/consent',
      SP_API_APP_DRAFT: 'true',
    });
    expect(url.host).toBe('sellercentral-europe.amazon.com');
    expect(url.searchParams.get('version')).toBe('beta');
    expect((await consentPage({ ...ENV, SP_API_APP_DRAFT: 'yes' })).searchParams.has('version')).toBe(false);
    expect((await consentPage({ ...ENV, SP_API_CONSENT_URL: '' })).host).toBe('sellercentral.amazon.com');
  });

  it('exchanges the seller’s code at the configured LWA host with this app’s client', async () => {
    const setup = await setupOf(ENV);
    const step = await setup.upstream.resume(
      new URLSearchParams({ spapi_oauth_code: 'code-1', selling_partner_id: 'A1SELLER' }),
      { callbackUrl: CALLBACK } as never,
    );
    expect(step).toMatchObject({ kind: 'done', credential: { account: 'A1SELLER', secret: 'Atzr|seller' } });
    expect(Object.fromEntries(exchanges.at(-1) ?? [])).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: CALLBACK,
      client_id: 'amzn1.application-oa2-client.app',
      client_secret: 'client-secret',
    });
  });

  it('the gate’s events are info lines prefixed "hosted auth:", its warnings warnings', async () => {
    const setup = await setupOf(ENV);
    setup.log?.('login', { account: 'A1' });
    expect(logger.info).toHaveBeenCalledWith('hosted auth: login', { account: 'A1' });
    setup.warn?.('store is memory');
    expect(logger.warn).toHaveBeenCalledWith('store is memory');
  });
});
