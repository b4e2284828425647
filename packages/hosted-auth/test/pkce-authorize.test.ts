// PKCE and the authorization request as a client meets them: which verifiers and challenges are taken, which request
// shows a page (never a redirect to an unverified URI), which comes back to the client with an error, and what a
// well-formed one asks for.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkAuthorizationRequest, responseUri, sameResource } from '../src/as/authorization-request.js';
import type { ClientRecord, ClientRegistry } from '../src/as/clients.js';
import { isWellFormedChallenge, isWellFormedVerifier, pkceMatches, sameSecret } from '../src/as/random.js';

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const VERIFIER = 'a'.repeat(43);

describe('PKCE S256', () => {
  it('a verifier is 43 to 128 unreserved characters', () => {
    expect(isWellFormedVerifier('a'.repeat(42))).toBe(false);
    expect(isWellFormedVerifier('a'.repeat(43))).toBe(true);
    expect(isWellFormedVerifier(`${'A'.repeat(40)}9._~-`.padEnd(128, 'z'))).toBe(true);
    expect(isWellFormedVerifier('a'.repeat(129))).toBe(false);
    expect(isWellFormedVerifier(`${'a'.repeat(43)}+`)).toBe(false);
    expect(isWellFormedVerifier(`+${'a'.repeat(43)}`)).toBe(false);
    expect(isWellFormedVerifier(`${'a'.repeat(42)}é`)).toBe(false);
  });

  it('a challenge is exactly 43 base64url characters', () => {
    const challenge = s256(VERIFIER);
    expect(isWellFormedChallenge(challenge)).toBe(true);
    expect(isWellFormedChallenge(challenge.slice(1))).toBe(false);
    expect(isWellFormedChallenge(`${challenge}A`)).toBe(false);
    expect(isWellFormedChallenge(`x${challenge}`)).toBe(false);
    expect(isWellFormedChallenge(`${challenge.slice(1)}=`)).toBe(false);
    expect(isWellFormedChallenge(`${challenge.slice(1)}/`)).toBe(false);
  });

  it('the verifier must hash to the challenge; a challenge of another length never matches', () => {
    expect(pkceMatches(VERIFIER, s256(VERIFIER))).toBe(true);
    expect(pkceMatches('b'.repeat(43), s256(VERIFIER))).toBe(false);
    expect(pkceMatches(VERIFIER, s256(VERIFIER).slice(1))).toBe(false);
    expect(pkceMatches(VERIFIER, VERIFIER)).toBe(false);
  });

  it('secrets compare by value', () => {
    expect(sameSecret('s3cret', 's3cret')).toBe(true);
    expect(sameSecret('s3cret', 's3cres')).toBe(false);
    expect(sameSecret('s3cret', 's3cret-longer')).toBe(false);
  });
});

const client: ClientRecord = {
  client_id: 'c1',
  client_name: 'Client',
  redirect_uris: ['http://127.0.0.1:33418/callback'],
  token_endpoint_auth_method: 'none',
  kind: 'registered',
};
const twoUris: ClientRecord = {
  ...client,
  client_id: 'c2',
  redirect_uris: ['https://a.test/cb', 'https://b.test/cb'],
};
const clients = {
  async find(id: string) {
    return [client, twoUris].find((c) => c.client_id === id);
  },
} as unknown as ClientRegistry;
const RESOURCE = 'https://sp.example.test/mcp';

function check(params: Record<string, string | string[]>) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, v);
  return checkAuthorizationRequest(search, clients, ['mcp', 'mcp:write'], RESOURCE);
}
const good = {
  response_type: 'code',
  client_id: 'c1',
  redirect_uri: 'http://127.0.0.1:33418/callback',
  code_challenge: s256(VERIFIER),
  code_challenge_method: 'S256',
  state: 'st',
};

describe('the authorization request', () => {
  it('a well-formed request: its client, redirect URI, state, challenge, every scope and this resource', async () => {
    expect(await check(good)).toEqual({
      kind: 'ok',
      request: {
        client,
        redirectUri: good.redirect_uri,
        state: 'st',
        codeChallenge: s256(VERIFIER),
        scopes: ['mcp', 'mcp:write'],
        resource: RESOURCE,
      },
    });
    const narrow = await check({ ...good, scope: ' mcp  ', resource: `${RESOURCE}/` });
    expect(narrow.kind === 'ok' && narrow.request.scopes).toEqual(['mcp']);
    const stateless = await check({ ...good, state: [] });
    expect(stateless.kind === 'ok' && stateless.request.state).toBeUndefined();
  });

  it('no client, an unknown client or an unregistered redirect URI: a page, never a redirect', async () => {
    expect(await check({ ...good, client_id: [] })).toMatchObject({ kind: 'page', title: 'Missing client' });
    expect(await check({ ...good, client_id: '' })).toMatchObject({ kind: 'page', title: 'Missing client' });
    expect(await check({ ...good, client_id: 'nobody' })).toMatchObject({
      kind: 'page',
      title: 'Unknown client',
    });
    for (const uri of ['http://127.0.0.1:33418/callback/x', 'https://evil.test/cb'])
      expect(await check({ ...good, redirect_uri: uri })).toMatchObject({
        kind: 'page',
        title: 'Redirect URI mismatch',
        message: 'The redirect_uri is not one this client registered (they must match exactly).',
      });
  });

  it('no redirect_uri: the only registered one, or a page when there are several', async () => {
    const only = await check({ ...good, redirect_uri: [] });
    expect(only.kind === 'ok' && only.request.redirectUri).toBe('http://127.0.0.1:33418/callback');
    expect(await check({ ...good, client_id: 'c2', redirect_uri: [] })).toMatchObject({ kind: 'page' });
  });

  it.each([
    [{ response_type: 'token' }, 'unsupported_response_type', 'Only response_type=code is supported'],
    [{ code_challenge: [] }, 'invalid_request', 'PKCE is required: code_challenge is missing'],
    [{ code_challenge: '' }, 'invalid_request', 'PKCE is required: code_challenge is missing'],
    [{ code_challenge_method: 'plain' }, 'invalid_request', 'PKCE code_challenge_method must be S256'],
    [{ code_challenge_method: [] }, 'invalid_request', 'PKCE code_challenge_method must be S256'],
    [{ code_challenge: 'short' }, 'invalid_request', 'The code_challenge is not an S256 challenge'],
    [{ scope: 'mcp admin' }, 'invalid_scope', 'A requested scope is not supported'],
    [{ resource: 'https://ads.example.test/mcp' }, 'invalid_target', 'The resource is not this server'],
    [{ resource: [RESOURCE, RESOURCE] }, 'invalid_target', 'The resource is not this server'],
    [{ resource: 'not a url' }, 'invalid_target', 'The resource is not this server'],
  ])('%j goes back to the client as %s', async (over, error, description) => {
    expect(await check({ ...good, ...over })).toEqual({
      kind: 'redirect',
      redirectUri: good.redirect_uri,
      state: 'st',
      error,
      description,
    });
  });
});

describe('resources and the answer URI', () => {
  it('the same resource up to a fragment or one trailing slash', () => {
    expect(sameResource(RESOURCE, `${RESOURCE}/`)).toBe(true);
    expect(sameResource(`${RESOURCE}#x`, RESOURCE)).toBe(true);
    expect(sameResource(`${RESOURCE}//`, RESOURCE)).toBe(false);
    expect(sameResource('https://sp.example.test/other', RESOURCE)).toBe(false);
    expect(sameResource('nope', 'nope')).toBe(false);
    expect(sameResource(RESOURCE, 'nope')).toBe(false);
  });

  it('adds the parameters to the redirect URI, keeping its own and leaving out the absent', () => {
    expect(
      responseUri('http://127.0.0.1:33418/callback?keep=1', {
        code: 'c',
        state: undefined,
        iss: 'https://i',
      }),
    ).toBe('http://127.0.0.1:33418/callback?keep=1&code=c&iss=https%3A%2F%2Fi');
  });
});
