// Refresh tokens rotate and a reused one revokes the grant; RFC 7009 revocation ends the grant and, with the last, the credential.
import { describe, expect, it } from 'vitest';
import { bearer, form, harness, login } from './support/harness.js';

function refresh(
  h: Awaited<ReturnType<typeof harness>>,
  clientId: string,
  token: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  return h.call(
    '/oauth/token',
    form({ grant_type: 'refresh_token', client_id: clientId, refresh_token: token, ...extra }),
  );
}

describe('refresh tokens', () => {
  it('rotate: each refresh returns a new refresh token and a working access token', async () => {
    const h = await harness();
    const first = await login(h);
    const response = await refresh(h, first.clientId, first.refresh_token);
    expect(response.status).toBe(200);
    const second = (await response.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await h.call('/mcp', bearer(second.access_token))).status).toBe(200);
  });

  it('a reused refresh token is invalid_grant and revokes the grant (new tokens die too)', async () => {
    const h = await harness();
    const first = await login(h);
    const second = (await (await refresh(h, first.clientId, first.refresh_token)).json()) as {
      access_token: string;
      refresh_token: string;
    };
    const reuse = await refresh(h, first.clientId, first.refresh_token);
    expect(reuse.status).toBe(400);
    expect(((await reuse.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await h.call('/mcp', bearer(second.access_token))).status).toBe(401);
    expect((await refresh(h, first.clientId, second.refresh_token)).status).toBe(400);
    expect(h.logs.some((line) => line.includes('refresh_reused'))).toBe(true);
  });

  it('refuses another client’s refresh token with invalid_grant, without spending it', async () => {
    const h = await harness();
    const a = await login(h, 'A1');
    const b = await login(h, 'B2');
    const response = await refresh(h, b.clientId, a.refresh_token);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await refresh(h, a.clientId, a.refresh_token)).status).toBe(200);
  });

  it('refuses a wider scope on refresh with invalid_scope', async () => {
    const h = await harness({ scopes: ['mcp', 'mcp:write'] });
    const a = await login(h);
    const narrowed = (await (await refresh(h, a.clientId, a.refresh_token, { scope: 'mcp' })).json()) as {
      refresh_token: string;
      scope: string;
    };
    expect(narrowed.scope).toBe('mcp');
    const response = await refresh(h, a.clientId, narrowed.refresh_token, { scope: 'mcp admin' });
    expect(((await response.json()) as { error: string }).error).toBe('invalid_scope');
  });

  it('an expired refresh token is invalid_grant', async () => {
    const h = await harness({ refreshTokenTtlSeconds: 3600 });
    const a = await login(h);
    h.clock.now += 3601_000;
    expect(((await (await refresh(h, a.clientId, a.refresh_token)).json()) as { error: string }).error).toBe(
      'invalid_grant',
    );
  });
});

describe('revocation (RFC 7009)', () => {
  it('revoking the refresh token ends the grant and deletes the user’s upstream credential', async () => {
    const h = await harness();
    const a = await login(h, 'A1SELLER');
    expect(await h.vault.get('sp:A1SELLER')).toBeDefined();
    const response = await h.call(
      '/oauth/revoke',
      form({ token: a.refresh_token, token_type_hint: 'refresh_token', client_id: a.clientId }),
    );
    expect(response.status).toBe(200);
    expect((await h.call('/mcp', bearer(a.access_token))).status).toBe(401);
    expect((await refresh(h, a.clientId, a.refresh_token)).status).toBe(400);
    expect(await h.vault.get('sp:A1SELLER')).toBeUndefined();
  });

  it('revoking an access token ends its grant too', async () => {
    const h = await harness();
    const a = await login(h);
    expect(
      (await h.call('/oauth/revoke', form({ token: a.access_token, client_id: a.clientId }))).status,
    ).toBe(200);
    expect((await h.call('/mcp', bearer(a.access_token))).status).toBe(401);
  });

  it('keeps the credential while another client of the same user still holds a grant', async () => {
    const h = await harness();
    const first = await login(h, 'A1SELLER');
    const second = await login(h, 'A1SELLER');
    await h.call('/oauth/revoke', form({ token: first.refresh_token, client_id: first.clientId }));
    expect((await h.call('/mcp', bearer(second.access_token))).status).toBe(200);
    expect(await h.vault.get('sp:A1SELLER')).toBeDefined();
  });

  it('answers an unknown token 200 and changes nothing; another client cannot revoke', async () => {
    const h = await harness();
    const a = await login(h);
    const b = await login(h, 'B2');
    expect(
      (await h.call('/oauth/revoke', form({ token: 'nothing-like-a-token', client_id: a.clientId }))).status,
    ).toBe(200);
    expect(
      (await h.call('/oauth/revoke', form({ token: a.refresh_token, client_id: b.clientId }))).status,
    ).toBe(200);
    expect((await h.call('/mcp', bearer(a.access_token))).status).toBe(200);
  });

  it('refuses an unsupported token_type_hint and an unknown client', async () => {
    const h = await harness();
    const a = await login(h);
    const hint = await h.call(
      '/oauth/revoke',
      form({ token: a.refresh_token, token_type_hint: 'id_token', client_id: a.clientId }),
    );
    expect(hint.status).toBe(400);
    expect(await hint.json()).toEqual({
      error: 'unsupported_token_type',
      error_description: 'Only refresh_token and access_token can be revoked',
    });
    const nobody = await h.call('/oauth/revoke', form({ token: a.refresh_token, client_id: 'obmcp-nobody' }));
    expect(nobody.status).toBe(401);
  });

  it('takes only a POST, and a token', async () => {
    const h = await harness();
    const a = await login(h);
    const get = await h.call(`/oauth/revoke?token=${a.refresh_token}&client_id=${a.clientId}`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toEqual({ error: 'invalid_request', error_description: 'Use POST' });
    for (const token of [undefined, '']) {
      const missing = await h.call(
        '/oauth/revoke',
        form({ ...(token === undefined ? {} : { token }), client_id: a.clientId }),
      );
      expect(missing.status).toBe(400);
      expect(await missing.json()).toEqual({
        error: 'invalid_request',
        error_description: 'token is missing',
      });
    }
    expect((await h.call('/mcp', bearer(a.access_token))).status).toBe(200);
  });

  it('an access_token hint on an access token, or a refresh_token hint on either, still revokes', async () => {
    const h = await harness();
    const a = await login(h, 'A1SELLER');
    const hinted = await h.call(
      '/oauth/revoke',
      form({ token: a.access_token, token_type_hint: 'access_token', client_id: a.clientId }),
    );
    expect(hinted.status).toBe(200);
    expect(await hinted.json()).toEqual({});
    expect((await h.call('/mcp', bearer(a.access_token))).status).toBe(401);
    expect(await h.vault.get('sp:A1SELLER')).toBeUndefined();
    const b = await login(h, 'B2SELLER');
    await h.call(
      '/oauth/revoke',
      form({ token: b.access_token, token_type_hint: 'refresh_token', client_id: b.clientId }),
    );
    expect((await h.call('/mcp', bearer(b.access_token))).status).toBe(401);
  });

  it('a token whose grant already ended is answered 200 again, changing nothing', async () => {
    const h = await harness();
    const a = await login(h, 'A1SELLER');
    const b = await login(h, 'A1SELLER');
    const revoke = () => h.call('/oauth/revoke', form({ token: a.refresh_token, client_id: a.clientId }));
    expect((await revoke()).status).toBe(200);
    expect((await revoke()).status).toBe(200);
    expect((await h.call('/mcp', bearer(b.access_token))).status).toBe(200);
    expect(await h.vault.get('sp:A1SELLER')).toBeDefined();
  });

  it('another client cannot revoke an access token either, and the owner keeps its credential', async () => {
    const h = await harness();
    const a = await login(h, 'A1SELLER');
    const b = await login(h, 'B2SELLER');
    const foreign = await h.call('/oauth/revoke', form({ token: a.access_token, client_id: b.clientId }));
    expect(foreign.status).toBe(200);
    expect((await h.call('/mcp', bearer(a.access_token))).status).toBe(200);
    expect(await h.vault.get('sp:A1SELLER')).toBeDefined();
    expect(await h.vault.get('sp:B2SELLER')).toBeDefined();
  });
});
