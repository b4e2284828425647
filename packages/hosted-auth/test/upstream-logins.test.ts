// The upstream logins step by step, against fakes that answer as Login with Amazon, Seller Central, the Ads API and Openbridge document.
import { openbridge } from '@obmcp/upstream-mocks';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digest } from '../src/as/random.js';
import { adsLogin } from '../src/upstream/ads-login.js';
import { exchangeCode, type FetchLike, isAmazonId } from '../src/upstream/lwa-exchange.js';
import { openbridgeKeyVerifier, openbridgeLogin } from '../src/upstream/openbridge-login.js';
import { spApiLogin } from '../src/upstream/sp-api-login.js';
import type { LoginContext } from '../src/upstream/upstream-login.js';

const CALLBACK = 'https://sp.example.test/oauth/callback';
const context: LoginContext = { loginId: 'login-123', callbackUrl: CALLBACK, stash: undefined };
const LWA_CLIENT = { clientId: 'amzn1.application-oa2-client.abc', clientSecret: 'lwa-secret' };

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: string;
  signal: AbortSignal | undefined;
}

/** A fetch that records each request and answers by URL (LWA's documented token answer by default). */
function recording(answers: Record<string, () => Response | Promise<Response>>): {
  fetch: FetchLike;
  calls: Call[];
} {
  const calls: Call[] = [];
  return {
    calls,
    fetch: async (input, init) => {
      calls.push({
        url: input,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: String(init.body ?? ''),
        signal: init.signal ?? undefined,
      });
      const answer = answers[input];
      if (answer === undefined) throw new TypeError(`fetch failed: ${input}`);
      return answer();
    },
  };
}

const lwaTokens = () =>
  Response.json({
    access_token: 'Atza|access',
    refresh_token: 'Atzr|refresh',
    token_type: 'bearer',
    expires_in: 3600,
  });

describe('the LWA code exchange', () => {
  it('posts the code, redirect URI and client credentials as a form to the NA host by default', async () => {
    const { fetch, calls } = recording({ 'https://api.amazon.com/auth/o2/token': lwaTokens });
    expect(await exchangeCode(LWA_CLIENT, 'code-1', CALLBACK, fetch)).toEqual({
      accessToken: 'Atza|access',
      refreshToken: 'Atzr|refresh',
    });
    const [call] = calls;
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('content-type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(call?.headers.get('accept')).toBe('application/json');
    expect(Object.fromEntries(new URLSearchParams(call?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: CALLBACK,
      client_id: LWA_CLIENT.clientId,
      client_secret: LWA_CLIENT.clientSecret,
    });
    expect(call?.signal).toBeInstanceOf(AbortSignal);
    expect(call?.signal?.aborted).toBe(false);
  });

  it('uses the regional host it is given', async () => {
    const { fetch, calls } = recording({ 'https://api.amazon.co.uk/auth/o2/token': lwaTokens });
    await exchangeCode(
      { ...LWA_CLIENT, tokenUrl: 'https://api.amazon.co.uk/auth/o2/token' },
      'c',
      CALLBACK,
      fetch,
    );
    expect(calls.map((c) => c.url)).toEqual(['https://api.amazon.co.uk/auth/o2/token']);
  });

  it.each([
    [
      'an error answer',
      () => Response.json({ error: 'invalid_grant', error_description: 'code c' }, { status: 400 }),
    ],
    ['no refresh token', () => Response.json({ access_token: 'Atza|a' })],
    ['no access token', () => Response.json({ refresh_token: 'Atzr|r' })],
    ['a token that is not a string', () => Response.json({ access_token: 1, refresh_token: 'Atzr|r' })],
    ['a body that is not JSON', () => new Response('<html>', { status: 200 })],
  ])('answers undefined for %s', async (_name, answer) => {
    const { fetch } = recording({ 'https://api.amazon.com/auth/o2/token': answer });
    expect(await exchangeCode(LWA_CLIENT, 'c', CALLBACK, fetch)).toBeUndefined();
  });

  it('answers undefined when LWA cannot be reached', async () => {
    const { fetch } = recording({});
    expect(await exchangeCode(LWA_CLIENT, 'c', CALLBACK, fetch)).toBeUndefined();
  });

  it('isAmazonId: 1 to 100 of letters, digits, dot, underscore and dash', () => {
    for (const id of ['A1B2C3', 'amzn1.account.AB_cd-9', 'x', 'y'.repeat(100)])
      expect(isAmazonId(id)).toBe(true);
    for (const id of [null, '', 'y'.repeat(101), 'a:b', 'a/b', 'a b', 'ok\n', '<script>'])
      expect(isAmazonId(id)).toBe(false);
  });
});

describe('the SP-API website authorization', () => {
  const options = { ...LWA_CLIENT, applicationId: 'amzn1.sp.solution.app1' };

  it('sends the seller to Seller Central’s consent page with the app, state and exact redirect URI', async () => {
    const response = await spApiLogin(options).begin(context);
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(
      'https://sellercentral.amazon.com/apps/authorize/consent',
    );
    expect(Object.fromEntries(location.searchParams)).toEqual({
      application_id: 'amzn1.sp.solution.app1',
      state: 'login-123',
      redirect_uri: CALLBACK,
    });
    const draft = await spApiLogin({
      ...options,
      draft: true,
      consentUrl: 'https://sellercentral.amazon.co.uk/apps/authorize/consent',
    }).begin(context);
    const drafted = new URL(draft.headers.get('location') ?? '');
    expect(drafted.host).toBe('sellercentral.amazon.co.uk');
    expect(drafted.searchParams.get('version')).toBe('beta');
    const notDraft = await spApiLogin({ ...options, draft: false }).begin(context);
    expect(new URL(notDraft.headers.get('location') ?? '').searchParams.has('version')).toBe(false);
  });

  it('exchanges the code at LWA and keeps the refresh token as the selling partner’s credential', async () => {
    const { fetch, calls } = recording({ 'https://api.amazon.com/auth/o2/token': lwaTokens });
    const step = await spApiLogin({ ...options, fetch }).resume(
      new URLSearchParams({ spapi_oauth_code: 'spcode', selling_partner_id: 'A1SELLER', state: 'login-123' }),
      context,
    );
    expect(step).toEqual({
      kind: 'done',
      credential: { account: 'A1SELLER', label: 'Selling partner A1SELLER', secret: 'Atzr|refresh' },
    });
    expect(new URLSearchParams(calls[0]?.body).get('code')).toBe('spcode');
    expect(new URLSearchParams(calls[0]?.body).get('redirect_uri')).toBe(CALLBACK);
  });

  it.each([
    [
      { error: 'access_denied' },
      { kind: 'denied', reason: 'The selling partner did not authorize the app in Seller Central' },
    ],
    [
      { error: 'server_error', spapi_oauth_code: 'c', selling_partner_id: 'A1' },
      { kind: 'failed', reason: 'Seller Central returned an error' },
    ],
    [{ error: '' }, { kind: 'failed', reason: 'Seller Central returned an error' }],
    [
      { selling_partner_id: 'A1' },
      { kind: 'failed', reason: 'Seller Central returned no authorization code or selling partner id' },
    ],
    [
      { spapi_oauth_code: '', selling_partner_id: 'A1' },
      { kind: 'failed', reason: 'Seller Central returned no authorization code or selling partner id' },
    ],
    [
      { spapi_oauth_code: 'c' },
      { kind: 'failed', reason: 'Seller Central returned no authorization code or selling partner id' },
    ],
    [
      { spapi_oauth_code: 'c', selling_partner_id: 'A1:other' },
      { kind: 'failed', reason: 'Seller Central returned no authorization code or selling partner id' },
    ],
  ])('answers %j without a credential, and without asking LWA', async (params, expected) => {
    const { fetch, calls } = recording({ 'https://api.amazon.com/auth/o2/token': lwaTokens });
    expect(await spApiLogin({ ...options, fetch }).resume(new URLSearchParams(params), context)).toEqual(
      expected,
    );
    expect(calls).toEqual([]);
  });

  it('a refused LWA exchange fails the login', async () => {
    const { fetch } = recording({
      'https://api.amazon.com/auth/o2/token': () => new Response('{}', { status: 400 }),
    });
    expect(
      await spApiLogin({ ...options, fetch }).resume(
        new URLSearchParams({ spapi_oauth_code: 'c', selling_partner_id: 'A1' }),
        context,
      ),
    ).toEqual({ kind: 'failed', reason: 'The Login with Amazon token exchange failed' });
  });
});

describe('the Amazon Ads login', () => {
  const PROFILES = 'https://advertising-api.amazon.com/v2/profiles';
  const USER = 'https://api.amazon.com/user/profile';
  const profilesAnswer = () =>
    Response.json([
      { profileId: 1111, countryCode: 'US', accountInfo: { name: 'Alice <b>US</b>' } },
      { profileId: 2222, countryCode: 'CA', accountInfo: { name: 'Alice CA' } },
      { profileId: 3333 },
    ]);
  const answers = (over: Record<string, () => Response> = {}) => ({
    'https://api.amazon.com/auth/o2/token': lwaTokens,
    [USER]: () => Response.json({ user_id: 'amzn1.account.ALICE', name: 'Alice', email: 'a@example.test' }),
    [PROFILES]: profilesAnswer,
    ...over,
  });

  it('sends the user to LWA for the Ads scope, with state and the exact redirect URI', async () => {
    const response = await adsLogin(LWA_CLIENT).begin(context);
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('https://www.amazon.com/ap/oa');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: LWA_CLIENT.clientId,
      scope: 'advertising::campaign_management profile:user_id',
      response_type: 'code',
      redirect_uri: CALLBACK,
      state: 'login-123',
    });
    const eu = await adsLogin({ ...LWA_CLIENT, authorizeUrl: 'https://eu.account.amazon.com/ap/oa' }).begin(
      context,
    );
    expect(new URL(eu.headers.get('location') ?? '').host).toBe('eu.account.amazon.com');
  });

  it('reads the user and their profiles with the new access token, then shows the profile picker', async () => {
    const { fetch, calls } = recording(answers());
    const step = await adsLogin({ ...LWA_CLIENT, fetch }).resume(
      new URLSearchParams({ code: 'adscode' }),
      context,
    );
    if (step.kind !== 'continue') throw new Error(`expected the picker, got ${step.kind}`);
    expect(calls.map((c) => c.url)).toEqual(['https://api.amazon.com/auth/o2/token', USER, PROFILES]);
    for (const call of calls.slice(1)) {
      expect(call.headers.get('authorization')).toBe('Bearer Atza|access');
      expect(call.headers.get('accept')).toBe('application/json');
      expect(call.signal).toBeInstanceOf(AbortSignal);
    }
    expect(calls[2]?.headers.get('amazon-advertising-api-clientid')).toBe(LWA_CLIENT.clientId);
    expect(calls[1]?.headers.get('amazon-advertising-api-clientid')).toBeNull();
    expect(step.stash).toEqual({
      refreshToken: 'Atzr|refresh',
      userId: 'amzn1.account.ALICE',
      profiles: JSON.stringify([
        { profileId: '1111', label: 'Alice <b>US</b> US' },
        { profileId: '2222', label: 'Alice CA CA' },
        { profileId: '3333', label: 'Profile' },
      ]),
    });
    expect(step.html).not.toContain('<b>');
    expect(step.html).toContain('Alice &#60;b&#62;US&#60;/b&#62; US (<code>1111</code>)');
    expect(step.html).toContain(
      '<input type="checkbox" name="profile" value="2222"> Alice CA CA (<code>2222</code>)</label><br>',
    );
    expect(step.html).toContain(
      `<form method="post" action="${CALLBACK}"><input type="hidden" name="state" value="login-123"><input type="hidden" name="step" value="profiles">`,
    );
    expect(step.html).toContain('<h1>Which advertising profiles may this client use?</h1>');
    expect(step.html).not.toContain('role="alert"');
    expect(step.html).toContain('<title>Choose advertising profiles</title>');
  });

  it('uses the profile and Ads API hosts it is given', async () => {
    const { fetch, calls } = recording({
      'https://api.amazon.com/auth/o2/token': lwaTokens,
      'https://profile.test/me': () => Response.json({ user_id: 'U1' }),
      'https://ads-eu.test/v2/profiles': profilesAnswer,
    });
    const step = await adsLogin({
      ...LWA_CLIENT,
      fetch,
      profileUrl: 'https://profile.test/me',
      adsApiUrl: 'https://ads-eu.test',
    }).resume(new URLSearchParams({ code: 'c' }), context);
    expect(step.kind).toBe('continue');
    expect(calls.map((c) => c.url).slice(1)).toEqual([
      'https://profile.test/me',
      'https://ads-eu.test/v2/profiles',
    ]);
  });

  const stash = {
    refreshToken: 'Atzr|refresh',
    userId: 'amzn1.account.ALICE',
    profiles: JSON.stringify([
      { profileId: '1111', label: 'Alice US' },
      { profileId: '2222', label: 'Alice CA' },
    ]),
  };

  it('keeps only the offered profiles the user ticked, with the stashed refresh token', async () => {
    const { fetch, calls } = recording({});
    const params = new URLSearchParams([
      ['step', 'profiles'],
      ['profile', '2222'],
      ['profile', '9999'],
    ]);
    expect(await adsLogin({ ...LWA_CLIENT, fetch }).resume(params, { ...context, stash })).toEqual({
      kind: 'done',
      credential: {
        account: 'amzn1.account.ALICE',
        label: 'Amazon Ads user amzn1.account.ALICE',
        secret: 'Atzr|refresh',
        profiles: ['2222'],
      },
    });
    expect(calls).toEqual([]);
  });

  it('shows the picker again, with the reason, when no offered profile was ticked', async () => {
    const params = new URLSearchParams([
      ['step', 'profiles'],
      ['profile', '9999'],
    ]);
    const step = await adsLogin(LWA_CLIENT).resume(params, { ...context, stash });
    if (step.kind !== 'continue') throw new Error(`expected the picker, got ${step.kind}`);
    expect(step.html).toContain('<p role="alert">Choose at least one profile.</p>');
    expect(step.html).toContain('value="1111"');
    expect(step.stash).toBeUndefined();
  });

  it.each(['refreshToken', 'userId', 'profiles'])(
    'a profile choice whose stash lost its %s fails',
    async (lost) => {
      const { [lost as keyof typeof stash]: _lost, ...rest } = stash;
      const params = new URLSearchParams([
        ['step', 'profiles'],
        ['profile', '1111'],
      ]);
      expect(await adsLogin(LWA_CLIENT).resume(params, { ...context, stash: rest })).toEqual({
        kind: 'failed',
        reason: 'The profile choice lost its Amazon login',
      });
    },
  );

  it('a new code after a picker was shown starts over at LWA (a stash alone is no profile choice)', async () => {
    const { fetch, calls } = recording(answers());
    const step = await adsLogin({ ...LWA_CLIENT, fetch }).resume(new URLSearchParams({ code: 'again' }), {
      ...context,
      stash,
    });
    expect(step.kind).toBe('continue');
    expect(calls.map((c) => c.url)).toEqual(['https://api.amazon.com/auth/o2/token', USER, PROFILES]);
    if (step.kind === 'continue') expect(step.html).not.toContain('role="alert"');
  });

  it('a profiles step without a stash is a new callback (no code: failed)', async () => {
    expect(
      await adsLogin(LWA_CLIENT).resume(new URLSearchParams({ step: 'profiles', profile: '1' }), context),
    ).toEqual({
      kind: 'failed',
      reason: 'Login with Amazon returned no authorization code',
    });
  });

  it.each([
    [
      { error: 'access_denied' },
      { kind: 'denied', reason: 'The user did not allow access at Login with Amazon' },
    ],
    [
      { error: 'invalid_scope', code: 'c' },
      { kind: 'failed', reason: 'Login with Amazon returned an error' },
    ],
    [{}, { kind: 'failed', reason: 'Login with Amazon returned no authorization code' }],
    [{ code: '' }, { kind: 'failed', reason: 'Login with Amazon returned no authorization code' }],
  ])('answers %j without asking LWA', async (params, expected) => {
    const { fetch, calls } = recording(answers());
    expect(await adsLogin({ ...LWA_CLIENT, fetch }).resume(new URLSearchParams(params), context)).toEqual(
      expected,
    );
    expect(calls).toEqual([]);
  });

  it.each([
    [
      'LWA refuses the code',
      { 'https://api.amazon.com/auth/o2/token': () => new Response('{}', { status: 400 }) },
      'The Login with Amazon token exchange failed',
    ],
    [
      'the profile endpoint fails',
      { [USER]: () => new Response('{}', { status: 401 }) },
      'Amazon Ads did not list the user’s profiles',
    ],
    [
      'the Ads API fails',
      { [PROFILES]: () => new Response('{}', { status: 500 }) },
      'Amazon Ads did not list the user’s profiles',
    ],
    [
      'the user id is missing',
      { [USER]: () => Response.json({ name: 'x' }) },
      'Login with Amazon did not name the user',
    ],
    [
      'the user id is not a string',
      { [USER]: () => Response.json({ user_id: 42 }) },
      'Login with Amazon did not name the user',
    ],
    [
      'the user id is no Amazon id',
      { [USER]: () => Response.json({ user_id: 'a:b' }) },
      'Login with Amazon did not name the user',
    ],
    [
      'there are no profiles',
      { [PROFILES]: () => Response.json([]) },
      'This Amazon login has no advertising profiles',
    ],
    [
      'the profiles are not a list',
      { [PROFILES]: () => Response.json({ profileId: 1 }) },
      'This Amazon login has no advertising profiles',
    ],
  ])('fails when %s', async (_name, over, reason) => {
    const { fetch } = recording(answers(over));
    expect(
      await adsLogin({ ...LWA_CLIENT, fetch }).resume(new URLSearchParams({ code: 'c' }), context),
    ).toEqual({
      kind: 'failed',
      reason,
    });
  });
});

describe('the Openbridge key page', () => {
  const verifyKey = async (key: string) =>
    key === 'good:key' ? { account: '3001.42.abc', label: 'Openbridge account 3001' } : undefined;

  it('asks for a key in a form that posts the state back; nothing can be injected', async () => {
    const response = await openbridgeLogin({ verifyKey }).begin({ ...context, loginId: '"><img src=x>' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    const text = await response.text();
    expect(text).not.toContain('<img');
    expect(text).toContain(
      `<form method="post" action="${CALLBACK}"><input type="hidden" name="state" value="&#34;&#62;&#60;img src=x&#62;">`,
    );
    expect(text).toContain('<input type="password" name="api_key" id="api_key" autocomplete="off" required>');
    expect(text).toContain(
      '<button type="submit" name="decision" value="cancel" id="cancel" formnovalidate>Cancel</button>',
    );
    expect(text).toContain('<title>Connect your Openbridge account</title>');
    expect(text).not.toContain('role="alert"');
    expect(text).toContain('<h1>Connect your Openbridge account</h1>\n<p>Paste an Openbridge API key');
  });

  it('names the account the user is asked to connect', () => {
    expect(openbridgeLogin({ verifyKey }).accountLabel).toBe(
      'your Openbridge account (with an API key you enter next)',
    );
    expect(openbridgeLogin({ verifyKey }).id).toBe('openbridge');
  });

  it('keeps a key Openbridge accepts (trimmed), under the account it names', async () => {
    expect(
      await openbridgeLogin({ verifyKey }).resume(new URLSearchParams({ api_key: '  good:key \n' }), context),
    ).toEqual({
      kind: 'done',
      credential: { account: '3001.42.abc', label: 'Openbridge account 3001', secret: 'good:key' },
    });
  });

  it('asks again for an empty key or one Openbridge refuses, saying why', async () => {
    const login = openbridgeLogin({ verifyKey });
    for (const [params, alert] of [
      [{}, 'Enter an API key.'],
      [{ api_key: '   ' }, 'Enter an API key.'],
      [{ api_key: 'bad:key' }, 'Openbridge did not accept this key.'],
    ] as const) {
      const step = await login.resume(new URLSearchParams(params), context);
      if (step.kind !== 'continue') throw new Error(`expected the key page, got ${step.kind}`);
      expect(step.html).toContain(`<p role="alert">${alert}</p>`);
      expect(step.html).toContain('name="state" value="login-123"');
    }
  });

  it('a cancel is denied without checking anything; an outage or an odd account id fails', async () => {
    const checked: string[] = [];
    const login = openbridgeLogin({
      verifyKey: async (key) => {
        checked.push(key);
        if (key === 'down:key') throw new Error('Openbridge is down');
        return { account: key === 'odd:key' ? '3001/42' : 'y'.repeat(101), label: 'x' };
      },
    });
    expect(await login.resume(new URLSearchParams({ decision: 'cancel', api_key: 'a:b' }), context)).toEqual({
      kind: 'denied',
      reason: 'The user did not connect an Openbridge key',
    });
    expect(checked).toEqual([]);
    expect(await login.resume(new URLSearchParams({ api_key: 'down:key' }), context)).toEqual({
      kind: 'failed',
      reason: 'Openbridge could not check the key',
    });
    for (const key of ['odd:key', 'long:key'])
      expect(await login.resume(new URLSearchParams({ api_key: key }), context)).toEqual({
        kind: 'failed',
        reason: 'Openbridge returned an unexpected account id',
      });
  });
});

describe('checking an Openbridge key at its authentication API', () => {
  let outage = false;
  let asked = 0;
  const server = setupServer(
    http.post(`${openbridge.OPENBRIDGE_HOSTS.authentication}/auth/api/ref`, () => {
      asked++;
      return outage ? HttpResponse.json({ errors: [{ detail: 'down' }] }, { status: 503 }) : undefined;
    }),
    ...openbridge.handlers,
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('names the account by the JWT’s account and user ids and a digest of the key (one login per key)', async () => {
    const verify = openbridgeKeyVerifier(openbridge.OPENBRIDGE_HOSTS.authentication);
    const key = 'keyid:keysecret';
    const verified = await verify(key);
    expect(verified).toEqual({
      account: `${openbridge.MOCK_ACCOUNT_ID}.${openbridge.MOCK_USER_ID}.${digest(key).slice(0, 12)}`,
      label: `Openbridge account ${openbridge.MOCK_ACCOUNT_ID}`,
    });
    expect((await verify('keyid:other'))?.account).not.toBe(verified?.account);
  });

  it('a key Openbridge refuses is undefined; an outage throws after one request (the user is waiting)', async () => {
    const verify = openbridgeKeyVerifier(openbridge.OPENBRIDGE_HOSTS.authentication);
    asked = 0;
    expect(await verify('revoked:key')).toBeUndefined();
    expect(asked).toBe(1);
    outage = true;
    try {
      await expect(verify('keyid:keysecret')).rejects.toThrow();
      expect(asked).toBe(2);
    } finally {
      outage = false;
    }
  });

  it('an outage that quotes the key throws an error that does not carry it', async () => {
    const key = 'keyid:quoted-secret-value';
    server.use(
      http.post(`${openbridge.OPENBRIDGE_HOSTS.authentication}/auth/api/ref`, () =>
        HttpResponse.json({ errors: [{ detail: `cannot check ${key} now` }] }, { status: 503 }),
      ),
    );
    try {
      const thrown = await openbridgeKeyVerifier(openbridge.OPENBRIDGE_HOSTS.authentication)(key).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(thrown).toBeInstanceOf(Error);
      const told = JSON.stringify({ ...(thrown as object), message: (thrown as Error).message });
      expect(told).toContain('cannot check [redacted] now');
      expect(told).not.toContain('quoted-secret-value');
    } finally {
      server.resetHandlers();
    }
  });

  it('follows a redirect to another Openbridge host', async () => {
    const edge = 'https://edge.api.openbridge.io';
    server.use(
      http.post(`${edge}/auth/api/ref`, () =>
        HttpResponse.text('', {
          status: 307,
          headers: { location: `${openbridge.OPENBRIDGE_HOSTS.authentication}/auth/api/ref` },
        }),
      ),
    );
    try {
      expect((await openbridgeKeyVerifier(edge)('keyid:keysecret'))?.label).toBe(
        `Openbridge account ${openbridge.MOCK_ACCOUNT_ID}`,
      );
    } finally {
      server.resetHandlers();
    }
  });

  it('the default login checks keys at Openbridge’s own host', async () => {
    const step = await openbridgeLogin().resume(new URLSearchParams({ api_key: 'keyid:keysecret' }), context);
    expect(step.kind).toBe('done');
    const other = await openbridgeLogin({ authUrl: 'https://auth.elsewhere.test' }).resume(
      new URLSearchParams({ api_key: 'keyid:keysecret' }),
      context,
    );
    expect(other).toEqual({ kind: 'failed', reason: 'Openbridge could not check the key' });
  });
});
