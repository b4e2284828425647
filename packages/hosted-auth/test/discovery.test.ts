// Discovery: RFC 9728 Protected Resource Metadata, RFC 8414 AS metadata, and the 401 challenge that points to them.
import { describe, expect, it } from 'vitest';
import { harness, RESOURCE } from './support/harness.js';

describe('discovery', () => {
  it('serves Protected Resource Metadata naming this resource and its authorization server', async () => {
    const h = await harness();
    const response = await h.call('/.well-known/oauth-protected-resource/mcp');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.resource).toBe(RESOURCE);
    expect(body.authorization_servers).toEqual(['https://sp.example.test']);
    expect(body.scopes_supported).toEqual(['mcp']);
  });

  it('serves RFC 8414 metadata: code + S256 only, metadata documents, registration, revocation, iss', async () => {
    const h = await harness();
    const body = (await (await h.call('/.well-known/oauth-authorization-server')).json()) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      issuer: 'https://sp.example.test',
      authorization_endpoint: 'https://sp.example.test/oauth/authorize',
      token_endpoint: 'https://sp.example.test/oauth/token',
      registration_endpoint: 'https://sp.example.test/oauth/register',
      revocation_endpoint: 'https://sp.example.test/oauth/revoke',
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('answers an MCP request without a token 401 with a challenge pointing to the metadata', async () => {
    const h = await harness();
    const response = await h.call('/mcp', { method: 'POST' });
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(
      'resource_metadata="https://sp.example.test/.well-known/oauth-protected-resource/mcp"',
    );
    expect(h.auth.resourceMetadataUrl).toBe(
      'https://sp.example.test/.well-known/oauth-protected-resource/mcp',
    );
  });

  it('leaves every other path to the MCP route', async () => {
    const h = await harness();
    expect(await h.auth.handle(new Request(`${RESOURCE}`))).toBeUndefined();
  });
});
