// Logging in upstream through the loopback Amazon fake: SP-API website authorization, Ads LWA + profile choice, the Openbridge key page.
import { type AmazonAuthFake, startAmazonAuthFake } from '@obmcp/upstream-mocks/amazon-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adsLogin } from '../src/upstream/ads-login.js';
import { openbridgeLogin } from '../src/upstream/openbridge-login.js';
import { spApiLogin } from '../src/upstream/sp-api-login.js';
import type { UpstreamLogin } from '../src/upstream/upstream-login.js';
import {
  authorizeUrl,
  exchange,
  form,
  type Harness,
  harness,
  pkce,
  registerPublicClient,
} from './support/harness.js';

const CALLBACK = 'https://sp.example.test/oauth/callback';
let fake: AmazonAuthFake;

beforeAll(async () => {
  fake = await startAmazonAuthFake();
  fake.allowRedirectUri(CALLBACK);
});
afterAll(() => fake.close());

function spUpstream(): UpstreamLogin {
  return spApiLogin({
    applicationId: fake.spApp.applicationId,
    clientId: fake.spApp.clientId,
    clientSecret: fake.spApp.clientSecret,
    consentUrl: `${fake.url}/apps/authorize/consent`,
    tokenUrl: `${fake.url}/auth/o2/token`,
    draft: true,
  });
}

/** Ads profiles come from the Ads API (msw in other suites); here a stub answers /v2/profiles and the fake the rest. */
function adsUpstream(): UpstreamLogin {
  return adsLogin({
    clientId: fake.adsClient.clientId,
    clientSecret: fake.adsClient.clientSecret,
    authorizeUrl: `${fake.url}/ap/oa`,
    tokenUrl: `${fake.url}/auth/o2/token`,
    profileUrl: `${fake.url}/user/profile`,
    adsApiUrl: 'https://advertising-api.example.test',
    fetch: async (input, init) =>
      input === 'https://advertising-api.example.test/v2/profiles'
        ? Response.json([
            { profileId: 1111, countryCode: 'US', accountInfo: { name: 'Alice US' } },
            { profileId: 2222, countryCode: 'CA', accountInfo: { name: 'Alice CA' } },
          ])
        : fetch(input, init),
  });
}

/** Browser steps up to the page the upstream login shows first (the consent URL at Amazon, or our form). */
async function startAt(
  h: Harness,
): Promise<{ clientId: string; verifier: string; cookie: string; upstream: Response }> {
  const clientId = await registerPublicClient(h);
  const { verifier, challenge } = pkce();
  const page = await h.call(authorizeUrl(clientId, challenge));
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const requestId = /name="request" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const upstream = await h.call('/oauth/consent', {
    ...form({ request: requestId, decision: 'approve' }),
    cookie,
  });
  return { clientId, verifier, cookie, upstream };
}

function hiddenFields(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1] ?? '',
      (m[2] ?? '').replace(/&#38;/g, '&'),
    ]),
  );
}

async function atAmazon(
  consentLocation: string,
  path: string,
  choice: Record<string, string>,
): Promise<string> {
  const page = await fetch(consentLocation);
  expect(page.status).toBe(200);
  const fields = hiddenFields(await page.text());
  const decided = await fetch(`${fake.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    ...form({ ...fields, ...choice }),
  });
  return decided.headers.get('location') ?? '';
}

async function storedLoginKeys(h: Harness): Promise<string[]> {
  const values = (h.store as unknown as { values: Map<string, unknown> }).values;
  // What registration keeps (the client, its address's registration count) is not part of a login.
  return [...values.keys()].filter((key) => !key.startsWith('client:') && !key.startsWith('register-rate:'));
}

describe('SP-API website authorization', () => {
  it('sends the browser to Seller Central with application_id, state, the exact redirect URI and version=beta', async () => {
    const h = await harness({ upstream: spUpstream() });
    const { upstream } = await startAt(h);
    const location = new URL(upstream.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${fake.url}/apps/authorize/consent`);
    expect(location.searchParams.get('application_id')).toBe(fake.spApp.applicationId);
    expect(location.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(location.searchParams.get('version')).toBe('beta');
    expect(location.searchParams.get('state')?.length).toBeGreaterThan(40);
  });

  it('logs two sellers in: each subject is the selling partner, each keeps its own refresh token', async () => {
    const h = await harness({ upstream: spUpstream() });
    for (const [account, sellingPartnerId] of [
      ['amzn1.account.MOCKALICE', 'A1MOCKALICE'],
      ['amzn1.account.MOCKBOB', 'A2MOCKBOB'],
    ] as const) {
      const { clientId, verifier, cookie, upstream } = await startAt(h);
      const callback = new URL(
        await atAmazon(upstream.headers.get('location') ?? '', '/apps/authorize/confirm', {
          account,
          decision: 'confirm',
        }),
      );
      expect(callback.searchParams.get('selling_partner_id')).toBe(sellingPartnerId);
      const back = await h.call(`${callback.pathname}${callback.search}`, { cookie });
      const code = new URL(back.headers.get('location') ?? '').searchParams.get('code') ?? '';
      const tokens = (await (await exchange(h, clientId, code, verifier)).json()) as { access_token: string };
      const identity = await h.auth.authenticate(
        new Request(h.resource, { headers: { authorization: `Bearer ${tokens.access_token}` } }),
      );
      if (identity instanceof Response) throw new Error(`refused ${identity.status}`);
      expect(identity.subject).toBe(`sp:${sellingPartnerId}`);
      expect(fake.accountOfRefreshToken(identity.credential.secret)?.sellingPartnerId).toBe(sellingPartnerId);
    }
  });

  it('a consent cancelled in Seller Central returns access_denied to the client and stores nothing', async () => {
    const h = await harness({ upstream: spUpstream() });
    const { cookie, upstream } = await startAt(h);
    const callback = new URL(
      await atAmazon(upstream.headers.get('location') ?? '', '/apps/authorize/confirm', {
        account: 'amzn1.account.MOCKALICE',
        decision: 'cancel',
      }),
    );
    const back = new URL(
      (await h.call(`${callback.pathname}${callback.search}`, { cookie })).headers.get('location') ?? '',
    );
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(await storedLoginKeys(h)).toEqual([]);
  });

  it('a failing LWA exchange returns server_error and stores nothing', async () => {
    const h = await harness({ upstream: spUpstream() });
    const { cookie, upstream } = await startAt(h);
    const callback = new URL(
      await atAmazon(upstream.headers.get('location') ?? '', '/apps/authorize/confirm', {
        account: 'amzn1.account.MOCKALICE',
        decision: 'confirm',
      }),
    );
    fake.failNextTokenExchange({
      status: 400,
      error: 'invalid_grant',
      description: 'The request has an invalid grant parameter : code',
    });
    const back = new URL(
      (await h.call(`${callback.pathname}${callback.search}`, { cookie })).headers.get('location') ?? '',
    );
    expect(back.searchParams.get('error')).toBe('server_error');
    expect(back.searchParams.get('code')).toBeNull();
    expect(await storedLoginKeys(h)).toEqual([]);
  });

  it('refuses a callback whose state was altered', async () => {
    const h = await harness({ upstream: spUpstream() });
    const { cookie, upstream } = await startAt(h);
    const callback = new URL(
      await atAmazon(upstream.headers.get('location') ?? '', '/apps/authorize/confirm', {
        account: 'amzn1.account.MOCKALICE',
        decision: 'confirm',
      }),
    );
    callback.searchParams.set('state', 'attacker-state');
    expect((await h.call(`${callback.pathname}${callback.search}`, { cookie })).status).toBe(400);
  });
});

describe('Amazon Ads login', () => {
  it('asks LWA for advertising::campaign_management, then lets the user pick profiles', async () => {
    const h = await harness({ upstream: adsUpstream(), resource: new URL('https://sp.example.test/mcp') });
    const { clientId, verifier, cookie, upstream } = await startAt(h);
    const lwa = new URL(upstream.headers.get('location') ?? '');
    expect(lwa.searchParams.get('scope')).toBe('advertising::campaign_management profile:user_id');
    expect(lwa.searchParams.get('response_type')).toBe('code');
    const callback = new URL(
      await atAmazon(lwa.href, '/ap/oa/decide', { account: 'amzn1.account.MOCKBOB', decision: 'allow' }),
    );
    const picker = await h.call(`${callback.pathname}${callback.search}`, { cookie });
    expect(picker.status).toBe(200);
    const html = await picker.text();
    expect(html).toContain('Alice US');
    const state = hiddenFields(html).state ?? '';
    const none = await h.call('/oauth/callback', { ...form({ state, step: 'profiles' }), cookie });
    expect(await none.text()).toContain('at least one profile');
    const chosen = await h.call('/oauth/callback', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `state=${state}&step=profiles&profile=2222&profile=9999`,
      cookie,
    });
    const code = new URL(chosen.headers.get('location') ?? '').searchParams.get('code') ?? '';
    expect((await exchange(h, clientId, code, verifier)).status).toBe(200);
    const credential = await h.vault.get('ads:amzn1.account.MOCKBOB');
    expect(credential?.profiles).toEqual(['2222']);
    expect(credential?.secret).toMatch(/^Atzr\|mock-/);
    // The refresh token waited for the profile choice sealed, never in clear in the store.
    for (const { value } of (
      h.store as unknown as { values: Map<string, { value: string }> }
    ).values.values())
      expect(value).not.toContain('Atzr|');
  });
});

describe('Openbridge key page', () => {
  const verifyKey = async (key: string): Promise<{ account: string; label: string } | undefined> =>
    key === 'goodkey:secret' ? { account: '3001.42', label: 'Openbridge account 3001' } : undefined;

  it('asks for the key, refuses a key Openbridge refuses, keeps a good one', async () => {
    const h = await harness({ upstream: openbridgeLogin({ verifyKey }) });
    const { clientId, verifier, cookie, upstream } = await startAt(h);
    const page = await upstream.text();
    expect(page).toContain('name="api_key"');
    const state = hiddenFields(page).state ?? '';
    const refused = await h.call('/oauth/callback', { ...form({ state, api_key: 'bad:key' }), cookie });
    expect(await refused.text()).toContain('did not accept this key');
    const done = await h.call('/oauth/callback', { ...form({ state, api_key: 'goodkey:secret' }), cookie });
    const code = new URL(done.headers.get('location') ?? '').searchParams.get('code') ?? '';
    expect((await exchange(h, clientId, code, verifier)).status).toBe(200);
    expect((await h.vault.get('openbridge:3001.42'))?.secret).toBe('goodkey:secret');
  });

  it('a cancelled key page is access_denied; an unreachable Openbridge is server_error; neither stores anything', async () => {
    const h = await harness({
      upstream: openbridgeLogin({ verifyKey: async () => Promise.reject(new Error('down')) }),
    });
    const first = await startAt(h);
    const state1 = hiddenFields(await first.upstream.text()).state ?? '';
    const cancelled = await h.call('/oauth/callback', {
      ...form({ state: state1, decision: 'cancel' }),
      cookie: first.cookie,
    });
    expect(new URL(cancelled.headers.get('location') ?? '').searchParams.get('error')).toBe('access_denied');
    const second = await startAt(h);
    const state2 = hiddenFields(await second.upstream.text()).state ?? '';
    const failed = await h.call('/oauth/callback', {
      ...form({ state: state2, api_key: 'any:key' }),
      cookie: second.cookie,
    });
    expect(new URL(failed.headers.get('location') ?? '').searchParams.get('error')).toBe('server_error');
    expect(await storedLoginKeys(h)).toEqual([]);
  });
});
