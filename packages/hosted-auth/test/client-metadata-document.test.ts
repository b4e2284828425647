// Client ID Metadata Documents: an https client_id is fetched under SSRF guards and must name itself; DCR stays for older clients.
import { describe, expect, it } from 'vitest';
import {
  checkClientIdUrl,
  ClientMetadataError,
  guardedClientMetadataFetcher,
  loopbackClientMetadataFetcher,
} from '../src/as/client-metadata-fetch.js';
import { authorizeUrl, browserLogin, exchange, harness, pkce, REDIRECT } from './support/harness.js';

const CLIENT_ID = 'https://client.example.test/oauth/client.json';
const document = {
  client_id: CLIENT_ID,
  client_name: 'Doc Client',
  redirect_uris: [REDIRECT],
  token_endpoint_auth_method: 'none',
};

describe('client id metadata documents', () => {
  it('logs in a client known only by its metadata document URL', async () => {
    const fetched: string[] = [];
    const h = await harness({
      fetchClientMetadata: async (url) => {
        fetched.push(url.href);
        return document;
      },
    });
    const { verifier, challenge } = pkce();
    const back = await browserLogin(h, CLIENT_ID, challenge);
    const response = await exchange(h, CLIENT_ID, back.searchParams.get('code') ?? '', verifier);
    expect(response.status).toBe(200);
    expect(fetched[0]).toBe(CLIENT_ID);
  });

  it('treats a document that names another client_id as an unknown client', async () => {
    const h = await harness({
      fetchClientMetadata: async () => ({ ...document, client_id: 'https://other.test/c.json' }),
    });
    const response = await h.call(authorizeUrl(CLIENT_ID, pkce().challenge));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Unknown client');
  });

  it('refuses a document that asks for a client secret method', async () => {
    const h = await harness({
      fetchClientMetadata: async () => ({ ...document, token_endpoint_auth_method: 'client_secret_basic' }),
    });
    expect((await h.call(authorizeUrl(CLIENT_ID, pkce().challenge))).status).toBe(400);
  });

  it('refuses redirect URIs outside the document (exact match)', async () => {
    const h = await harness({ fetchClientMetadata: async () => document });
    const response = await h.call(
      authorizeUrl(CLIENT_ID, pkce().challenge, { redirect_uri: 'https://evil.test/cb' }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });
});

describe('the SSRF guard of the document fetch', () => {
  it.each([
    ['http://client.example.test/c.json', 'https'],
    ['https://127.0.0.1/c.json', 'private'],
    ['https://[::1]/c.json', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'private'],
    ['https://10.1.2.3/c.json', 'private'],
    ['https://localhost/c.json', 'private'],
    ['https://user:pw@client.example.test/c.json', 'credentials'],
    ['https://client.example.test/', 'path'],
  ])('refuses %s before sending anything', (url, rule) => {
    expect(() => checkClientIdUrl(new URL(url))).toThrow(ClientMetadataError);
    expect(() => checkClientIdUrl(new URL(url))).toThrow(new RegExp(rule));
  });

  it('refuses a public name that resolves to a private address (no request is made)', async () => {
    const fetcher = guardedClientMetadataFetcher(async () => ['93.184.215.14', '10.0.0.7']);
    await expect(fetcher(new URL(CLIENT_ID))).rejects.toThrow(/private address/);
    const v6 = guardedClientMetadataFetcher(async () => ['fd00::1']);
    await expect(v6(new URL(CLIENT_ID))).rejects.toThrow(/private address/);
  });
});

describe('client_id documents of a loopback test deployment', () => {
  it.each([
    ['http://client.example.test/c.json', 'loopback over http only'],
    ['http://10.1.2.3/c.json', 'loopback over http only'],
    ['https://127.0.0.1/c.json', 'loopback over http only'],
    ['http://127.0.0.1/', 'has a path'],
    ['http://user:pw@127.0.0.1/c.json', 'no credentials'],
  ])('refuses %s before sending anything (%s)', async (url, rule) => {
    await expect(loopbackClientMetadataFetcher()(new URL(url))).rejects.toThrow(new RegExp(rule));
  });

  it('an https deployment treats an http client_id as unknown, never fetching it', async () => {
    const fetched: string[] = [];
    const h = await harness({
      fetchClientMetadata: async (url) => {
        fetched.push(url.href);
        return document;
      },
    });
    const response = await h.call(authorizeUrl('http://127.0.0.1:9/oauth/client.json', pkce().challenge));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Unknown client');
    expect(fetched).toEqual([]);
  });
});

describe('dynamic client registration (RFC 7591)', () => {
  it.each([
    [{ redirect_uris: ['https://evil.test/cb#frag'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['http://evil.test/cb'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
    [{ redirect_uris: [] }, 'invalid_redirect_uri'],
    [{ client_name: 'no uris' }, 'invalid_client_metadata'],
    [{ redirect_uris: [REDIRECT], grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    [{ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'private_key_jwt' }, 'invalid_client_metadata'],
  ])('refuses %j with %s', async (body, error) => {
    const h = await harness();
    const response = await h.call('/oauth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(error);
  });

  it('registers loopback and app-scheme redirect URIs for native clients', async () => {
    const h = await harness();
    const response = await h.call('/oauth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [
          'http://127.0.0.1:6274/cb',
          'vscode://anthropic.claude/cb',
          'https://claude.ai/api/mcp/auth_callback',
        ],
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { client_secret?: string }).client_secret).toBeUndefined();
  });

  it('takes 20 registrations a minute from one address, then 429 temporarily_unavailable with Retry-After', async () => {
    const h = await harness();
    const register = async (address: string): Promise<Response> => {
      const answer = await h.auth.handle(
        new Request(new URL('/oauth/register', h.resource), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
        }),
        { address },
      );
      if (answer === undefined) throw new Error('/oauth/register was not answered');
      return answer;
    };
    h.clock.now = Math.ceil(h.clock.now / 60_000) * 60_000;
    for (let i = 0; i < 20; i++) expect((await register('203.0.113.7')).status).toBe(201);
    const refused = await register('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(((await refused.json()) as { error: string }).error).toBe('temporarily_unavailable');
    // Another address has its own budget; the next minute this one has its budget again.
    expect((await register('198.51.100.9')).status).toBe(201);
    h.clock.now += 60_000;
    expect((await register('203.0.113.7')).status).toBe(201);
  });
});
