// The resource-server gate: valid tokens pass with the user's credential; expired, forged, foreign-audience or under-scoped ones do not.
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { generateSigningKey } from '../src/as/signing-key.js';
import { bearer, harness, login, RESOURCE } from './support/harness.js';

function challengeOf(response: Response): string {
  return response.headers.get('www-authenticate') ?? '';
}

describe('bearer gate', () => {
  it('lets a fresh token through with its subject and that user’s upstream credential', async () => {
    const h = await harness();
    const { access_token } = await login(h, 'A1SELLER');
    const identity = await h.auth.authenticate(new Request(RESOURCE, bearer(access_token)));
    if (identity instanceof Response) throw new Error(`refused: ${identity.status}`);
    expect(identity.subject).toBe('sp:A1SELLER');
    expect(identity.credential.account).toBe('A1SELLER');
    expect(identity.auth.scopes).toEqual(['mcp']);
  });

  it('refuses an expired token: 401 invalid_token with the challenge', async () => {
    const h = await harness();
    const { access_token } = await login(h);
    h.clock.now += 301_000;
    const response = await h.call('/mcp', bearer(access_token));
    expect(response.status).toBe(401);
    expect(challengeOf(response)).toContain('error="invalid_token"');
    expect(challengeOf(response)).toContain('resource_metadata=');
  });

  it('refuses a token signed by another key (forged): 401', async () => {
    const h = await harness();
    const other = await generateSigningKey();
    const forged = await new SignJWT({ client_id: 'x', scope: 'mcp', sid: 'g' })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .setIssuer('https://sp.example.test')
      .setAudience(RESOURCE)
      .setSubject('sp:VICTIM')
      .setIssuedAt(Math.floor(h.clock.now / 1000))
      .setExpirationTime(Math.floor(h.clock.now / 1000) + 300)
      .sign(other.privateKey);
    const response = await h.call('/mcp', bearer(forged));
    expect(response.status).toBe(401);
    expect(challengeOf(response)).toContain('invalid_token');
  });

  it('refuses an unsigned (alg none) token and garbage', async () => {
    const h = await harness();
    const none = `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${Buffer.from(`{"aud":"${RESOURCE}","sub":"sp:X"}`).toString('base64url')}.`;
    expect((await h.call('/mcp', bearer(none))).status).toBe(401);
    expect((await h.call('/mcp', bearer('not-a-token'))).status).toBe(401);
  });

  it('refuses a token another server issued (its audience), even with the same signing key', async () => {
    const ads = await harness({ resource: new URL('https://ads.example.test/mcp') });
    const sp = await harness({ signingKey: ads.key });
    const { access_token } = await login(ads);
    const response = await sp.call('/mcp', bearer(access_token));
    expect(response.status).toBe(401);
    expect(challengeOf(response)).toContain('invalid_token');
  });

  it('refuses a token of this issuer and key whose audience is another resource', async () => {
    const h = await harness();
    const { access_token } = await login(h);
    const claims = decodeJwt(access_token);
    const resign = (audience: string) =>
      new SignJWT({ client_id: claims.client_id, scope: claims.scope, sid: claims.sid })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: h.key.kid })
        .setIssuer(String(claims.iss))
        .setAudience(audience)
        .setSubject(String(claims.sub))
        .setIssuedAt(Number(claims.iat))
        .setExpirationTime(Number(claims.exp))
        .sign(h.key.privateKey);
    // Only the audience differs: the same claims for this resource pass.
    expect((await h.call('/mcp', bearer(await resign(RESOURCE)))).status).toBe(200);
    const other = await h.call('/mcp', bearer(await resign('https://sp.example.test/other/mcp')));
    expect(other.status).toBe(401);
    expect(challengeOf(other)).toContain('invalid_token');
  });

  it('answers a token without a required scope 403 insufficient_scope', async () => {
    const h = await harness({ scopes: ['mcp', 'mcp:write'] });
    const clientId = (await login(h)).clientId;
    expect(clientId).toBeTruthy();
    const narrow = await login(h);
    // login() asks for no scope and gets every supported one; ask the token endpoint for a narrower one:
    const refreshed = await h.call('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: narrow.refresh_token,
        client_id: narrow.clientId,
        scope: 'mcp',
      }).toString(),
    });
    const { access_token } = (await refreshed.json()) as { access_token: string };
    const response = await h.call('/mcp', bearer(access_token));
    expect(response.status).toBe(403);
    expect(challengeOf(response)).toContain('error="insufficient_scope"');
  });

  it('reads the token from the Authorization header only, never from the query string', async () => {
    const h = await harness();
    const { access_token } = await login(h);
    const response = await h.call(`/mcp?access_token=${encodeURIComponent(access_token)}`, {
      method: 'POST',
    });
    expect(response.status).toBe(401);
    expect(challengeOf(response)).toContain('resource_metadata=');
    expect((await h.call('/mcp', bearer(access_token))).status).toBe(200);
  });

  it('refuses a token whose user logged out (the credential is gone)', async () => {
    const h = await harness();
    const { access_token } = await login(h, 'A1SELLER');
    await h.auth.logout('sp:A1SELLER');
    expect((await h.call('/mcp', bearer(access_token))).status).toBe(401);
    expect(await h.vault.get('sp:A1SELLER')).toBeUndefined();
  });
});

describe('the gate for --hosted', () => {
  it('hands the route the user (subject, account, upstream secret), never the MCP token', async () => {
    const { hostedGate } = await import('../src/gate.js');
    const h = await harness();
    const { access_token } = await login(h, 'A1SELLER');
    const user = await hostedGate(h.auth).authenticate(new Request(RESOURCE, bearer(access_token)));
    if (user instanceof Response) throw new Error(`refused ${user.status}`);
    expect(user).toEqual({
      subject: 'sp:A1SELLER',
      account: 'A1SELLER',
      secret: expect.stringContaining('CANARY'),
    });
    expect(JSON.stringify(user)).not.toContain(access_token);
    const refused = await hostedGate(h.auth).authenticate(new Request(RESOURCE, { method: 'POST' }));
    expect(refused).toBeInstanceOf(Response);
  });
});
