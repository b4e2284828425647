// The authorization endpoint's refusals: a page for an unknown client or foreign redirect URI, a redirect with the RFC's code otherwise.
import { describe, expect, it } from 'vitest';
import { authorizeUrl, harness, pkce, REDIRECT, registerPublicClient } from './support/harness.js';

async function redirectError(path: string, h: Awaited<ReturnType<typeof harness>>): Promise<URLSearchParams> {
  const response = await h.call(path);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  expect(location.searchParams.get('state')).toBe('client-state-1');
  expect(location.searchParams.get('iss')).toBe('https://sp.example.test');
  return location.searchParams;
}

describe('authorization endpoint errors', () => {
  it('refuses an unknown client with a page, never a redirect', async () => {
    const h = await harness();
    const response = await h.call(authorizeUrl('obmcp-nobody', pkce().challenge));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('Unknown client');
  });

  it('refuses a redirect URI the client did not register (exact match) with a page', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    for (const other of [
      `${REDIRECT}/`,
      `${REDIRECT}?x=1`,
      'http://127.0.0.1:33419/callback',
      'https://evil.test/cb',
    ]) {
      const response = await h.call(authorizeUrl(clientId, pkce().challenge, { redirect_uri: other }));
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain('Redirect URI mismatch');
    }
  });

  it('requires PKCE: a missing code_challenge is invalid_request', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const params = await redirectError(
      authorizeUrl(clientId, pkce().challenge).replace(/&code_challenge=[^&]+/, ''),
      h,
    );
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('error_description')).toContain('code_challenge');
  });

  it('accepts S256 only: plain is invalid_request', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const params = await redirectError(
      authorizeUrl(clientId, pkce().challenge, { code_challenge_method: 'plain' }),
      h,
    );
    expect(params.get('error')).toBe('invalid_request');
  });

  it('refuses another resource with invalid_target (RFC 8707)', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const params = await redirectError(
      authorizeUrl(clientId, pkce().challenge, { resource: 'https://ads.example.test/mcp' }),
      h,
    );
    expect(params.get('error')).toBe('invalid_target');
  });

  it('refuses response_type token with unsupported_response_type', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const params = await redirectError(
      authorizeUrl(clientId, pkce().challenge, { response_type: 'token' }),
      h,
    );
    expect(params.get('error')).toBe('unsupported_response_type');
  });

  it('refuses an unknown scope with invalid_scope', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const params = await redirectError(authorizeUrl(clientId, pkce().challenge, { scope: 'mcp admin' }), h);
    expect(params.get('error')).toBe('invalid_scope');
  });

  it('shows the consent screen naming the client, where it returns, and the account; nobody may frame it', async () => {
    const h = await harness();
    const clientId = await registerPublicClient(h);
    const response = await h.call(authorizeUrl(clientId, pkce().challenge));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Test Client');
    expect(html).toContain(clientId);
    expect(html).toContain('127.0.0.1:33418');
    expect(html).toContain('your Amazon Seller Central account');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('set-cookie')).toMatch(
      /^obmcp_browser=[^;]+; Path=\/oauth; HttpOnly; SameSite=Lax/,
    );
  });
});
