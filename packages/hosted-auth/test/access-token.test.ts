// Access tokens as a client and an attacker see them: what an issued token says, and why each refused one is refused.
import { OAuthError } from '@modelcontextprotocol/server';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokens } from '../src/as/access-token.js';
import { generateSigningKey, type SigningKey } from '../src/as/signing-key.js';

const ISSUER = 'https://sp.example.test';
const AUDIENCE = 'https://sp.example.test/mcp';
const NOW = 1_800_000_000_000;
const alive = async () => true;

async function setup(ttl = 300) {
  const key = await generateSigningKey('k-test');
  const clock = { now: NOW };
  const tokens = new AccessTokens(key, ISSUER, AUDIENCE, ttl, () => clock.now);
  return { key, clock, tokens };
}

/** A token signed with `key`, the claims an issued one has unless `over` changes them. */
async function signed(
  key: SigningKey,
  over: {
    typ?: string;
    iss?: string;
    aud?: string;
    sub?: string | null;
    sid?: string | null;
    exp?: number;
  } = {},
) {
  const iat = Math.floor(NOW / 1000);
  const payload: Record<string, unknown> = { client_id: 'c1', scope: 'mcp' };
  if (over.sid !== null) payload.sid = over.sid ?? 'g1';
  const jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: 'ES256', typ: over.typ ?? 'at+jwt', kid: key.kid })
    .setIssuer(over.iss ?? ISSUER)
    .setAudience(over.aud ?? AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(over.exp ?? iat + 300);
  if (over.sub !== null) jwt.setSubject(over.sub ?? 'sp:A1');
  return jwt.sign(key.privateKey);
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OAuthError);
  expect((error as OAuthError).code).toBe('invalid_token');
  return (error as OAuthError).message;
}

describe('an issued access token', () => {
  it('is an ES256 at+jwt for this audience and issuer, living ttl seconds', async () => {
    const { key, tokens } = await setup(120);
    const { token, expiresIn } = await tokens.issue({
      subject: 'sp:A1',
      clientId: 'c1',
      scopes: ['mcp', 'mcp:write'],
      grant: 'g1',
    });
    expect(expiresIn).toBe(120);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', typ: 'at+jwt', kid: key.kid });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      iss: ISSUER,
      aud: AUDIENCE,
      sub: 'sp:A1',
      client_id: 'c1',
      scope: 'mcp mcp:write',
      sid: 'g1',
      iat: NOW / 1000,
      exp: NOW / 1000 + 120,
    });
    expect(typeof claims.jti).toBe('string');
    expect(String(claims.jti).length).toBeGreaterThan(16);
    const other = await tokens.issue({ subject: 'sp:A1', clientId: 'c1', scopes: ['mcp'], grant: 'g1' });
    expect(decodeJwt(other.token).jti).not.toBe(claims.jti);
  });

  it('verifies to who it is for, its client, scopes, expiry and resource', async () => {
    const { tokens } = await setup(120);
    const { token } = await tokens.issue({
      subject: 'sp:A1',
      clientId: 'c1',
      scopes: ['mcp', 'x'],
      grant: 'g1',
    });
    const seen: string[] = [];
    const info = await tokens.verify(token, async (grant) => {
      seen.push(grant);
      return true;
    });
    expect(seen).toEqual(['g1']);
    expect(info).toEqual({
      token,
      clientId: 'c1',
      scopes: ['mcp', 'x'],
      expiresAt: NOW / 1000 + 120,
      resource: new URL(AUDIENCE),
      extra: { subject: 'sp:A1', grant: 'g1' },
    });
  });

  it('a token without scopes verifies with none, without a client id with an empty one', async () => {
    const { key, tokens } = await setup();
    const iat = Math.floor(NOW / 1000);
    const bare = await new SignJWT({ sid: 'g1', scope: '' })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('sp:A1')
      .setExpirationTime(iat + 60)
      .sign(key.privateKey);
    expect(await tokens.verify(bare, alive)).toMatchObject({ clientId: '', scopes: [] });
    const oddScope = await new SignJWT({ sid: 'g1', scope: 7 })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('sp:A1')
      .setExpirationTime(iat + 60)
      .sign(key.privateKey);
    expect(await tokens.verify(oddScope, alive)).toMatchObject({ scopes: [] });
  });
});

describe('a refused access token says which rule, never the token', () => {
  it('expired', async () => {
    const { tokens, clock } = await setup(60);
    const { token } = await tokens.issue({ subject: 'sp:A1', clientId: 'c1', scopes: ['mcp'], grant: 'g1' });
    clock.now = NOW + 59_000;
    await expect(tokens.verify(token, alive)).resolves.toMatchObject({ clientId: 'c1' });
    clock.now = NOW + 61_000;
    expect(await refusal(tokens.verify(token, alive))).toBe('The access token expired');
  });

  it('for another resource', async () => {
    const { key, tokens } = await setup();
    expect(
      await refusal(tokens.verify(await signed(key, { aud: 'https://ads.example.test/mcp' }), alive)),
    ).toBe('The access token was issued for another resource');
  });

  it('by another authorization server', async () => {
    const { key, tokens } = await setup();
    expect(await refusal(tokens.verify(await signed(key, { iss: 'https://evil.test' }), alive))).toBe(
      'The access token was issued by another authorization server',
    );
  });

  it('signed by another key', async () => {
    const { tokens } = await setup();
    const other = await generateSigningKey('k-test');
    expect(await refusal(tokens.verify(await signed(other), alive))).toBe(
      'The access token signature is not valid',
    );
  });

  it('not an access token (an ID token or any other JWT), or missing its subject or grant', async () => {
    const { key, tokens } = await setup();
    for (const token of [
      await signed(key, { typ: 'JWT' }),
      await signed(key, { sub: null }),
      await signed(key, { sid: null }),
      'not-a-token',
    ])
      expect(await refusal(tokens.verify(token, alive))).toBe('The access token is not valid');
    const token = await signed(key, { typ: 'JWT' });
    expect(await refusal(tokens.verify(token, alive))).not.toContain(token.slice(-20));
  });

  it('its grant was revoked', async () => {
    const { key, tokens } = await setup();
    expect(await refusal(tokens.verify(await signed(key), async () => false))).toBe(
      'The access token was revoked',
    );
  });
});
