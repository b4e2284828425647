// The loopback Amazon login fake: Seller Central consent, LWA /ap/oa, the code exchange and /user/profile, as Amazon documents them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AmazonAuthFake, startAmazonAuthFake } from '../src/amazon-auth/index.js';
import { accessTokenState, refreshTokenOf } from '../src/lwa/index.js';

const CALLBACK = 'https://hosted.example.test/oauth/callback';
let fake: AmazonAuthFake;

beforeAll(async () => {
  fake = await startAmazonAuthFake();
  fake.allowRedirectUri(CALLBACK);
});
afterAll(() => fake.close());

async function post(path: string, values: Record<string, string>): Promise<Response> {
  return fetch(`${fake.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
  });
}

function exchange(values: Record<string, string>): Promise<Response> {
  return post('/auth/o2/token', {
    grant_type: 'authorization_code',
    client_id: fake.spApp.clientId,
    client_secret: fake.spApp.clientSecret,
    ...values,
  });
}

async function sellerCode(account = 'amzn1.account.MOCKALICE'): Promise<URL> {
  const response = await post('/apps/authorize/confirm', {
    state: 's1',
    redirect_uri: CALLBACK,
    account,
    decision: 'confirm',
  });
  return new URL(response.headers.get('location') ?? '');
}

describe('Seller Central consent (SP-API website authorization)', () => {
  it('shows the consent page for the app (draft: version=beta) with the exact redirect URI', async () => {
    const ok = await fetch(
      `${fake.url}/apps/authorize/consent?application_id=${fake.spApp.applicationId}&state=s1&version=beta&redirect_uri=${encodeURIComponent(CALLBACK)}`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('id="confirm"');
    const noBeta = await fetch(
      `${fake.url}/apps/authorize/consent?application_id=${fake.spApp.applicationId}&state=s1`,
    );
    expect(noBeta.status).toBe(400);
    const otherApp = await fetch(
      `${fake.url}/apps/authorize/consent?application_id=amzn1.sp.solution.other&state=s1&version=beta`,
    );
    expect(otherApp.status).toBe(400);
    const otherRedirect = await fetch(
      `${fake.url}/apps/authorize/consent?application_id=${fake.spApp.applicationId}&state=s1&version=beta&redirect_uri=${encodeURIComponent(`${CALLBACK}x`)}`,
    );
    expect(otherRedirect.status).toBe(400);
  });

  it('confirms with state, selling_partner_id and spapi_oauth_code; the code exchanges once for LWA tokens', async () => {
    const back = await sellerCode();
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe('s1');
    expect(back.searchParams.get('selling_partner_id')).toBe('A1MOCKALICE');
    const code = back.searchParams.get('spapi_oauth_code') ?? '';
    const response = await exchange({ code, redirect_uri: CALLBACK });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      access_token: string;
      refresh_token: string;
      token_type: string;
      expires_in: number;
    };
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(body.refresh_token).toMatch(/^Atzr\|mock-/);
    expect(accessTokenState(body.access_token)).toBe('valid');
    expect(refreshTokenOf(body.access_token)).toBe(body.refresh_token);
    expect(fake.accountOfRefreshToken(body.refresh_token)?.sellingPartnerId).toBe('A1MOCKALICE');
    const again = await exchange({ code, redirect_uri: CALLBACK });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The request has an invalid grant parameter : code',
    });
  });

  it('answers Cancel with error=access_denied and the state', async () => {
    const response = await post('/apps/authorize/confirm', {
      state: 's2',
      redirect_uri: CALLBACK,
      account: 'amzn1.account.MOCKBOB',
      decision: 'cancel',
    });
    const back = new URL(response.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('s2');
    expect(back.searchParams.get('spapi_oauth_code')).toBeNull();
  });

  it('refuses a wrong client secret 401 invalid_client, and an injected failure once', async () => {
    const back = await sellerCode();
    const wrong = await exchange({
      code: back.searchParams.get('spapi_oauth_code') ?? '',
      client_secret: 'nope',
    });
    expect(wrong.status).toBe(401);
    fake.failNextTokenExchange({ status: 500, error: 'server_error', description: 'Internal error' });
    const failed = await exchange({ code: (await sellerCode()).searchParams.get('spapi_oauth_code') ?? '' });
    expect(failed.status).toBe(500);
    expect(
      (await exchange({ code: (await sellerCode()).searchParams.get('spapi_oauth_code') ?? '' })).status,
    ).toBe(200);
  });
});

describe('LWA authorization (Ads)', () => {
  const authorize = (params: Record<string, string>): Promise<Response> =>
    fetch(
      `${fake.url}/ap/oa?${new URLSearchParams({ client_id: fake.adsClient.clientId, scope: 'advertising::campaign_management', response_type: 'code', redirect_uri: CALLBACK, state: 'a1', ...params })}`,
      { redirect: 'manual' },
    );

  it('refuses an unknown client or a redirect URI not allowed with a page; a bad scope redirects invalid_scope', async () => {
    expect((await authorize({ client_id: 'amzn1.application-oa2-client.other' })).status).toBe(400);
    expect((await authorize({ redirect_uri: 'https://evil.test/cb' })).status).toBe(400);
    const scope = await authorize({ scope: 'advertising::everything' });
    expect(new URL(scope.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_scope');
  });

  it('allows: code, scope and state; the exchange needs the same redirect_uri; /user/profile names the user', async () => {
    expect((await authorize({ scope: 'advertising::campaign_management profile:user_id' })).status).toBe(200);
    const decided = await post('/ap/oa/decide', {
      client_id: fake.adsClient.clientId,
      redirect_uri: CALLBACK,
      state: 'a1',
      scope: 'advertising::campaign_management profile:user_id',
      account: 'amzn1.account.MOCKBOB',
      decision: 'allow',
    });
    const back = new URL(decided.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe('a1');
    expect(back.searchParams.get('scope')).toBe('advertising::campaign_management profile:user_id');
    const code = back.searchParams.get('code') ?? '';
    const creds = { client_id: fake.adsClient.clientId, client_secret: fake.adsClient.clientSecret };
    expect((await exchange({ ...creds, code })).status).toBe(400);
    const decided2 = await post('/ap/oa/decide', {
      client_id: fake.adsClient.clientId,
      redirect_uri: CALLBACK,
      state: 'a1',
      scope: 'advertising::campaign_management profile:user_id',
      account: 'amzn1.account.MOCKBOB',
      decision: 'allow',
    });
    const code2 = new URL(decided2.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const ok = await exchange({ ...creds, code: code2, redirect_uri: CALLBACK });
    expect(ok.status).toBe(200);
    const { access_token } = (await ok.json()) as { access_token: string };
    const profile = await fetch(`${fake.url}/user/profile`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(await profile.json()).toEqual({ user_id: 'amzn1.account.MOCKBOB' });
  });

  it('answers Cancel with error=access_denied', async () => {
    const decided = await post('/ap/oa/decide', {
      client_id: fake.adsClient.clientId,
      redirect_uri: CALLBACK,
      state: 'a2',
      scope: 'advertising::campaign_management',
      account: 'amzn1.account.MOCKBOB',
      decision: 'cancel',
    });
    const back = new URL(decided.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('a2');
  });
});
