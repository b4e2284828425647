// Every refusal of the token and registration endpoints as the client reads it (status, error, description), and
// what a good exchange, refresh and registration answer: the descriptions name the rule, never a secret.
import { describe, expect, it } from 'vitest';
import {
  bearer,
  browserLogin,
  exchange,
  form,
  harness,
  login,
  pkce,
  REDIRECT,
  registerPublicClient,
} from './support/harness.js';

type H = Awaited<ReturnType<typeof harness>>;

async function refusal(response: Response): Promise<[number, string, string]> {
  const body = (await response.json()) as { error: string; error_description: string };
  return [response.status, body.error, body.error_description];
}

async function codeFor(h: H, clientId?: string) {
  const id = clientId ?? (await registerPublicClient(h));
  const { verifier, challenge } = pkce();
  const back = await browserLogin(h, id, challenge);
  return { clientId: id, code: back.searchParams.get('code') ?? '', verifier };
}

async function confidential(h: H, method?: string): Promise<{ id: string; secret: string }> {
  const registered = await h.call('/oauth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Web app',
      redirect_uris: [REDIRECT],
      ...(method === undefined ? {} : { token_endpoint_auth_method: method }),
    }),
  });
  const body = (await registered.json()) as { client_id: string; client_secret: string };
  return { id: body.client_id, secret: body.client_secret };
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('the token endpoint refuses', () => {
  it('anything but a POSTed form, and grants it does not know', async () => {
    const h = await harness();
    const get = await h.call('/oauth/token');
    expect(get.headers.get('allow')).toBe('POST');
    expect(await refusal(get)).toEqual([405, 'invalid_request', 'Use POST']);
    expect(
      await refusal(
        await h.call('/oauth/token', {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: 'x',
        }),
      ),
    ).toEqual([400, 'invalid_request', 'The token request is a form (application/x-www-form-urlencoded)']);
    expect(await refusal(await h.call('/oauth/token', { method: 'POST', body: null }))).toEqual([
      400,
      'invalid_request',
      'The token request is a form (application/x-www-form-urlencoded)',
    ]);
    expect(await refusal(await h.call('/oauth/token', form({ client_id: 'x' })))).toEqual([
      400,
      'invalid_request',
      'grant_type is missing',
    ]);
    expect(await refusal(await h.call('/oauth/token', form({ grant_type: 'password' })))).toEqual([
      400,
      'unsupported_grant_type',
      'Only authorization_code and refresh_token are supported',
    ]);
  });

  it('a form whose content type is written in capitals is still a form', async () => {
    const h = await harness();
    const response = await h.call('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' },
      body: 'grant_type=password',
    });
    expect((await refusal(response))[1]).toBe('unsupported_grant_type');
  });

  it('a code exchange missing its parts, or with a malformed verifier', async () => {
    const h = await harness();
    const { clientId, code, verifier } = await codeFor(h);
    expect(await refusal(await exchange(h, clientId, '', verifier))).toEqual([
      400,
      'invalid_request',
      'code is missing',
    ]);
    expect(await refusal(await exchange(h, clientId, code, ''))).toEqual([
      400,
      'invalid_request',
      'PKCE code_verifier is missing',
    ]);
    expect(await refusal(await exchange(h, clientId, code, 'short'))).toEqual([
      400,
      'invalid_request',
      'The code_verifier is not 43-128 unreserved characters',
    ]);
    // None of these spent the code.
    expect((await exchange(h, clientId, code, verifier)).status).toBe(200);
  });

  it('a code exchange that does not match what the code was issued for', async () => {
    const h = await harness();
    const first = await codeFor(h);
    expect(await refusal(await exchange(h, first.clientId, 'nope', first.verifier))).toEqual([
      400,
      'invalid_grant',
      'The authorization code is unknown or expired',
    ]);
    expect(await refusal(await exchange(h, first.clientId, first.code, pkce().verifier))).toEqual([
      400,
      'invalid_grant',
      'The PKCE code_verifier does not match the code_challenge',
    ]);
    const second = await codeFor(h);
    expect(
      await refusal(
        await exchange(h, second.clientId, second.code, second.verifier, { redirect_uri: `${REDIRECT}x` }),
      ),
    ).toEqual([400, 'invalid_grant', 'redirect_uri does not match the authorization request']);
    const third = await codeFor(h);
    const other = await registerPublicClient(h);
    expect(await refusal(await exchange(h, other, third.code, third.verifier))).toEqual([
      400,
      'invalid_grant',
      'The authorization code was issued to another client',
    ]);
    const fourth = await codeFor(h);
    expect(
      await refusal(
        await exchange(h, fourth.clientId, fourth.code, fourth.verifier, { resource: 'https://x.test/mcp' }),
      ),
    ).toEqual([400, 'invalid_target', 'The resource is not this server']);
    const twice = new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: fourth.clientId,
      code: fourth.code,
      code_verifier: fourth.verifier,
      redirect_uri: REDIRECT,
    });
    twice.append('resource', h.resource);
    twice.append('resource', h.resource);
    const two = await h.call('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: twice.toString(),
    });
    expect((await refusal(two))[1]).toBe('invalid_target');
    // Without a resource the exchange is for this server.
    const fifth = await codeFor(h);
    const noResource = await h.call(
      '/oauth/token',
      form({
        grant_type: 'authorization_code',
        client_id: fifth.clientId,
        code: fifth.code,
        code_verifier: fifth.verifier,
        redirect_uri: REDIRECT,
      }),
    );
    expect(noResource.status).toBe(200);
  });

  it('a replayed code, naming the revocation', async () => {
    const h = await harness();
    const { clientId, code, verifier } = await codeFor(h);
    expect((await exchange(h, clientId, code, verifier)).status).toBe(200);
    expect(await refusal(await exchange(h, clientId, code, verifier))).toEqual([
      400,
      'invalid_grant',
      'The authorization code was already used; the grant it started is revoked',
    ]);
    expect(h.logs.some((line) => line.includes('"event":"code_replayed"'))).toBe(true);
  });
});

describe('refresh', () => {
  const refresh = (h: H, values: Record<string, string>) =>
    h.call('/oauth/token', form({ grant_type: 'refresh_token', ...values }));

  it('answers a new pair with the scope kept or narrowed; refuses a missing, foreign, wider or spent token', async () => {
    const h = await harness({ scopes: ['mcp', 'mcp:write'] });
    const { clientId, refresh_token } = await login(h);
    expect(await refusal(await refresh(h, { client_id: clientId }))).toEqual([
      400,
      'invalid_request',
      'refresh_token is missing',
    ]);
    const other = await registerPublicClient(h);
    expect(await refusal(await refresh(h, { client_id: other, refresh_token }))).toEqual([
      400,
      'invalid_grant',
      'The refresh token was issued to another client',
    ]);
    expect(
      await refusal(await refresh(h, { client_id: clientId, refresh_token, scope: 'mcp admin' })),
    ).toEqual([400, 'invalid_scope', 'A refresh may narrow the scope, never widen it']);
    const kept = (await (await refresh(h, { client_id: clientId, refresh_token })).json()) as Record<
      string,
      unknown
    >;
    expect(kept).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'mcp mcp:write' });
    expect(kept.refresh_token).not.toBe(refresh_token);
    const narrowed = (await (
      await refresh(h, { client_id: clientId, refresh_token: String(kept.refresh_token), scope: 'mcp' })
    ).json()) as Record<string, unknown>;
    expect(narrowed.scope).toBe('mcp');
    expect(await refusal(await refresh(h, { client_id: clientId, refresh_token }))).toEqual([
      400,
      'invalid_grant',
      'The refresh token was already used; the grant is revoked',
    ]);
    expect(await refusal(await refresh(h, { client_id: clientId, refresh_token: 'made-up' }))).toEqual([
      400,
      'invalid_grant',
      'The refresh token is unknown, expired or revoked',
    ]);
    expect(h.logs.some((line) => line.includes('"event":"refresh_reused"'))).toBe(true);
  });

  it('a user whose upstream login is gone must log in again, and the grant ends', async () => {
    const h = await harness();
    const { clientId, refresh_token, access_token } = await login(h, 'A1SELLER');
    await h.vault.delete('sp:A1SELLER');
    expect(await refusal(await refresh(h, { client_id: clientId, refresh_token }))).toEqual([
      400,
      'invalid_grant',
      'The upstream login is gone; log in again',
    ]);
    // Logged in upstream again by another client: this grant's access token stays dead.
    await h.vault.put('sp:A1SELLER', { account: 'A1SELLER', label: 'x', secret: 's' });
    expect((await h.call('/mcp', bearer(access_token))).status).toBe(401);
  });
});

describe('client authentication', () => {
  const token = (h: H, values: Record<string, string>, authorization?: string) =>
    h.call('/oauth/token', {
      ...form({ grant_type: 'refresh_token', refresh_token: 'x', ...values }),
      ...(authorization === undefined
        ? {}
        : { headers: { 'content-type': 'application/x-www-form-urlencoded', authorization } }),
    });

  it('no client, an unknown one, a wrong secret, two methods at once', async () => {
    const h = await harness();
    const { id, secret } = await confidential(h);
    expect(await refusal(await token(h, {}))).toEqual([401, 'invalid_client', 'No client identified']);
    expect(await refusal(await token(h, { client_id: '' }))).toEqual([
      401,
      'invalid_client',
      'No client identified',
    ]);
    const unknown = await token(h, {}, basic('nobody', 'x'));
    expect(unknown.headers.get('www-authenticate')).toBe('Basic realm="obmcp"');
    expect(await refusal(unknown)).toEqual([401, 'invalid_client', 'Unknown client']);
    const noChallenge = await token(h, { client_id: 'nobody' });
    expect(noChallenge.headers.get('www-authenticate')).toBeNull();
    expect(await refusal(await token(h, {}, basic(id, 'wrong')))).toEqual([
      401,
      'invalid_client',
      'Client authentication failed',
    ]);
    expect(await refusal(await token(h, { client_secret: secret }, basic(id, secret)))).toEqual([
      400,
      'invalid_request',
      'Use one client authentication method',
    ]);
    expect(await refusal(await token(h, {}, `Basic ${Buffer.from('no-colon').toString('base64')}`))).toEqual([
      400,
      'invalid_request',
      'Use one client authentication method',
    ]);
    // The right secret by Basic gets past client authentication to the grant itself.
    expect((await refusal(await token(h, {}, basic(id, secret))))[1]).toBe('invalid_grant');
    expect(
      (await refusal(await token(h, {}, `basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`)))[1],
    ).toBe('invalid_grant');
  });

  it('a client must use the method it registered; ids and secrets are URL-decoded from Basic', async () => {
    const h = await harness();
    const post = await confidential(h, 'client_secret_post');
    expect((await refusal(await token(h, { client_id: post.id, client_secret: post.secret })))[1]).toBe(
      'invalid_grant',
    );
    expect(await refusal(await token(h, {}, basic(post.id, post.secret)))).toEqual([
      401,
      'invalid_client',
      'This client authenticates with client_secret_post',
    ]);
    const viaBasic = await confidential(h);
    expect(await refusal(await token(h, { client_id: viaBasic.id, client_secret: viaBasic.secret }))).toEqual(
      [401, 'invalid_client', 'This client authenticates with client_secret_basic'],
    );
    const encoded = `Basic ${Buffer.from(`${encodeURIComponent(viaBasic.id)}:${encodeURIComponent(viaBasic.secret)}`).toString('base64')}`;
    expect((await refusal(await token(h, {}, encoded)))[1]).toBe('invalid_grant');
    const publicId = await registerPublicClient(h);
    expect(await refusal(await token(h, { client_id: publicId, client_secret: 'x' }))).toEqual([
      401,
      'invalid_client',
      'Client authentication failed',
    ]);
  });
});

describe('dynamic registration answers', () => {
  const register = (h: H, init: RequestInit) => h.call('/oauth/register', { method: 'POST', ...init });

  it('what a public and a confidential client get back', async () => {
    const h = await harness();
    const before = Math.floor(Date.now() / 1000);
    const response = await register(h, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Native',
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      client_id: expect.any(String),
      client_id_issued_at: expect.any(Number),
      client_name: 'Native',
      redirect_uris: [REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
    expect(Number(body.client_id_issued_at)).toBeGreaterThanOrEqual(before);
    expect(Number(body.client_id_issued_at)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const secret = (await (
      await register(h, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: [REDIRECT] }),
      })
    ).json()) as Record<string, unknown>;
    expect(secret).toMatchObject({
      token_endpoint_auth_method: 'client_secret_basic',
      client_secret_expires_at: 0,
    });
    expect(typeof secret.client_secret).toBe('string');
  });

  it('refuses another method, a body that is not JSON, and a JSON that does not say so', async () => {
    const h = await harness();
    const get = await h.call('/oauth/register');
    expect(get.headers.get('allow')).toBe('POST');
    expect(await refusal(get)).toEqual([405, 'invalid_request', 'Use POST']);
    expect(
      await refusal(await register(h, { headers: { 'content-type': 'text/plain' }, body: '{}' })),
    ).toEqual([400, 'invalid_client_metadata', 'The registration request is JSON']);
    expect(await refusal(await register(h, { body: '{}' }))).toEqual([
      400,
      'invalid_client_metadata',
      'The registration request is JSON',
    ]);
    expect(
      await refusal(
        await register(h, { headers: { 'content-type': 'Application/JSON; charset=utf-8' }, body: '{' }),
      ),
    ).toEqual([400, 'invalid_client_metadata', 'The registration request is not JSON']);
  });

  it('a refused registration says why, and over the limit says when to retry', async () => {
    const h = await harness({ registrationsPerMinute: 1 });
    h.clock.now = Math.ceil(h.clock.now / 60_000) * 60_000 + 30_000;
    const bad = await register(h, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://evil.test/cb'] }),
    });
    expect((await refusal(bad)).slice(0, 2)).toEqual([400, 'invalid_redirect_uri']);
    expect(
      await refusal(await register(h, { headers: { 'content-type': 'application/json' }, body: '{}' })),
    ).toEqual([
      429,
      'temporarily_unavailable',
      'Too many client registrations from this address; retry in 30 s',
    ]);
  });
});
