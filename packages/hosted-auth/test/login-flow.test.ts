// The browser's path step by step: the browser cookie, methods, multi-page upstream logins with a sealed stash, what each outcome logs and sends back.
import { describe, expect, it } from 'vitest';
import type { LoginContext, LoginStep, UpstreamLogin } from '../src/upstream/upstream-login.js';
import {
  authorizeUrl,
  exchange,
  form,
  type Harness,
  harness,
  pkce,
  REDIRECT,
  registerPublicClient,
  scriptedUpstream,
} from './support/harness.js';

const ISSUER = 'https://sp.example.test';

async function consentPageOf(
  h: Harness,
  clientId: string,
  cookie?: string,
  extra: Record<string, string> = {},
) {
  const { verifier, challenge } = pkce();
  const page = await h.call(authorizeUrl(clientId, challenge, extra), cookie === undefined ? {} : { cookie });
  const setCookie = page.headers.get('set-cookie') ?? '';
  const html = await page.text();
  return {
    page,
    html,
    setCookie,
    cookie: setCookie.split(';')[0] ?? '',
    requestId: /name="request" value="([^"]+)"/.exec(html)?.[1] ?? '',
    verifier,
  };
}

const logged = (h: Harness) => h.logs.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the browser cookie', () => {
  it('binds the login to this browser: HttpOnly, Lax, /oauth only, a day, Secure on an https issuer', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const { setCookie } = await consentPageOf(h, clientId);
    expect(setCookie).toMatch(
      /^obmcp_browser=[A-Za-z0-9_-]{43}; Path=\/oauth; HttpOnly; SameSite=Lax; Max-Age=86400; Secure$/,
    );
  });

  it('is not Secure on a loopback http issuer (a browser would drop it)', async () => {
    const h = await harness({
      resource: new URL('http://127.0.0.1:8080/mcp'),
      issuer: new URL('http://127.0.0.1:8080'),
      dangerouslyAllowInsecureIssuerUrl: true,
    });
    const clientId = await registerPublicClient(h);
    const { setCookie } = await consentPageOf(h, clientId, undefined, {
      resource: 'http://127.0.0.1:8080/mcp',
    });
    expect(setCookie).toMatch(/; Max-Age=86400$/);
  });

  it('a browser that already has one keeps it, and both of its logins continue', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const first = await consentPageOf(h, clientId);
    const second = await consentPageOf(h, clientId, first.cookie);
    expect(second.cookie).toBe(first.cookie);
    expect(second.requestId).not.toBe(first.requestId);
    for (const { requestId } of [first, second]) {
      const upstream = await h.call('/oauth/consent', {
        ...form({ request: requestId, decision: 'approve' }),
        cookie: first.cookie,
      });
      expect(upstream.status).toBe(302);
    }
  });
});

describe('methods and pages', () => {
  it('authorize is GET only; consent is POST only', async () => {
    const h = await harness();
    const post = await h.call('/oauth/authorize', form({ client_id: 'x' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect(await post.json()).toEqual({ error: 'invalid_request', error_description: 'Use GET' });
    const get = await h.call('/oauth/consent?request=x&decision=approve');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toEqual({ error: 'invalid_request', error_description: 'Use POST' });
  });

  it('the consent page posts to this issuer’s consent endpoint and names where the user returns', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const { html, page } = await consentPageOf(h, clientId);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toContain(`action="${ISSUER}/oauth/consent"`);
    expect(html).toContain('you return to <strong>127.0.0.1:33418</strong>');
    expect(html).toContain('<h1>Allow <strong>Test Client</strong> to use obmcp for Amazon SP-API?</h1>');
    expect(html).toContain('with the scope <code>mcp</code>');
  });

  it('an app-scheme redirect URI without a host is shown whole', async () => {
    const h = await harness();
    const appRedirect = 'com.example.app:/oauth/cb';
    const clientId = await registerPublicClient(h, appRedirect);
    const { html } = await consentPageOf(h, clientId, undefined, { redirect_uri: appRedirect });
    expect(html).toContain(`you return to <strong>${appRedirect}</strong>`);
  });

  it('a refused request logs why: the page’s title, or the error sent back', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const unknown = await h.call(authorizeUrl('obmcp-nobody', pkce().challenge));
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await unknown.text();
    const title = /<h1>([^<]+)<\/h1>/.exec(page)?.[1];
    expect(logged(h)).toContainEqual({ event: 'authorize_refused', reason: title });
    const plain = await h.call(authorizeUrl(clientId, pkce().challenge, { code_challenge_method: 'plain' }));
    expect(plain.status).toBe(302);
    const back = new URL(plain.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('client-state-1');
    expect(back.searchParams.get('iss')).toBe(ISSUER);
    expect(logged(h)).toContainEqual({ event: 'authorize_refused', reason: 'invalid_request' });
  });
});

describe('the consent decision', () => {
  it('deny: access_denied with state and iss, the login is gone, the denial is logged', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const { cookie, requestId } = await consentPageOf(h, clientId);
    const denied = await h.call('/oauth/consent', {
      ...form({ request: requestId, decision: 'deny' }),
      cookie,
    });
    const back = new URL(denied.headers.get('location') ?? '');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The user denied the request',
      state: 'client-state-1',
      iss: ISSUER,
    });
    expect(logged(h)).toContainEqual({ event: 'consent_denied', client: clientId });
    const again = await h.call('/oauth/consent', {
      ...form({ request: requestId, decision: 'approve' }),
      cookie,
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('Login expired');
  });

  it('anything but approve denies', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    for (const decision of [undefined, 'Approve', 'yes']) {
      const { cookie, requestId } = await consentPageOf(h, clientId);
      const answer = await h.call('/oauth/consent', {
        ...form({ request: requestId, ...(decision === undefined ? {} : { decision }) }),
        cookie,
      });
      expect(new URL(answer.headers.get('location') ?? '').searchParams.get('error')).toBe('access_denied');
    }
  });

  it('approve: the upstream login begins with this login’s id and this issuer’s callback', async () => {
    const begun: LoginContext[] = [];
    const h = await harness({
      upstream: {
        ...scriptedUpstream,
        async begin(context) {
          begun.push(context);
          return scriptedUpstream.begin(context);
        },
      },
    });
    const clientId = await registerPublicClient(h);
    const { cookie, requestId } = await consentPageOf(h, clientId);
    await h.call('/oauth/consent', { ...form({ request: requestId, decision: 'approve' }), cookie });
    expect(begun).toEqual([
      { loginId: requestId, callbackUrl: `${ISSUER}/oauth/callback`, stash: undefined },
    ]);
  });

  it('a wrong browser is logged with the client; a missing request id is an expired login', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const { requestId, cookie } = await consentPageOf(h, clientId);
    const wrong = await h.call('/oauth/consent', {
      ...form({ request: requestId, decision: 'approve' }),
      cookie: 'obmcp_browser=other',
    });
    expect(await wrong.text()).toContain(
      '<h1>Wrong browser</h1><p>This login was started in another browser. Start again from your app.</p>',
    );
    expect(logged(h)).toContainEqual({ event: 'login_wrong_browser', client: clientId });
    const unknownState = await h.call('/oauth/callback?state=forged', { cookie });
    expect(unknownState.status).toBe(400);
    expect(await unknownState.text()).toContain('<h1>Login expired</h1>');
    const noState = await h.call('/oauth/callback', { cookie });
    expect(await noState.text()).toContain('<h1>Login expired</h1>');
    const missing = await h.call('/oauth/consent', { ...form({ decision: 'approve' }), cookie });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(
      '<h1>Login expired</h1><p>This login is unknown or expired. Start again from your app.</p>',
    );
  });

  it('a login lives loginTtlSeconds', async () => {
    const h = await harness({ loginTtlSeconds: 30 });
    const clientId = await registerPublicClient(h);
    const { cookie, requestId } = await consentPageOf(h, clientId);
    h.clock.now += 29_000;
    expect(
      (await h.call('/oauth/consent', { ...form({ request: requestId, decision: 'approve' }), cookie }))
        .status,
    ).toBe(302);
    h.clock.now += 30_000;
    expect((await h.call(`/oauth/callback?state=${requestId}`, { cookie })).status).toBe(400);
  });
});

/** An upstream of three pages: the first keeps a secret in the stash, the second keeps it, the third finishes with it. */
function pagedUpstream(seen: (Record<string, string> | undefined)[]): UpstreamLogin {
  return {
    id: 'paged',
    accountLabel: 'a paged account',
    async begin(context) {
      return new Response(null, {
        status: 302,
        headers: { location: `https://upstream.test/?state=${context.loginId}` },
      });
    },
    async resume(params, context): Promise<LoginStep> {
      seen.push(context.stash);
      const page = params.get('page');
      if (page === null)
        return { kind: 'continue', html: '<p>page one</p>', stash: { token: 'stash-secret-1', step: '1' } };
      if (page === '2') return { kind: 'continue', html: '<p>page two</p>' };
      return {
        kind: 'done',
        credential: { account: 'P1', label: 'Paged P1', secret: context.stash?.token ?? 'none' },
      };
    },
  };
}

describe('an upstream login of several pages', () => {
  it('shows each page, hands each step what the earlier kept (sealed at rest), and finishes with it', async () => {
    const seen: (Record<string, string> | undefined)[] = [];
    const h = await harness({ upstream: pagedUpstream(seen) });
    const clientId = await registerPublicClient(h);
    const { cookie, requestId, verifier } = await consentPageOf(h, clientId);
    await h.call('/oauth/consent', { ...form({ request: requestId, decision: 'approve' }), cookie });
    const one = await h.call(`/oauth/callback?state=${requestId}`, { cookie });
    expect(one.status).toBe(200);
    expect(await one.text()).toBe('<p>page one</p>');
    const values = (h.store as unknown as { values: Map<string, { value: string }> }).values;
    const stored = values.get(`login:${requestId}`)?.value ?? '';
    expect(stored).toContain('"stash"');
    expect(stored).not.toContain('stash-secret-1');
    const two = await h.call('/oauth/callback', { ...form({ state: requestId, page: '2' }), cookie });
    expect(await two.text()).toBe('<p>page two</p>');
    const done = await h.call('/oauth/callback', { ...form({ state: requestId, page: '3' }), cookie });
    expect(seen).toEqual([
      undefined,
      { token: 'stash-secret-1', step: '1' },
      { token: 'stash-secret-1', step: '1' },
    ]);
    const back = new URL(done.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe('client-state-1');
    expect(back.searchParams.get('iss')).toBe(ISSUER);
    expect((await exchange(h, clientId, back.searchParams.get('code') ?? '', verifier)).status).toBe(200);
    expect((await h.vault.get('paged:P1'))?.secret).toBe('stash-secret-1');
    expect(logged(h)).toContainEqual({ event: 'login_completed', client: clientId, upstream: 'paged' });
  });

  it('a stash sealed for one login does not open for another', async () => {
    const seen: (Record<string, string> | undefined)[] = [];
    const h = await harness({ upstream: pagedUpstream(seen) });
    const clientId = await registerPublicClient(h);
    const a = await consentPageOf(h, clientId);
    const b = await consentPageOf(h, clientId, a.cookie);
    for (const { requestId } of [a, b]) {
      await h.call('/oauth/consent', {
        ...form({ request: requestId, decision: 'approve' }),
        cookie: a.cookie,
      });
      await h.call(`/oauth/callback?state=${requestId}`, { cookie: a.cookie });
    }
    // Swap the sealed stashes of the two logins in the store.
    const values = (h.store as unknown as { values: Map<string, { value: string; expiresAt: number }> })
      .values;
    const recordA = JSON.parse(values.get(`login:${a.requestId}`)?.value ?? '{}') as { stash: string };
    const recordB = JSON.parse(values.get(`login:${b.requestId}`)?.value ?? '{}') as { stash: string };
    const entryA = values.get(`login:${a.requestId}`);
    if (entryA) entryA.value = JSON.stringify({ ...recordA, stash: recordB.stash });
    seen.length = 0;
    await h.call('/oauth/callback', { ...form({ state: a.requestId, page: '2' }), cookie: a.cookie });
    expect(seen).toEqual([undefined]);
  });

  it('upstream denials and failures go back to the client with state and iss, and are logged with the upstream', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    for (const [outcome, error, description] of [
      ['deny', 'access_denied', 'The user denied access at Amazon'],
      ['fail', 'server_error', 'The Amazon token exchange failed'],
    ] as const) {
      const { cookie, requestId } = await consentPageOf(h, clientId);
      await h.call('/oauth/consent', { ...form({ request: requestId, decision: 'approve' }), cookie });
      const back = await h.call(`/oauth/callback?state=${requestId}&outcome=${outcome}`, { cookie });
      expect(Object.fromEntries(new URL(back.headers.get('location') ?? '').searchParams)).toEqual({
        error,
        error_description: description,
        state: 'client-state-1',
        iss: ISSUER,
      });
    }
    expect(logged(h)).toContainEqual({ event: 'upstream_denied', client: clientId, upstream: 'sp' });
    expect(logged(h)).toContainEqual({ event: 'upstream_failed', client: clientId, upstream: 'sp' });
  });

  it('a finished login refuses a second callback with a page', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const { cookie, requestId } = await consentPageOf(h, clientId);
    await h.call('/oauth/consent', { ...form({ request: requestId, decision: 'approve' }), cookie });
    const first = await h.call(`/oauth/callback?state=${requestId}&account=A1`, { cookie });
    expect(first.status).toBe(302);
    const early = await consentPageOf(h, clientId, cookie);
    const notApproved = await h.call(`/oauth/callback?state=${early.requestId}&account=A1`, { cookie });
    expect(notApproved.status).toBe(400);
    expect(await notApproved.text()).toContain(
      '<h1>Not approved</h1><p>This login was not approved on the consent screen.</p>',
    );
  });

  it('of two callbacks racing for one login, the second is told the login already finished', async () => {
    let arrived = 0;
    let release: () => void = () => {};
    const bothIn = new Promise<void>((resolve) => {
      release = resolve;
    });
    const h = await harness({
      upstream: {
        ...scriptedUpstream,
        async resume(params, context) {
          if (++arrived === 2) release();
          await bothIn;
          return scriptedUpstream.resume(params, context);
        },
      },
    });
    const clientId = await registerPublicClient(h);
    const { cookie, requestId } = await consentPageOf(h, clientId);
    await h.call('/oauth/consent', { ...form({ request: requestId, decision: 'approve' }), cookie });
    const answers = await Promise.all([
      h.call(`/oauth/callback?state=${requestId}&account=A1`, { cookie }),
      h.call(`/oauth/callback?state=${requestId}&account=A1`, { cookie }),
    ]);
    const refused = answers.find((a) => a.status === 400);
    const page = await refused?.text();
    expect(page).toContain('<h1>Login already finished</h1><p>Start again from your app.</p>');
  });
});
