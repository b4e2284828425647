// The browser's path: consent denied, a login in another browser, Amazon denying, a failing exchange — none leaves half a login.
import { describe, expect, it } from 'vitest';
import {
  authorizeUrl,
  browserLogin,
  form,
  harness,
  pkce,
  registerPublicClient,
  SECRET_CANARY,
  scriptedUpstream,
} from './support/harness.js';

async function storedKeys(h: Awaited<ReturnType<typeof harness>>): Promise<string[]> {
  const values = (h.store as unknown as { values: Map<string, unknown> }).values;
  // What registration keeps (the client, its address's registration count) is not part of a login.
  return [...values.keys()].filter((key) => !key.startsWith('client:') && !key.startsWith('register-rate:'));
}

async function startLogin(
  h: Awaited<ReturnType<typeof harness>>,
): Promise<{ cookie: string; requestId: string }> {
  const clientId = await registerPublicClient(h);
  const page = await h.call(authorizeUrl(clientId, pkce().challenge));
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const requestId = /name="request" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  return { cookie, requestId };
}

describe('login outcomes', () => {
  it('a consent denied on our screen returns access_denied to the client and keeps nothing', async () => {
    const h = await harness();
    const { cookie, requestId } = await startLogin(h);
    const response = await h.call('/oauth/consent', {
      ...form({ request: requestId, decision: 'deny' }),
      cookie,
    });
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('client-state-1');
    expect(await storedKeys(h)).toEqual([]);
  });

  it('a consent denied at Amazon returns access_denied and stores no credential, code or login', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const back = await browserLogin(h, clientId, pkce().challenge, { outcome: 'deny' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    expect(await storedKeys(h)).toEqual([]);
  });

  it('a failing upstream token exchange returns server_error and stores nothing', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const back = await browserLogin(h, clientId, pkce().challenge, { outcome: 'fail' });
    expect(back.searchParams.get('error')).toBe('server_error');
    expect(await storedKeys(h)).toEqual([]);
  });

  it('refuses to continue a login in another browser (no cookie, or another one)', async () => {
    const h = await harness();
    const { requestId } = await startLogin(h);
    for (const cookie of [undefined, 'obmcp_browser=someone-else']) {
      const response = await h.call('/oauth/consent', {
        ...form({ request: requestId, decision: 'approve' }),
        ...(cookie === undefined ? {} : { cookie }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('another browser');
    }
  });

  it('refuses a callback for a login never approved, and a second callback for a finished one', async () => {
    const h = await harness();
    const { cookie, requestId } = await startLogin(h);
    const early = await h.call(`/oauth/callback?state=${requestId}&account=A1`, { cookie });
    expect(early.status).toBe(400);
    await h.call('/oauth/consent', { ...form({ request: requestId, decision: 'approve' }), cookie });
    expect((await h.call(`/oauth/callback?state=${requestId}&account=A1`, { cookie })).status).toBe(302);
    expect((await h.call(`/oauth/callback?state=${requestId}&account=A1`, { cookie })).status).toBe(400);
  });

  it('two callbacks racing for one login: one finishes it, the other is refused (one code, one outcome)', async () => {
    // Both callbacks pass the login lookup before either finishes (the upstream answers once both arrived).
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
    const { cookie, requestId } = await startLogin(h);
    await h.call('/oauth/consent', { ...form({ request: requestId, decision: 'approve' }), cookie });
    const answers = await Promise.all([
      h.call(`/oauth/callback?state=${requestId}&account=A1`, { cookie }),
      h.call(`/oauth/callback?state=${requestId}&account=A1`, { cookie }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 400]);
  });

  it('refuses an unknown state and a login older than its lifetime', async () => {
    const h = await harness();
    const { cookie, requestId } = await startLogin(h);
    expect((await h.call('/oauth/callback?state=forged', { cookie })).status).toBe(400);
    h.clock.now += 601_000;
    expect(
      (await h.call('/oauth/consent', { ...form({ request: requestId, decision: 'approve' }), cookie }))
        .status,
    ).toBe(400);
  });

  it('never writes the upstream secret to a log line or a response, and keeps it encrypted at rest', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const back = await browserLogin(h, clientId, pkce().challenge, { account: 'A1' });
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(h.logs.length).toBeGreaterThan(0);
    for (const line of h.logs) expect(line).not.toContain(SECRET_CANARY);
    const values = (h.store as unknown as { values: Map<string, { value: string }> }).values;
    for (const { value } of values.values()) expect(value).not.toContain('CANARY');
    expect((await h.vault.get('sp:A1'))?.secret).toBe(`${SECRET_CANARY}-A1`);
  });
});
