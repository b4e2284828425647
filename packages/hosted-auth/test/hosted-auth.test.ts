// createHostedAuth as a client sees it: the whole metadata documents, the issuer and scopes it is given, logout and the gone login.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { authorizeUrl, bearer, form, harness, login, pkce, REDIRECT, RESOURCE } from './support/harness.js';

const methods = ['none', 'client_secret_basic', 'client_secret_post'];

describe('createHostedAuth', () => {
  it('publishes exactly what it supports (RFC 8414)', async () => {
    const h = await harness();
    const body = await (await h.call('/.well-known/oauth-authorization-server')).json();
    expect(body).toEqual({
      issuer: 'https://sp.example.test',
      authorization_endpoint: 'https://sp.example.test/oauth/authorize',
      token_endpoint: 'https://sp.example.test/oauth/token',
      registration_endpoint: 'https://sp.example.test/oauth/register',
      revocation_endpoint: 'https://sp.example.test/oauth/revoke',
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: methods,
      revocation_endpoint_auth_methods_supported: methods,
      scopes_supported: ['mcp'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
  });

  it('another issuer, other scopes and the server’s name reach both documents', async () => {
    const h = await harness({
      issuer: new URL('https://auth.example.test/'),
      scopes: ['mcp', 'read'],
      serverName: 'obmcp for Amazon Ads',
    });
    const as = (await (await h.call('/.well-known/oauth-authorization-server')).json()) as Record<
      string,
      unknown
    >;
    expect(as.issuer).toBe('https://auth.example.test');
    expect(as.authorization_endpoint).toBe('https://auth.example.test/oauth/authorize');
    expect(as.scopes_supported).toEqual(['mcp', 'read']);
    const prm = (await (await h.call('/.well-known/oauth-protected-resource/mcp')).json()) as Record<
      string,
      unknown
    >;
    expect(prm).toMatchObject({
      resource: RESOURCE,
      authorization_servers: ['https://auth.example.test'],
      scopes_supported: ['mcp', 'read'],
      resource_name: 'obmcp for Amazon Ads',
    });
    expect(h.auth.issuer).toBe('https://auth.example.test');
  });

  it('an http issuer is published only when the deployment allows it (loopback tests)', async () => {
    const at = 'http://[::1]:8080/.well-known/oauth-authorization-server';
    const h = await harness({
      resource: new URL('http://[::1]:8080/mcp'),
      dangerouslyAllowInsecureIssuerUrl: true,
    });
    const as = (await (await h.auth.handle(new Request(at)))?.json()) as Record<string, unknown>;
    expect(as.issuer).toBe('http://[::1]:8080');
    const strict = await harness({ resource: new URL('http://[::1]:8080/mcp') });
    await expect(strict.auth.handle(new Request(at))).rejects.toThrow('Issuer URL must be HTTPS');
  });

  it('a token whose user’s upstream login is gone: 401 invalid_token that says to log in again', async () => {
    const h = await harness();
    const a = await login(h, 'A1SELLER');
    await h.vault.delete('sp:A1SELLER');
    const response = await h.call('/mcp', bearer(a.access_token));
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      error: 'invalid_token',
      error_description: 'The upstream login is gone; log in again',
    });
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="The upstream login is gone; log in again", resource_metadata="https://sp.example.test/.well-known/oauth-protected-resource/mcp"',
    );
  });

  it('logout ends every grant and the credential, and logs only the kind of subject', async () => {
    const h = await harness();
    const a = await login(h, 'A1SELLER');
    const b = await login(h, 'A1SELLER');
    await h.auth.logout('sp:A1SELLER');
    expect((await h.call('/mcp', bearer(a.access_token))).status).toBe(401);
    expect((await h.call('/mcp', bearer(b.access_token))).status).toBe(401);
    expect(await h.vault.get('sp:A1SELLER')).toBeUndefined();
    expect(h.logs.map((l) => JSON.parse(l))).toContainEqual({
      event: 'credential_deleted',
      subject_kind: 'sp',
    });
    expect(h.logs.join('\n')).not.toContain('A1SELLER');
  });

  it('the last revoked grant logs the credential’s deletion; one left keeps it', async () => {
    const h = await harness();
    const a = await login(h, 'A1SELLER');
    const b = await login(h, 'A1SELLER');
    await h.call('/oauth/revoke', form({ token: a.refresh_token, client_id: a.clientId }));
    expect(h.logs.some((l) => l.includes('credential_deleted'))).toBe(false);
    await h.call('/oauth/revoke', form({ token: b.refresh_token, client_id: b.clientId }));
    expect(h.logs.map((l) => JSON.parse(l))).toContainEqual({
      event: 'credential_deleted',
      subject_kind: 'sp',
    });
  });

  it('a grant that lapsed does not keep the credential when the last live one is revoked', async () => {
    const h = await harness({ refreshTokenTtlSeconds: 100 });
    await login(h, 'A1SELLER');
    h.clock.now += 50_000;
    const later = await login(h, 'A1SELLER');
    h.clock.now += 60_000;
    await h.call('/oauth/revoke', form({ token: later.refresh_token, client_id: later.clientId }));
    expect(await h.vault.get('sp:A1SELLER')).toBeUndefined();
  });

  it('registrations without a known address share one budget', async () => {
    const h = await harness({ registrationsPerMinute: 2 });
    h.clock.now = Math.ceil(h.clock.now / 60_000) * 60_000;
    const register = async () =>
      (
        await h.auth.handle(
          new Request(new URL('/oauth/register', RESOURCE), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
          }),
        )
      )?.status;
    expect([await register(), await register(), await register()]).toEqual([201, 201, 429]);
  });

  it('the callback takes a GET and a POST; other paths are the MCP route’s', async () => {
    const h = await harness();
    for (const init of [{}, form({ state: 'nothing' })]) {
      const answer = await h.auth.handle(
        new Request(new URL('/oauth/callback?state=nothing', RESOURCE), init),
      );
      expect(answer?.status).toBe(400);
    }
    expect(await h.auth.handle(new Request(new URL('/oauth/other', RESOURCE)))).toBeUndefined();
    expect(await h.auth.handle(new Request(new URL('/oauth/token/', RESOURCE)))).toBeUndefined();
  });

  it('a loopback test deployment logs in a client whose document is served on this machine over http', async () => {
    const documents = createServer((req, res) => {
      const port = (documents.address() as AddressInfo).port;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          client_id: `http://127.0.0.1:${port}${req.url}`,
          client_name: 'Loopback doc client',
          redirect_uris: [REDIRECT],
          token_endpoint_auth_method: 'none',
        }),
      );
    });
    await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
    try {
      const clientId = `http://127.0.0.1:${(documents.address() as AddressInfo).port}/client.json`;
      const resource = 'http://127.0.0.1:8080/mcp';
      const loopback = await harness({
        resource: new URL(resource),
        dangerouslyAllowInsecureIssuerUrl: true,
      });
      const page = await loopback.auth.handle(
        new Request(new URL(authorizeUrl(clientId, pkce().challenge, { resource }), resource)),
      );
      expect(page?.status).toBe(200);
      expect(await page?.text()).toContain('Loopback doc client');
      const strict = await harness({ resource: new URL(resource) });
      const refused = await strict.auth.handle(
        new Request(new URL(authorizeUrl(clientId, pkce().challenge, { resource }), resource)),
      );
      expect(refused?.status).toBe(400);
    } finally {
      await new Promise((resolve) => documents.close(resolve));
    }
  });
});
